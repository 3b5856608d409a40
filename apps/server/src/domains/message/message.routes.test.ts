import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

type User = AuthHeader & { userId: string; email: string };

interface Body {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

interface MessageView {
  id: string;
  kind: string;
  category: string;
  isRead: boolean;
  response: string | null;
  sender: { email: string } | null;
}

describe.each(dialects)('message centre API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let owner: User;
  let other: User;

  const call = async (method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') => {
    const response = await t.app.inject({
      method,
      url: `/api/product${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
    return { code: response.statusCode, body: response.json<Body>() };
  };
  const list = async (who: AuthHeader, body: Record<string, unknown> = {}) =>
    (await call('POST', '/message/query/message', body, who)).body.data as { total: number; items: MessageView[] };
  const unread = async (who: AuthHeader) =>
    ((await call('GET', '/message/unreadMessage/count', undefined, who)).body.data as { count: number }).count;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [owner, other] = [await authHeader(t), await authHeader(t)];
    const messages = t.context.services.messages;
    // A notice, two shares from another user, and a group invitation.
    await messages.notify({ recipientId: owner.userId, senderId: null, kind: 'system', payload: { text: '维护通知' } });
    for (const pn of ['CN117151122A', 'US6980000B2']) {
      await messages.notify({
        recipientId: owner.userId,
        senderId: other.userId,
        kind: 'sharePatent',
        payload: { pns: [pn] },
      });
    }
    const group = (await call('POST', '/group/insert/group', { name: '邀请组' }, other)).body.data as { id: string };
    await call('POST', '/group/insert/groupMember', { groupId: group.id, emails: [owner.email] }, other);
  });
  afterAll(async () => t?.close());

  it('lists the caller’s messages by category, with the sender, and counts the unread', async () => {
    const all = await list(owner);
    expect(all.total).toBe(4);
    expect(all.items.map((m) => m.category).sort()).toEqual(['invitation', 'share', 'share', 'system']);
    expect(all.items.find((m) => m.kind === 'system')?.sender).toBeNull();
    expect(all.items.find((m) => m.kind === 'sharePatent')?.sender?.email).toBe(other.email);
    expect((await list(owner, { category: 'share' })).total).toBe(2);
    expect((await list(owner, { pageSize: 1, page: 2 })).items).toHaveLength(1);
    expect(await unread(owner)).toBe(4);
    // Spec 1 §3: the custom config's message count is the same figure.
    const config = await call('POST', '/userCustomConfig/getCustomConfig', undefined, owner);
    expect(config.body.data).toMatchObject({ messageCount: 4 });
    // The other user's centre holds none of these.
    expect((await list(other)).total).toBe(0);
  });

  it('marks one read, then a batch, then all; another user’s ids are left alone', async () => {
    const [first, second, third] = (await list(owner)).items;
    const one = await call('POST', '/message/update/status', { id: first!.id }, owner);
    expect(one.body.data).toMatchObject({ id: first!.id, isRead: true });
    expect(await unread(owner)).toBe(3);
    // Someone else's message is "not found", in both languages.
    const foreign = await call('POST', '/message/update/status', { id: second!.id }, other, 'en');
    expect(foreign.body).toMatchObject({
      status: 0,
      message: 'This message does not exist',
      data: { code: 'MESSAGE_NOT_FOUND' },
    });
    const foreignBatch = await call('POST', '/message/batchUpdate/status', { ids: [second!.id, third!.id] }, other);
    expect(foreignBatch.body.data).toEqual({ updated: 0 });
    expect(await unread(owner)).toBe(3);

    const batch = await call('POST', '/message/batchUpdate/status', { ids: [second!.id, third!.id] }, owner);
    expect(batch.body.data).toEqual({ updated: 2 });
    expect(await unread(owner)).toBe(1);
    expect((await list(owner, { unreadOnly: true })).total).toBe(1);
    const all = await call('POST', '/message/batchUpdate/status', { all: true }, owner);
    expect(all.body.data).toEqual({ updated: 1 });
    expect(await unread(owner)).toBe(0);
    // Reading an invitation does not answer it.
    expect((await list(owner, { category: 'invitation' })).items[0]?.response).toBe('pending');
  });

  it('refuses to answer a message that is not an invitation, and bad input', async () => {
    const share = (await list(owner, { category: 'share' })).items[0]!;
    const answer = await call('POST', '/message/update/status', { id: share.id, response: 'accept' }, owner, 'en');
    expect(answer.body).toMatchObject({ data: { code: 'MESSAGE_NOT_PENDING' } });
    const bad = await call('POST', '/message/batchUpdate/status', { ids: [] }, owner);
    expect(bad.body.data.code).toBe('VALIDATION_FAILED');
  });

  it('walks the message calls anonymously and without the menu permission', async () => {
    const noMenu = await authHeader(t, ['/search/quick']);
    const calls: ['GET' | 'POST', string, unknown][] = [
      ['POST', '/message/query/message', {}],
      ['POST', '/message/update/status', { id: 'x' }],
      ['POST', '/message/batchUpdate/status', { all: true }],
      ['GET', '/message/unreadMessage/count', undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, null)).code, url).toBe(401);
      expect((await call(method, url, payload, noMenu)).body.data.code, url).toBe('FORBIDDEN');
    }
  });
});
