import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

type User = AuthHeader & { userId: string; email: string };

interface Body {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

interface ShareView {
  id: string;
  kind: string;
  sender: { email: string };
  recipient: { email: string };
  note?: string;
  patents?: { pn: string; title?: string }[];
  search?: { title: string; router: string; expression?: string; total?: number };
}

describe.each(dialects)('sharing API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let sender: User;
  let recipient: User;
  let second: User;
  let stranger: User;

  const call = async (url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/product${url}`,
      payload: payload as object,
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
    return { code: response.statusCode, body: response.json<Body>() };
  };
  const listOf = async (url: string, who: AuthHeader, direction: 'received' | 'sent' = 'received') =>
    (await call(url, { direction }, who)).body.data.items as ShareView[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const { stored } = await t.context.repositories.patents.upsertMany([buildCnPatent(), buildUsPatent()]);
    await t.context.engine.index(stored);
    [sender, recipient, second, stranger] = [
      await authHeader(t),
      await authHeader(t),
      await authHeader(t),
      await authHeader(t),
    ];
  });
  afterAll(async () => t?.close());

  it('shares patents by any written number with each recipient, who is told and finds them under "shared with me"', async () => {
    const shared = await call(
      '/share/insert/sharePatent',
      { emails: [recipient.email, second.email], pns: ['CN 117151122 A', 'US6980000B2'], note: '请看这两件' },
      sender,
    );
    expect(shared.body).toMatchObject({ status: 1, data: { shared: 2 } });
    const [received] = await listOf('/share/query/sharePatent', recipient);
    expect(received).toMatchObject({
      kind: 'patent',
      sender: { email: sender.email },
      recipient: { email: recipient.email },
      note: '请看这两件',
      patents: [
        { pn: 'CN117151122A', title: '一种基于区块链的数据共享方法' },
        { pn: 'US6980000B2', title: 'Lithium ion battery electrode' },
      ],
    });
    expect(await listOf('/share/query/sharePatent', second)).toHaveLength(1);
    expect(await listOf('/share/query/sharePatent', stranger)).toEqual([]);
    expect(await listOf('/share/query/sharePatent', sender)).toEqual([]);
    expect((await listOf('/share/query/sharePatent', sender, 'sent')).map((s) => s.recipient.email).sort()).toEqual(
      [recipient.email, second.email].sort(),
    );
    const messages = (await call('/message/query/message', { category: 'share' }, recipient)).body.data.items as {
      kind: string;
      payload: Record<string, unknown>;
    }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'sharePatent',
      payload: { pns: ['CN117151122A', 'US6980000B2'], note: '请看这两件' },
    });
  });

  it('refuses more than 5 e-mails, duplicates, unknown e-mails, oneself and unknown patents, with zh and en messages', async () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `${x}@x.test`);
    const many = await call('/share/insert/sharePatent', { emails: six, pns: ['US6980000B2'] }, sender);
    expect(many.body).toMatchObject({
      status: 0,
      message: '每次最多分享给 5 个邮箱',
      data: { code: 'SHARE_TOO_MANY_RECIPIENTS' },
    });
    const manyEn = await call('/share/insert/sharePatent', { emails: six, pns: ['US6980000B2'] }, sender, 'en');
    expect(manyEn.body.message).toBe('At most 5 e-mails at a time');
    const duplicated = await call(
      '/share/insert/sharePatent',
      { emails: [recipient.email, ` ${recipient.email}`], pns: ['US6980000B2'] },
      sender,
    );
    expect(duplicated.body.data.code).toBe('EMAIL_DUPLICATED');
    const unknown = await call(
      '/share/insert/shareRetrievable',
      { emails: ['ghost@x.test'], title: 't', router: '/innovationSpace/searchResult?q=a' },
      sender,
      'en',
    );
    expect(unknown.body.message).toBe('E-mail does not exist: ghost@x.test');
    const self = await call('/share/insert/sharePatent', { emails: [sender.email], pns: ['US6980000B2'] }, sender);
    expect(self.body.data.code).toBe('SHARE_TO_SELF');
    const missing = await call(
      '/share/insert/sharePatent',
      { emails: [stranger.email], pns: ['CN999999999A'] },
      sender,
    );
    expect(missing.body.data.code).toBe('PATENT_NOT_FOUND');
    // Issue 41 §2: a browser reads /\evil as //evil; tabs and line breaks are dropped; escapes decoded.
    for (const router of [
      '//evil.test/x',
      '/\\evil.example/login',
      '/\t/evil.test',
      '/%5Cevil.test',
      '/%2F%2Fevil.test',
    ]) {
      const outside = await call(
        '/share/insert/shareRetrievable',
        { emails: [stranger.email], title: 't', router },
        sender,
      );
      expect(outside.body.data, router).toMatchObject({ code: 'VALIDATION_FAILED', field: 'router' });
    }
    // Nothing of the refused shares reached anyone.
    expect(await listOf('/share/query/sharePatent', stranger)).toEqual([]);
    expect(await listOf('/share/query/ShareRetrievable', stranger)).toEqual([]);
  });

  it('shares a search as its result page state, which the recipient reopens', async () => {
    const router = '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&page=2&sort=pd';
    const shared = await call(
      '/share/insert/shareRetrievable',
      { emails: [recipient.email], title: '电池检索', expression: 'TI=电池', router, total: 42 },
      sender,
    );
    expect(shared.body.data).toEqual({ shared: 1 });
    const [item] = await listOf('/share/query/ShareRetrievable', recipient);
    expect(item).toMatchObject({
      kind: 'search',
      search: { title: '电池检索', expression: 'TI=电池', router, total: 42 },
    });
    // Searches and patents are listed apart.
    expect((await listOf('/share/query/sharePatent', recipient)).every((s) => s.kind === 'patent')).toBe(true);
  });

  it('walks the share calls as a stranger, a recipient and the sender, and without the permissions', async () => {
    const calls: [string, unknown][] = [
      ['/share/insert/sharePatent', { emails: [recipient.email], pns: ['US6980000B2'] }],
      ['/share/query/sharePatent', {}],
      ['/share/insert/shareRetrievable', { emails: [recipient.email], title: 't', router: '/x' }],
      ['/share/query/ShareRetrievable', {}],
    ];
    const noMenu = await authHeader(t, ['/search/quick']);
    for (const [url, payload] of calls) {
      expect((await call(url, payload, null)).code, url).toBe(401);
      expect((await call(url, payload, noMenu)).body.data.code, url).toBe('FORBIDDEN');
    }
    // Sending needs patentShare; reading "shared with me" needs /user/share.
    const readOnly = await authHeader(t, ['/user/share']);
    expect((await call('/share/query/sharePatent', {}, readOnly)).body.status).toBe(1);
    expect((await call('/share/insert/sharePatent', calls[0]![1], readOnly)).body.data.code).toBe('FORBIDDEN');
    // Each list holds only the caller's own shares, received or sent.
    for (const who of [stranger, recipient, sender]) {
      for (const url of ['/share/query/sharePatent', '/share/query/ShareRetrievable']) {
        for (const direction of ['received', 'sent'] as const) {
          for (const item of await listOf(url, who, direction)) {
            expect(direction === 'received' ? item.recipient.email : item.sender.email).toBe(who.email);
          }
        }
      }
    }
  });
});
