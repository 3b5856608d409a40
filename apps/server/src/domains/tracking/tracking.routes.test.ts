import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

describe.each(dialects)('event tracking API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let alice: AuthHeader & { userId: string };
  let bob: AuthHeader & { userId: string };
  /** Every permission, /sys included. */
  let operator: AuthHeader;

  const call = (method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    t.app.inject({
      method,
      url: `/api/product${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
  const record = async (who: AuthHeader, body: object) => {
    const res = await call('POST', '/eventTracking/record', body, who);
    expect(res.json(), res.body).toEqual({ status: 1, message: '', data: null });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    alice = await authHeader(t, ['/search/quick']);
    bob = await authHeader(t, ['/search/quick']);
    operator = await authHeader(t);
  });
  afterAll(async () => t.close());

  it('answers 401 without a session and 403 for the operators summary without /sys', async () => {
    expect((await call('POST', '/eventTracking/record', { eventName: 'search' }, null)).statusCode).toBe(401);
    expect((await call('GET', '/eventTracking/summary', undefined, null)).statusCode).toBe(401);
    const forbidden = await call('GET', '/sys/eventTracking/summary', undefined, alice);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().status).toBe(0);
  });

  it('refuses bad records with the field named, in zh and en', async () => {
    const zh = await call('POST', '/eventTracking/record', { eventName: '', recordType: 1 }, alice, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toMatch(/^参数错误：eventName/);
    const en = await call('POST', '/eventTracking/record', { eventName: 'search', recordType: 7 }, alice, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/^Invalid parameter: recordType/);
    const badCount = await call('POST', '/eventTracking/record', { eventName: 'search', count: 0 }, alice, 'en');
    expect(badCount.json().message).toMatch(/^Invalid parameter: count/);
  });

  it('stores events and counts them per user, per record type and per event', async () => {
    await record(alice, { eventName: 'search', eventType: 'search', recordType: 1 });
    await record(alice, { eventName: 'search', recordType: 1, count: 2 });
    await record(alice, { eventName: 'analysis-trend', recordType: 2, productAlias: 'patlas' });
    await record(alice, { eventName: 'export-xlsx', recordType: 3, eventId: 'job-1' });
    await record(alice, { eventName: 'open-guide' });
    await record(bob, { eventName: 'favourite', recordType: 4, count: 5 });

    const own = await call('GET', '/eventTracking/summary', undefined, alice);
    expect(own.json().data).toEqual({
      byRecordType: [
        { recordType: 1, count: 3 },
        { recordType: 2, count: 1 },
        { recordType: 3, count: 1 },
      ],
      byEvent: [
        { eventName: 'search', count: 3 },
        { eventName: 'analysis-trend', count: 1 },
        { eventName: 'export-xlsx', count: 1 },
        { eventName: 'open-guide', count: 1 },
      ],
    });
    const bobs = await call('GET', `/sys/eventTracking/summary?userId=${bob.userId}`, undefined, operator);
    expect(bobs.json().data).toEqual({
      byRecordType: [{ recordType: 4, count: 5 }],
      byEvent: [{ eventName: 'favourite', count: 5 }],
    });
    const everyone = (await call('GET', '/sys/eventTracking/summary', undefined, operator)).json().data;
    expect(everyone.byRecordType).toEqual([
      { recordType: 1, count: 3 },
      { recordType: 2, count: 1 },
      { recordType: 3, count: 1 },
      { recordType: 4, count: 5 },
    ]);
  });
});
