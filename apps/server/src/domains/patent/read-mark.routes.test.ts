import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  productCalls,
  reachableDialects,
  TestClock,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';
import { ReadMarkRepository } from './read-mark.repository.js';
import { ReadMarkService } from './read-mark.service.js';

/** The result page's body for `电池`, as toSearchRequest writes it. */
const pageBody = (extra: object = {}) => ({
  searchExpre: '电池',
  page: 1,
  pageSize: 20,
  sort: { field: 'relevance', order: 'desc' },
  mergeType: 0,
  filters: [],
  viewMode: 'liebiaoshitu',
  ...extra,
});

interface Page {
  total: number;
  items: { publicationNumber: string }[];
}

describe.each(await reachableDialects())('reading marks on %s (spec 2 §3/§9, issue 46)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  const { call, okData } = productCalls(
    () => t,
    () => user,
  );
  const open = async (pn: string, who: TestUser = user) => {
    const res = await injectJson(t, 'GET', `/api/product/patent/detail?pn=${encodeURIComponent(pn)}`, undefined, who);
    expect(res.statusCode, res.body).toBe(200);
  };
  const marks = async (numbers: string[], who: TestUser = user) =>
    (
      (await okData('/patent/readMark/list', { publicationNumbers: numbers }, who)) as {
        read: { publicationNumber: string; readAt: string }[];
      }
    ).read;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await indexPatents(t, buildBatteryCorpus());
    user = await authHeader(t);
    other = await authHeader(t);
  });
  afterAll(async () => t.close());

  it('answers 401 without a session', async () => {
    const res = await call('/patent/readMark/list', { publicationNumbers: ['CN110000001A'] }, null);
    expect(res.statusCode).toBe(401);
  });

  it('opening a detail (by any number form) marks the patent read for that user only', async () => {
    expect(await marks(['CN110000001A', 'CN110000002B'])).toEqual([]);
    // Opened by its application number: the mark is the record's publication number.
    await open('CN201810000001.2');
    const read = await marks(['CN110000001A', 'CN110000002B', 'CN999']);
    expect(read.map((r) => r.publicationNumber)).toEqual(['CN110000001A']);
    expect(Date.parse(read[0]!.readAt)).not.toBeNaN();
    expect(await marks(['CN110000001A'], other)).toEqual([]);
  });

  it('"unread only" leaves the opened patents out of the search: total and pages count the unread', async () => {
    const all = (await okData('/search/searchNew', pageBody())) as Page;
    expect(all.items.map((i) => i.publicationNumber)).toContain('CN110000001A');
    const unread = (await okData('/search/searchNew', pageBody({ unreadOnly: true }))) as Page;
    expect(unread.total).toBe(all.total - 1);
    expect(unread.items.map((i) => i.publicationNumber)).not.toContain('CN110000001A');
    // A page of one: the pages follow the unread set.
    const second = (await okData('/search/searchNew', pageBody({ unreadOnly: true, pageSize: 1, page: 2 }))) as Page;
    expect(second.total).toBe(all.total - 1);
    expect(second.items[0]?.publicationNumber).not.toBe('CN110000001A');
    // Another user's list is whole: marks are per user.
    const others = (await okData('/search/searchNew', pageBody({ unreadOnly: true }), other)) as Page;
    expect(others.total).toBe(all.total);
    // Opening a second one leaves it out too.
    await open('CN110000002B');
    const fewer = (await okData('/search/searchNew', pageBody({ unreadOnly: true }))) as Page;
    expect(fewer.total).toBe(all.total - 2);
    expect(fewer.items.map((i) => i.publicationNumber)).not.toContain('CN110000002B');
  });

  it('keeps the newest marks up to the limit: the mark opened longest ago goes, opening again renews', async () => {
    const clock = new TestClock();
    const service = new ReadMarkService(new ReadMarkRepository(t.context.database.db), clock.now, 3);
    const who = await authHeader(t);
    for (const pn of ['A1', 'A2', 'A3']) {
      await service.record(who.userId, pn);
      clock.advance(1);
    }
    // A1 opened again: now the newest.
    await service.record(who.userId, 'A1');
    clock.advance(1);
    await service.record(who.userId, 'A4');
    expect(await service.readNumbers(who.userId)).toEqual(['A4', 'A1', 'A3']);
    // Two in the same millisecond: still exactly the limit.
    await service.record(who.userId, 'A5');
    await service.record(who.userId, 'A6');
    expect(await service.readNumbers(who.userId)).toHaveLength(3);
    expect(await service.readNumbers(who.userId)).toEqual(expect.arrayContaining(['A5', 'A6']));
    // Other users' marks are untouched by the trim.
    expect((await marks(['CN110000001A'])).map((r) => r.publicationNumber)).toEqual(['CN110000001A']);
  });
});
