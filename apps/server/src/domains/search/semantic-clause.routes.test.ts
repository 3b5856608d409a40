import type { Patent } from '@patlas/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, injectJson, reachableDialects, type TestUser } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';
import { TOPIC_TEXTS_ZH } from '../../../test/topic-texts.js';

/** Three topics, so that a text ranks one of them first; every other patent is Goertek's. */
const TEXTS = [...TOPIC_TEXTS_ZH.battery, ...TOPIC_TEXTS_ZH.image, ...TOPIC_TEXTS_ZH.engine];
const GOERTEK = '歌尔股份有限公司';

const CORPUS: Patent[] = [
  ...TEXTS.map((text, i) =>
    buildCnPatent({
      publicationNumber: `CN1300000${String(i + 10)}A`,
      applicationNumber: `CN20221000${String(i + 10)}0.1`,
      applicationDate: `20${String(12 + i)}-03-01`,
      publicationDate: `20${String(12 + i)}-09-01`,
      title: { lang: 'zh', text: text.split('，')[0] as string },
      abstract: { lang: 'zh', text },
      applicants: [{ name: i % 2 === 0 ? GOERTEK : '比亚迪股份有限公司' }],
    }),
  ),
  buildUsPatent({
    publicationNumber: 'US11300010B2',
    applicationNumber: 'US16/300010',
    title: { lang: 'en', text: 'Lithium battery cathode' },
    abstract: { lang: 'en', text: 'A lithium ion battery cathode material coated with carbon improving cycle life' },
    applicants: [{ name: 'Goertek Inc.' }],
  }),
];
const BATTERY_TEXT = '本发明提供一种锂电池，正极材料和负极材料提高电池的能量密度与循环寿命';
const SEM5 = `SEM/5=(${BATTERY_TEXT})`;
/** The vectors learned from the corpus (LSA): what runs with SEMANTIC_VECTORS_PATH=off. */
const LSA = { semantic: { modelPath: undefined, vectorsPath: undefined } };

interface Page {
  total: number;
  expression: string;
  items: { publicationNumber: string; abstract?: string }[];
  facets: Record<string, { value: string; count: number }[]>;
}

describe.each(await reachableDialects())('SEM=(…) inside an expression (issue 48) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;
  const call = (url: string, payload: unknown, lang = 'zh') => injectJson(t, 'POST', url, payload, user, lang);
  const search = async (searchExpre: string, extra: object = {}): Promise<Page> => {
    const res = await call('/api/product/search/searchNew', { searchExpre, pageSize: 100, ...extra });
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data as Page;
  };
  const numbers = (page: Page) => page.items.map((item) => item.publicationNumber);

  beforeAll(async () => {
    t = await buildTestApp(dialect, LSA);
    user = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
    // The space learned once, so every call below ranks in the same space.
    await t.context.semanticModel.refresh();
    await t.context.semanticModel.pending;
  }, 120_000);
  afterAll(async () => t.close());

  it('alone: the N most similar patents, in the order the semantic search ranks them', async () => {
    const page = await search(SEM5);
    expect(page.total).toBe(5);
    // The expression that ran: the clause as written, its punctuation half-width as the language reads it.
    expect(page.expression).toBe(SEM5.replace(/，/g, ','));
    const semantic = await call('/api/product/search/semantics', { searchContext: BATTERY_TEXT, pageSize: 5 });
    expect(semantic.json(), semantic.body).toMatchObject({ status: 1 });
    const ranked = (semantic.json().data.items as { publicationNumber: string }[]).map((h) => h.publicationNumber);
    expect(numbers(page)).toEqual(ranked);
    // The battery patents lead.
    expect(page.items.slice(0, 4).every((item) => /电池|battery/.test(item.abstract ?? ''))).toBe(true);
    // Default N: every patent of this small corpus is among the top 1,000.
    expect((await search(`SEM=(${BATTERY_TEXT})`)).total).toBe(CORPUS.length);
  });

  it('combines like any condition: AND is the intersection, NOT the difference, OR the union', async () => {
    const similar = new Set(numbers(await search(SEM5)));
    const goertek = new Set(numbers(await search(`PA=${GOERTEK}`)));
    const both = [...similar].filter((pn) => goertek.has(pn));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(similar.size);
    expect(numbers(await search(`${SEM5} AND PA=${GOERTEK}`)).sort()).toEqual([...both].sort());
    expect(numbers(await search(`${SEM5} NOT PA=${GOERTEK}`)).sort()).toEqual(
      [...similar].filter((pn) => !goertek.has(pn)).sort(),
    );
    const outside = numbers(await search(`NOT ${SEM5}`));
    expect(outside).toHaveLength(CORPUS.length - similar.size);
    expect(outside.some((pn) => similar.has(pn))).toBe(false);
    const union = new Set([...similar, ...goertek]);
    expect((await search(`${SEM5} OR PA=${GOERTEK}`)).total).toBe(union.size);
    // Later years only: a date condition narrows the same set.
    const recent = await search(`${SEM5} AND AD>=2014`);
    expect(recent.total).toBeLessThan(similar.size);
    expect(numbers(recent).every((pn) => similar.has(pn))).toBe(true);
  });

  it('counts facets and analyses on the set, and resolves inside a history reference', async () => {
    const similar = await search(SEM5, { facets: ['applicant'], mergeApplicants: false });
    const goertekCount = numbers(await search(`${SEM5} AND PA=${GOERTEK}`)).length;
    expect(similar.facets.applicant?.find((b) => b.value === GOERTEK)?.count).toBe(goertekCount);
    const analysis = await call('/api/product/search/analyze', {
      searchExpre: SEM5,
      mergeApplicants: false,
      analysis: { kind: 'terms', dimension: 'applicant', limit: 20 },
    });
    expect(analysis.json(), analysis.body).toMatchObject({ status: 1 });
    const buckets = analysis.json().data.result.buckets as { key: string; count: number }[];
    expect(buckets.find((b) => b.key === GOERTEK)?.count).toBe(goertekCount);
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(5);

    const saved = await call('/api/product/history', {
      content: JSON.stringify({ operationName: 'search', searchExpression: SEM5, exp: SEM5, resultTotal: '5' }),
    });
    expect(saved.json(), saved.body).toMatchObject({ status: 1 });
    const list = await call('/api/product/history/list', {});
    const no = (list.json().data.items as { no: number; entry: { searchExpression: string } }[]).find(
      (item) => item.entry.searchExpression === SEM5,
    )?.no;
    expect(no).toBeGreaterThan(0);
    expect((await search(`#${no} AND PA=${GOERTEK}`)).total).toBe(goertekCount);
    const total = await call('/api/platform/data/search/expression/total-hits', { searchExpre: `#${no}` });
    expect(total.json().data.total).toBe(5);
  });

  it('exports the same records as the result page', async () => {
    const expression = `${SEM5} AND PA=${GOERTEK}`;
    const shown = numbers(await search(expression)).sort();
    const res = await call('/api/product/export/excel', {
      target: { kind: 'results', query: { searchExpre: expression }, rows: { mode: 'first', count: 100 } },
      fields: ['publicationNumber', 'title'],
      format: 'csv',
      filename: 'sem',
    });
    let file = res.rawPayload;
    if (!String(res.headers['content-type']).includes('csv')) {
      // Answered as a task: run it, then fetch its file.
      const task = res.json().data.task as { id: string };
      await t.context.jobs.worker.runDueJobs();
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/product/download/file/${task.id}`,
        headers: { authorization: user.authorization },
      });
      file = download.rawPayload;
    }
    const rows = parse(file, { bom: true }) as string[][];
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(shown);
  });

  it('refuses N out of bounds with a positioned message in the user’s language', async () => {
    const zh = await call('/api/product/search/searchNew', { searchExpre: `TI=电池 AND SEM/0=(${BATTERY_TEXT})` });
    expect(zh.json()).toMatchObject({ status: 0, data: { code: 'QUERY_SEMANTIC_TOP' } });
    expect(zh.json().message).toBe('检索式有误：第 11 列的 SEM/0 条数须在 1 到 1000 之间（不写时为 1000）');
    const en = await call('/api/product/search/searchNew', { searchExpre: 'SEM/5000=(battery)' }, 'en');
    expect(en.json().message).toBe(
      'Expression incorrect at column 1: the number in SEM/5000 must be from 1 to 1000 (default 1000)',
    );
  });
});
