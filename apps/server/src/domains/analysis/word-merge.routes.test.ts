import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/** 60 battery patents (锂电池 in 40, 锂离子 in 30, 10 with both, 隔膜 in every third) and 20 others. */
function corpus(): Patent[] {
  const out: Patent[] = [];
  for (let i = 0; i < 60; i++) {
    const words = [i < 40 ? '锂电池' : '', i >= 30 ? '锂离子' : '', i % 3 === 0 ? '隔膜' : '', '正极材料'].filter(
      Boolean,
    );
    out.push(
      buildCnPatent({
        publicationNumber: `CN${120000000 + i}A`,
        applicationNumber: `CN2020${String(10000000 + i)}.X`,
        title: { lang: 'zh', text: `${words.join('和')}制备工艺` },
        abstract: { lang: 'zh', text: `本发明公开了${words.join('、')}的改进。` },
        publicationDate: `20${10 + (i % 10)}-01-01`,
      }),
    );
  }
  // Outside the set, so that no term of the set is in every patent of the index (its weight would be 0).
  for (let i = 0; i < 20; i++) {
    out.push(
      buildCnPatent({
        publicationNumber: `CN${121000000 + i}A`,
        applicationNumber: `CN2021${String(10000000 + i)}.X`,
        title: { lang: 'zh', text: '齿轮箱润滑装置' },
        abstract: { lang: 'zh', text: '本发明公开了齿轮箱的润滑。' },
      }),
    );
  }
  return out;
}

interface Word {
  word: string;
  count: number;
  expression: string;
  members?: string[];
}

describe.each(dialects)('word merging on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  const { call, okData, fails } = productCalls(
    () => t,
    () => user,
  );
  const set = { searchExpre: 'TIAB=(正极材料)' };
  const cloud = async (who: TestUser = user) =>
    (await okData('/search/analyWordCloud', { ...set, limit: 30 }, who)) as { words: Word[]; adjustments?: unknown };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    other = await authHeader(t);
    await indexPatents(t, corpus());
  });
  afterAll(async () => t.close());

  it('merges two words into one term counted on the server, kept for the user and set only', async () => {
    const before = await cloud();
    expect(before.adjustments).toBeUndefined();
    expect(before.words.find((w) => w.word === '锂电池')?.count).toBe(40);
    expect(before.words.find((w) => w.word === '锂离子')?.count).toBe(30);

    const merged = await okData('/search/depth/analysis/merge/word', {
      ...set,
      words: ['锂电池', '锂离子'],
      name: '锂电',
    });
    expect(merged).toEqual({ merges: [{ name: '锂电', words: ['锂电池', '锂离子'] }], removed: [] });

    const after = await cloud();
    const term = after.words.find((w) => w.word === '锂电');
    // Patents with either word: 40 + 30 − 10 with both.
    expect(term).toMatchObject({ count: 60, members: ['锂电池', '锂离子'], expression: 'TIAB=(锂电池 OR 锂离子)' });
    expect(after.words.map((w) => w.word)).not.toContain('锂电池');
    expect(after.adjustments).toEqual(merged);
    // The merged term's drill-down finds what the cloud counted.
    const jump = await okData('/search/analyWordCloud/analysisJump', { ...set, word: '锂电' });
    expect(jump).toMatchObject({ secondExpre: 'TIAB=(锂电池 OR 锂离子)', total: 60 });
    // Clusters read the merged term too and say so.
    const clusters = await okData('/search/analyClustering', { ...set, k: 2 });
    expect(clusters.adjustments).toEqual(merged);
    // Another user, and another set, are untouched.
    expect((await cloud(other)).words.find((w) => w.word === '锂电池')?.count).toBe(40);
    const otherSet = await okData('/search/analyWordCloud', { searchExpre: 'TIAB=(锂电池)', limit: 30 });
    expect(otherSet.adjustments).toBeUndefined();
  });

  it('removes words, undoes one change or all, and refuses what cannot be done', async () => {
    const removed = await okData('/search/depth/analysis/merge/word', { ...set, action: 'remove', words: ['隔膜'] });
    expect(removed.removed).toEqual(['隔膜']);
    expect((await cloud()).words.map((w) => w.word)).not.toContain('隔膜');

    const undone = await okData('/search/depth/analysis/merge/word/reduction', { ...set, word: '隔膜' });
    expect(undone.removed).toEqual([]);
    expect((await cloud()).words.find((w) => w.word === '隔膜')?.count).toBe(20);

    await fails('/search/depth/analysis/merge/word/reduction', { ...set, word: '不存在' }, 'WORD_MERGE_NOT_FOUND');
    await fails('/search/depth/analysis/merge/word/reduction', { ...set }, 'WORD_MERGE_REDUCTION_EMPTY');
    const few = await fails('/search/depth/analysis/merge/word', { ...set, words: ['锂电池'] }, 'WORD_MERGE_TOO_FEW');
    expect(few.message).toBe('合并至少需要两个不同的词');
    const fewEn = await call('/search/depth/analysis/merge/word', { ...set, words: ['a'] }, user, 'en');
    expect(fewEn.json().message).toBe('Choose at least two different words to merge');
    // Without an account there is nothing to keep the choice under.
    expect((await call('/search/depth/analysis/merge/word', { ...set, words: ['a', 'b'] }, null)).statusCode).toBe(401);

    const all = await okData('/search/depth/analysis/merge/word/reduction', { ...set, all: true });
    expect(all).toEqual({ merges: [], removed: [] });
    const restored = await cloud();
    expect(restored.adjustments).toBeUndefined();
    expect(restored.words.find((w) => w.word === '锂电池')?.count).toBe(40);
  });
});
