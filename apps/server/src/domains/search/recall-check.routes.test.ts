import type { Patent, RecallCheckResponse } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type TestUser } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

const party = (name: string) => [{ name }];
const CORPUS: Patent[] = [
  // Missed by the title group: 锂离子电池 is neither 锂电池 nor 蓄电池.
  buildCnPatent({
    publicationNumber: 'CN110000001A',
    applicationNumber: 'CN201910000001.3',
    title: { lang: 'zh', text: '一种锂离子电池正极材料' },
    abstract: { lang: 'zh', text: '提供一种锂离子电池的正极材料，提高容量。' },
    applicants: party('甲电池公司'),
  }),
  // Found.
  buildCnPatent({
    publicationNumber: 'CN110000002A',
    applicationNumber: 'CN201910000002.8',
    title: { lang: 'zh', text: '一种蓄电池正极板' },
    abstract: { lang: 'zh', text: '一种蓄电池的正极板，包括板栅。' },
    applicants: party('乙电源公司'),
  }),
  // Missed by the abstract clause: it writes 正电极.
  buildCnPatent({
    publicationNumber: 'CN110000003A',
    applicationNumber: 'CN201910000003.2',
    title: { lang: 'zh', text: '一种锂电池负极结构' },
    abstract: { lang: 'zh', text: '本发明的锂电池采用正电极片，提高安全性。' },
    applicants: party('丙能源公司'),
  }),
  // Left out by the NOT clause (its applicant).
  buildCnPatent({
    publicationNumber: 'CN110000004A',
    applicationNumber: 'CN201910000004.7',
    title: { lang: 'zh', text: '一种锂电池正极结构' },
    abstract: { lang: 'zh', text: '一种锂电池的正极结构。' },
    applicants: party('比亚迪股份有限公司'),
  }),
];

const EXPRESSION = 'TI=(锂电池 OR 蓄电池) AND AB=正极 NOT PA=比亚迪';

describe.each(dialects)('recall check on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;
  const post = (payload: object, lang = 'zh', who: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/search/recall-check',
      payload,
      headers: { 'accept-language': lang, authorization: who.authorization },
    });
  const check = async (payload: object): Promise<RecallCheckResponse> => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as RecallCheckResponse;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('reports what the expression finds, what it misses and what the corpus does not hold, whatever the number form', async () => {
    const data = await check({
      searchExpre: EXPRESSION,
      // With and without kind code and spaces, an application number, one not held, pasted as one text.
      publicationNumbers: ['CN 110000001 A, CN110000002\nCN201910000003.2', 'CN110000004A CN999999999A'],
    });
    expect(data.checked).toBe(5);
    expect(data.found.map((f) => f.publicationNumber)).toEqual(['CN110000002A']);
    expect(data.found[0]).toMatchObject({ input: 'CN110000002', title: '一种蓄电池正极板' });
    expect(data.missed.map((m) => m.publicationNumber)).toEqual(['CN110000001A', 'CN110000003A', 'CN110000004A']);
    expect(data.notInCorpus).toEqual(['CN999999999A']);
    expect(data.editable).toBe(true);
  });

  it('names the clause that left each missed patent out, with its place in the expression', async () => {
    const data = await check({
      searchExpre: EXPRESSION,
      publicationNumbers: ['CN110000001A', 'CN110000003A', 'CN110000004A'],
    });
    const byNumber = new Map(data.missed.map((m) => [m.publicationNumber, m]));
    const title = byNumber.get('CN110000001A')!.clause;
    expect(title).toMatchObject({ kind: 'terms', field: 'TI', terms: ['锂电池', '蓄电池'] });
    expect(EXPRESSION.slice(title.span.start, title.span.end)).toBe('锂电池 OR 蓄电池');
    const abstract = byNumber.get('CN110000003A')!.clause;
    expect(abstract).toMatchObject({ kind: 'terms', field: 'AB', terms: ['正极'], text: 'AB=正极' });
    expect(EXPRESSION.slice(abstract.span.start, abstract.span.end)).toBe('正极');
    const not = byNumber.get('CN110000004A')!;
    expect(not.clause.kind).toBe('not');
    expect(EXPRESSION.slice(not.clause.span.start, not.clause.span.end)).toBe('NOT PA=比亚迪');
    expect(not.suggestion).toBeUndefined();
  });

  it("suggests the nearest term of the patent's own text in the clause's field, with the text around it", async () => {
    const data = await check({ searchExpre: EXPRESSION, publicationNumbers: ['CN110000001A', 'CN110000003A'] });
    const [first, third] = data.missed;
    const titleText = CORPUS[0]!.title!.text;
    expect(first!.suggestion).toMatchObject({ term: '锂离子电池', foundIn: 'TI', nearest: '锂电池' });
    expect(titleText).toContain(first!.suggestion!.term);
    const abstractText = CORPUS[2]!.abstract!.text;
    expect(third!.suggestion).toMatchObject({ term: '正电极', foundIn: 'AB', nearest: '正极' });
    expect(abstractText).toContain(third!.suggestion!.term);
    const { snippet, matchStart, matchEnd } = third!.suggestion!;
    expect(snippet.slice(matchStart, matchEnd)).toBe('正电极');

    // The term added to its clause finds the patent.
    const span = third!.clause.span;
    const widened = `${EXPRESSION.slice(0, span.start)}(正极 OR 正电极)${EXPRESSION.slice(span.end)}`;
    const again = await check({ searchExpre: widened, publicationNumbers: ['CN110000003A'] });
    expect(again.found.map((f) => f.publicationNumber)).toEqual(['CN110000003A']);
    expect(again.missed).toEqual([]);
  });

  it("checks a library's patents", async () => {
    const save = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/product/archive/v2/save',
        payload,
        headers: { authorization: user.authorization },
      });
    const folder = (await save({ action: 'createFolder', name: '已知相关' })).json().data.folder as { id: string };
    const collected = await save({
      action: 'collect',
      folderIds: [folder.id],
      publicationNumbers: ['CN110000002A', 'CN110000003A'],
    });
    expect(collected.statusCode).toBe(200);
    const data = await check({ searchExpre: EXPRESSION, libraryId: folder.id });
    expect(data.checked).toBe(2);
    expect(data.found.map((f) => f.publicationNumber)).toEqual(['CN110000002A']);
    expect(data.missed.map((m) => [m.publicationNumber, m.clause.text])).toEqual([['CN110000003A', 'AB=正极']]);

    // Another user's library is not theirs to check.
    const stranger = await authHeader(t);
    const refused = await post({ searchExpre: EXPRESSION, libraryId: folder.id }, 'zh', stranger);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json().status).toBe(0);
  });

  it('refuses more than 500 patents, and none, with a clear message in the user language', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `CN${130000000 + i}A`);
    const zh = await post({ searchExpre: EXPRESSION, publicationNumbers: [many.join('\n')] });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data.code).toBe('RECALL_CHECK_TOO_MANY');
    expect(zh.json().message).toBe('查全校验最多核对 500 件专利，当前 501 件，请减少号码或选择较小的专利库');
    const en = await post({ searchExpre: EXPRESSION, publicationNumbers: many }, 'en');
    expect(en.json().message).toBe(
      'A recall check takes at most 500 patents; this one has 501. Give fewer numbers or pick a smaller library',
    );
    const empty = await post({ searchExpre: EXPRESSION, publicationNumbers: [' , '] }, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.code).toBe('RECALL_CHECK_EMPTY');
    expect(empty.json().message).toBe('Enter the numbers of patents you know are relevant, or pick a library');
  });

  it('refuses a bad expression with its positioned message', async () => {
    const res = await post({ searchExpre: 'TI=(锂电池 OR', publicationNumbers: ['CN110000001A'] }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.code).toBe('QUERY_UNBALANCED_PARENS');
  });
});
