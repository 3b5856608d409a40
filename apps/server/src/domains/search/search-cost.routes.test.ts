import { MAX_QUERY_PROXIMITY, MAX_WILDCARD_EXPANSIONS } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../../test/helpers.js';
import { buildUsPatent } from '../../../test/factories.js';

/** The case: an OR of 250 `TIAB=(a W/n b)` clauses, 12 KB, which ran 13.4 s on the demo corpus. */
const PROXIMITY_CLAUSES = Array.from(
  { length: 250 },
  (_, i) => `TIAB=("lithium battery${i}" W/${(i % 9) + 1} "cathode material${i}")`,
).join(' OR ');

/** Six prefixes of 900 indexed words each: every truncation alone is fine, all six pass MAX_WILDCARD_EXPANSIONS. */
const PREFIXES = ['qa', 'qb', 'qc', 'qd', 'qe', 'qf'];
const WORDS_PER_PREFIX = 900;

describe('search API: the expression cost guard', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = (payload: object, lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload,
      headers: { 'accept-language': lang, authorization: auth.authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    auth = await authHeader(t);
    const words = PREFIXES.flatMap((p) => Array.from({ length: WORDS_PER_PREFIX }, (_, i) => `${p}${i}x`));
    const corpus = [
      buildUsPatent(),
      buildUsPatent({
        publicationNumber: 'US7000001B2',
        applicationNumber: 'US10000001',
        abstract: { lang: 'en', text: words.join(' ') },
      }),
    ];
    const { stored } = await t.context.repositories.patents.upsertMany(corpus);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('refuses 250 proximity clauses at once with a 400 naming the limit, in zh and en', async () => {
    const started = performance.now();
    const zh = await post({ searchExpre: PROXIMITY_CLAUSES });
    const ms = performance.now() - started;
    expect(zh.statusCode).toBe(400);
    const column = PROXIMITY_CLAUSES.indexOf(`"lithium battery${MAX_QUERY_PROXIMITY}"`) + 1;
    expect(zh.json()).toEqual({
      status: 0,
      message: `检索式过于复杂：位置算符（W/n、N/n、同句、同段等）最多 ${MAX_QUERY_PROXIMITY} 个，第 ${column} 列起超出；请减少位置算符，或将部分改为 AND 后分次检索`,
      data: { code: 'QUERY_TOO_MANY_PROXIMITY', span: { start: column - 1, end: expect.any(Number) } },
    });
    // Refused before the engine runs: a few milliseconds, generous for a loaded 2-core machine.
    expect(ms).toBeLessThan(500);
    const en = await post({ searchExpre: PROXIMITY_CLAUSES }, 'en');
    expect(en.json().message).toBe(
      `Expression too complex: at most ${MAX_QUERY_PROXIMITY} proximity operators (W/n, N/n, S, P…) are allowed, the excess starts at column ${column}; use fewer proximity operators, or replace some with AND and search in parts`,
    );
  });

  it('still runs an expression with proximity operators up to the limit', async () => {
    const clauses = Array.from({ length: MAX_QUERY_PROXIMITY }, (_, i) => `TIAB=(lithium W/${i + 1} battery)`);
    const res = await post({ searchExpre: clauses.join(' OR ') });
    expect(res.statusCode).toBe(200);
    // Both patents are titled "Lithium ion battery electrode".
    expect(res.json().data.total).toBe(2);
  });

  it('refuses truncations expanding past the limit, at the truncation that passes it', async () => {
    const ok = await post({
      searchExpre: PREFIXES.slice(0, 5)
        .map((p) => `${p}*`)
        .join(' OR '),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.total).toBe(1);

    const expression = PREFIXES.map((p) => `${p}*`).join(' OR ');
    const zh = await post({ searchExpre: expression });
    expect(zh.statusCode).toBe(400);
    const start = expression.indexOf('qf*');
    expect(zh.json()).toEqual({
      status: 0,
      message: `检索式过于复杂：截词共可扩展为超过 ${MAX_WILDCARD_EXPANSIONS} 个词，第 ${start + 1} 列的“qf*”处超出；请为截词多输入几个字符，或减少截词`,
      data: { code: 'QUERY_TOO_MANY_EXPANSIONS', span: { start, end: start + 3 } },
    });
    const en = await post({ searchExpre: expression }, 'en');
    expect(en.json().message).toBe(
      `Expression too complex: the truncations expand to more than ${MAX_WILDCARD_EXPANSIONS} words in all, the excess starts at "qf*" at column ${start + 1}; type more characters before the wildcards or use fewer truncations`,
    );
  });

  it('counts the proximity operators of the history entries an expression references, refusing at the #n', async () => {
    const clauses = (from: number) =>
      Array.from({ length: 30 }, (_, i) => `TIAB=(lithium W/${from + i} battery)`).join(' OR ');
    for (const from of [1, 31]) {
      const entry = { operationName: 'search', searchExpression: clauses(from), exp: clauses(from), resultTotal: '2' };
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/product/history',
        payload: { content: JSON.stringify(entry) },
        headers: { authorization: auth.authorization },
      });
      expect(saved.json()).toMatchObject({ status: 1 });
    }
    const one = await post({ searchExpre: '#1' });
    expect(one.json()).toMatchObject({ status: 1, data: { total: 2 } });
    const both = await post({ searchExpre: '#1 OR #2' }, 'en');
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      status: 0,
      message: `Expression too complex: at most ${MAX_QUERY_PROXIMITY} proximity operators (W/n, N/n, S, P…) are allowed, the excess starts at column 7; use fewer proximity operators, or replace some with AND and search in parts`,
      data: { code: 'QUERY_TOO_MANY_PROXIMITY', span: { start: 6, end: 8 } },
    });
  });
});
