// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, setAuthBridge, type ClientMessages } from '../api/client';
import { stubFetch, type FakeResponse } from '../test/render-app';
import { createProductStorage } from '../storage/storage';
import { createSessionStore, SESSION_NAMES, type SessionStore } from './session';
import { createSessionBridge } from './session-bridge';

const messages: ClientMessages = { network: 'net', timeout: 'slow', badResponse: (status) => `bad ${status}` };
const options = { lang: 'zh' as const, messages };
const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });
const fail = (http: number, code: string, status = 0): FakeResponse => ({
  status: http,
  body: { status, message: code, data: { code } },
});
const tokens = (access: string) => ({
  access_token: access,
  token_type: 'bearer',
  expires_in: 7200,
  tenantCode: 'default',
  canOperation: true,
  loginType: 'password',
});

let now = 1_000_000;
const storage = createProductStorage({ product: 'bridge-test', version: '1', now: () => now });
/** Pauses of the bridge (429 back-off, lost-race wait) resolve at once and are recorded. */
const pauses: number[] = [];
const noPause = (ms: number) => {
  pauses.push(ms);
  return Promise.resolve();
};
function storeWith(expiresAt: number, canRefresh = true): SessionStore {
  storage.clear();
  storage.set(SESSION_NAMES.token, 'old');
  if (canRefresh) storage.set(SESSION_NAMES.refreshExpiresAt, expiresAt + 7_200_000);
  storage.set(SESSION_NAMES.expiresAt, expiresAt);
  storage.set(SESSION_NAMES.menu, ['/search/quick']);
  storage.set(SESSION_NAMES.nickName, '张三');
  const store = createSessionStore(storage, () => now);
  setAuthBridge(createSessionBridge(store, () => options, { delay: noPause }));
  return store;
}

/** What another tab's refresh leaves in the shared storage, and the reload its storage event causes. */
function anotherTabStored(store: SessionStore, access: string): void {
  storage.set(SESSION_NAMES.token, access);
  storage.set(SESSION_NAMES.refreshExpiresAt, now + 14_400_000);
  storage.set(SESSION_NAMES.expiresAt, now + 7_200_000);
  store.reload();
}

const bearerOf = (headers: Headers) => headers.get('Authorization');

/** Waits until `check` holds, one macrotask at a time (no fixed sleep). */
async function waitForCondition(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((r) => setTimeout(r, 0));
  if (!check()) throw new Error('condition never held');
}

describe('session bridge of the API client', () => {
  beforeEach(() => {
    now = 1_000_000;
    pauses.length = 0;
  });
  afterEach(() => {
    setAuthBridge(undefined);
    vi.unstubAllGlobals();
  });

  it('sends the bearer token', async () => {
    storeWith(now + 3_600_000);
    const calls = stubFetch(() => ok({ a: 1 }));
    await apiGet('/product/x', options);
    expect(bearerOf(calls[0]!.headers)).toBe('Bearer old');
  });

  it('runs one refresh for 10 parallel calls on an expired token, and all 10 resume with the new token', async () => {
    const store = storeWith(now - 1);
    let release: () => void = () => {};
    const refreshDone = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(`${url.pathname} ${new Headers(init?.headers).get('Authorization') ?? '-'}`);
        if (url.pathname.endsWith('/oauth/refresh/token')) {
          // a POST that carries no token at all: the refresh token is the httpOnly cookie (issue 41)
          expect(init?.method).toBe('POST');
          expect(url.search).toBe('');
          expect(JSON.parse(String(init?.body))).toEqual({ grant_type: 'refresh_token' });
          expect(new Headers(init?.headers).get('x-patlas-refresh')).toBe('cookie');
          await refreshDone;
          return new Response(JSON.stringify({ status: 1, message: '', data: tokens('new') }), { status: 200 });
        }
        return new Response(JSON.stringify({ status: 1, message: '', data: { path: url.pathname } }), { status: 200 });
      }),
    );
    const results = Promise.all(Array.from({ length: 10 }, (_, i) => apiPost(`/product/item/${i}`, {}, options)));
    // Let every call reach the refresh before it answers.
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.includes('/refresh/token'))).toHaveLength(1);
    expect(calls.filter((c) => c.includes('/product/item/'))).toHaveLength(0);
    release();
    const answers = await results;
    expect(answers).toHaveLength(10);
    expect(calls.filter((c) => c.includes('/refresh/token'))).toHaveLength(1);
    const itemCalls = calls.filter((c) => c.includes('/product/item/'));
    expect(itemCalls).toHaveLength(10);
    expect(itemCalls.every((c) => c.endsWith('Bearer new'))).toBe(true);
    expect(store.getSnapshot().session).toMatchObject({ token: 'new', canRefresh: true });
    expect(store.getSnapshot().session?.expiresAt).toBe(now + 7_200_000);
    // nothing a script could renew the session with is stored
    expect(JSON.stringify({ ...localStorage })).not.toContain('refresh-of');
    expect(storage.get(SESSION_NAMES.refreshExpiresAt)).toBe(now + 14_400_000);
  });

  it('refreshes once on 401 TOKEN_EXPIRED answers and retries each call with the new token', async () => {
    storeWith(now + 3_600_000);
    const calls: { url: URL }[] = [];
    // Only the refreshed token is accepted, so every call must come back with it.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const bearer = new Headers(init?.headers).get('Authorization');
        calls.push({ url });
        const answer = url.pathname.endsWith('/oauth/refresh/token')
          ? ok(tokens('fresh'))
          : bearer === 'Bearer fresh'
            ? ok('done')
            : fail(401, 'TOKEN_EXPIRED');
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }),
    );
    const answers = await Promise.all([1, 2, 3].map((i) => apiGet(`/product/y/${i}`, options)));
    expect(answers).toEqual(['done', 'done', 'done']);
    expect(calls.filter((c) => c.url.pathname.endsWith('/refresh/token'))).toHaveLength(1);
  });

  it('on a refused refresh logs out and asks for the forced-logout dialog', async () => {
    const store = storeWith(now - 1);
    stubFetch((url) =>
      url.pathname.endsWith('/oauth/refresh/token') ? fail(401, 'REFRESH_TOKEN_INVALID') : ok('never'),
    );
    const errors = await Promise.all([1, 2].map((i) => apiGet(`/product/z/${i}`, options).catch((e: unknown) => e)));
    expect(errors.every((e) => (e as { code?: string }).code === 'REFRESH_TOKEN_INVALID')).toBe(true);
    expect(store.getSnapshot().session).toBeUndefined();
    expect(store.getSnapshot().interruption).toEqual({ kind: 'refreshFailed' });
  });

  it('retries a refresh answered 429 after a pause and keeps the session (it used to log out on any 4xx)', async () => {
    const store = storeWith(now - 1);
    let refreshCalls = 0;
    const calls = stubFetch((url) => {
      if (!url.pathname.endsWith('/oauth/refresh/token')) return ok('done');
      refreshCalls += 1;
      return refreshCalls === 1 ? fail(429, 'RATE_LIMITED') : ok(tokens('after-429'));
    });
    await expect(apiGet('/product/r', options)).resolves.toBe('done');
    expect(refreshCalls).toBe(2);
    expect(pauses).toHaveLength(1);
    expect(bearerOf(calls.at(-1)!.headers)).toBe('Bearer after-429');
    expect(store.getSnapshot().interruption).toBeUndefined();
    expect(store.getSnapshot().session?.token).toBe('after-429');
  });

  it('keeps the session on a refresh refused with a 4xx other than 401', async () => {
    const store = storeWith(now - 1);
    stubFetch((url) => (url.pathname.endsWith('/oauth/refresh/token') ? fail(400, 'VALIDATION_FAILED') : ok('never')));
    await expect(apiGet('/product/q', options)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(store.getSnapshot().interruption).toBeUndefined();
    expect(store.getSnapshot().session?.canRefresh).toBe(true);
  });

  it('on a lost refresh race (another tab refreshed first) goes on with the tokens that tab stored', async () => {
    const store = storeWith(now - 1);
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/oauth/refresh/token')) return fail(409, 'REFRESH_RACE_LOST');
      return ok('done');
    });
    const pending = apiGet('/product/p', options);
    // The other tab's answer reaches the shared storage after this tab's 409.
    await waitForCondition(() => calls.some((c) => c.url.pathname.endsWith('/oauth/refresh/token')));
    anotherTabStored(store, 'other-tab');
    await expect(pending).resolves.toBe('done');
    expect(calls.filter((c) => c.url.pathname.endsWith('/oauth/refresh/token'))).toHaveLength(1);
    expect(bearerOf(calls.at(-1)!.headers)).toBe('Bearer other-tab');
    expect(store.getSnapshot().interruption).toBeUndefined();
  });

  it('asks for a new login, without a refresh, once the refresh cookie has run out', async () => {
    const store = storeWith(now - 1, false);
    const calls = stubFetch(() => ok('never'));
    await expect(apiGet('/product/n', options)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', status: 401 });
    expect(calls).toHaveLength(0);
    expect(store.getSnapshot().interruption).toEqual({ kind: 'relogin', code: 'TOKEN_EXPIRED' });
  });

  it('drops a refresh token an older release stored where scripts can read it', () => {
    storage.clear();
    storage.set(SESSION_NAMES.token, 'old');
    storage.set('refreshToken', 'legacy-secret');
    createSessionStore(storage, () => now);
    expect(storage.get('refreshToken')).toBeUndefined();
  });

  it('opens the IP-login-maximum dialog when the refresh answers status -3', async () => {
    const store = storeWith(now - 1);
    stubFetch((url) =>
      url.pathname.endsWith('/oauth/refresh/token') ? fail(403, 'IP_ONLINE_LIMIT', -3) : ok('never'),
    );
    await expect(apiGet('/product/o', options)).rejects.toMatchObject({ code: 'IP_ONLINE_LIMIT' });
    expect(store.getSnapshot().interruption).toEqual({ kind: 'ipLimit', message: 'IP_ONLINE_LIMIT' });
  });

  it('handles other 401 answers once: drops the token and name, opens the re-login dialog', async () => {
    const store = storeWith(now + 3_600_000);
    const interrupt = vi.spyOn(store, 'interrupt');
    stubFetch(() => fail(401, 'SESSION_CROWDED_OUT'));
    const errors = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => apiGet(`/product/w/${i}`, options).catch((e: unknown) => e)),
    );
    expect(errors.every((e) => (e as { status?: number }).status === 401)).toBe(true);
    expect(interrupt).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().interruption).toEqual({ kind: 'relogin', code: 'SESSION_CROWDED_OUT' });
    const session = store.getSnapshot().session;
    expect(session).toBeUndefined();
  });

  it('opens the IP-login-maximum dialog on a status -3 answer', async () => {
    const store = storeWith(now + 3_600_000);
    stubFetch(() => fail(403, 'IP_ONLINE_LIMIT', -3));
    await expect(apiGet('/product/v', options)).rejects.toMatchObject({ code: 'IP_ONLINE_LIMIT', envelopeStatus: -3 });
    expect(store.getSnapshot().interruption).toEqual({ kind: 'ipLimit', message: 'IP_ONLINE_LIMIT' });
  });

  it('sends no token and leaves 401 alone for calls made with auth: false', async () => {
    const store = storeWith(now + 3_600_000);
    const calls = stubFetch(() => fail(401, 'UNAUTHORIZED'));
    await expect(apiGet('/platform/oauth/captcha', { ...options, auth: false })).rejects.toMatchObject({ status: 401 });
    expect(bearerOf(calls[0]!.headers)).toBeNull();
    expect(store.getSnapshot().interruption).toBeUndefined();
    expect(store.getSnapshot().session?.token).toBe('old');
  });
});
