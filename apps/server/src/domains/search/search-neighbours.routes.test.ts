import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/** 45 battery patents, one a day from 2018-01-01, so a list sorted by publication date is known in advance. */
const CORPUS: Patent[] = Array.from({ length: 45 }, (_, i) => {
  const day = new Date(Date.UTC(2018, 0, 1 + i)).toISOString().slice(0, 10);
  return buildCnPatent({
    publicationNumber: `CN1100000${String(i + 10).padStart(2, '0')}A`,
    applicationNumber: `CN2017100000${String(i + 10).padStart(2, '0')}.1`,
    title: { lang: 'zh', text: `一种电池结构 ${i}` },
    abstract: { lang: 'zh', text: '一种电池。' },
    publicationDate: day,
    applicationDate: '2017-01-01',
  });
});
const byDate = [...CORPUS].sort((a, b) => (a.publicationDate ?? '').localeCompare(b.publicationDate ?? ''));
const LIST = { searchExpre: 'TI=(电池)', sort: { field: 'PD', order: 'asc' }, pageSize: 20 } as const;

describe.each(dialects)('result-list neighbours on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/search/neighbours',
      payload: payload as object,
      headers: { 'accept-language': 'zh', authorization: auth.authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('crosses a result-page boundary: rank 20 of pages of 20 has rank 21 (page 2) as next', async () => {
    const res = await post({ ...LIST, rank: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 45,
      previous: { rank: 19, publicationNumber: byDate[18]!.publicationNumber },
      current: { rank: 20, publicationNumber: byDate[19]!.publicationNumber },
      next: { rank: 21, publicationNumber: byDate[20]!.publicationNumber },
    });
    // And back: rank 21 (first of page 2) has rank 20 (last of page 1) as previous.
    const back = (await post({ ...LIST, rank: 21 })).json().data;
    expect(back.previous).toEqual({ rank: 20, publicationNumber: byDate[19]!.publicationNumber });
  });

  it('agrees with the result pages the user saw, in their order and filters', async () => {
    const page2 = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/search',
      payload: { ...LIST, page: 2 },
      headers: { authorization: auth.authorization },
    });
    const items = page2.json().data.items as { publicationNumber: string }[];
    const res = (await post({ ...LIST, rank: 22 })).json().data;
    expect(res.current.publicationNumber).toBe(items[1]!.publicationNumber);
    expect(res.next.publicationNumber).toBe(items[2]!.publicationNumber);
    // Descending order is another list.
    const desc = (await post({ ...LIST, sort: { field: 'PD', order: 'desc' }, rank: 1 })).json().data;
    expect(desc.current.publicationNumber).toBe(byDate[44]!.publicationNumber);
    expect(desc.next.publicationNumber).toBe(byDate[43]!.publicationNumber);
  });

  it('has no previous at the first rank and no next at the last', async () => {
    const first = (await post({ ...LIST, rank: 1 })).json().data;
    expect(first.previous).toBeUndefined();
    expect(first.next.rank).toBe(2);
    const last = (await post({ ...LIST, rank: 45 })).json().data;
    expect(last.next).toBeUndefined();
    expect(last.previous).toEqual({ rank: 44, publicationNumber: byDate[43]!.publicationNumber });
    const beyond = (await post({ ...LIST, rank: 60 })).json().data;
    expect(beyond).toEqual({ total: 45 });
  });

  it('refuses a bad expression with the query message and a rank below 1', async () => {
    const bad = await post({ ...LIST, searchExpre: 'TI=(电池', rank: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.code).toBe('QUERY_UNBALANCED_PARENS');
    const zero = await post({ ...LIST, rank: 0 });
    expect(zero.statusCode).toBe(400);
  });
});
