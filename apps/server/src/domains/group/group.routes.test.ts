import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

type User = AuthHeader & { userId: string; email: string };

interface Body {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

interface GroupView {
  id: string;
  name: string;
  role: 'owner' | 'member';
  members: { userId: string; email: string; status: string; isOwner: boolean }[];
}

interface MessageView {
  id: string;
  kind: string;
  response: string | null;
  isRead: boolean;
  payload: Record<string, unknown>;
}

describe.each(dialects)('groups API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let owner: User;
  let member: User;
  let stranger: User;
  let third: User;

  const call = async (url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') => {
    const response = await t.app.inject({
      method: url.includes('unreadMessage') ? 'GET' : 'POST',
      url: `/api/product${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
    return { code: response.statusCode, body: response.json<Body>() };
  };
  const groupsOf = async (who: AuthHeader): Promise<GroupView[]> =>
    (await call('/group/query/groupInfo', {}, who)).body.data.items as GroupView[];
  const messagesOf = async (who: AuthHeader): Promise<MessageView[]> =>
    (await call('/message/query/message', { pageSize: 100 }, who)).body.data.items as MessageView[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [owner, member, stranger, third] = [
      await authHeader(t),
      await authHeader(t),
      await authHeader(t),
      await authHeader(t),
    ];
  });
  afterAll(async () => t?.close());

  it('creates a group, refuses a duplicate name, and lists it for its owner only', async () => {
    const created = await call('/group/insert/group', { name: ' 电池研究组 ' }, owner);
    expect(created.body.status).toBe(1);
    expect(created.body.data).toMatchObject({ name: '电池研究组', role: 'owner', ownerId: owner.userId });
    const again = await call('/group/insert/group', { name: '电池研究组' }, owner, 'en');
    expect(again.body).toMatchObject({
      status: 0,
      message: 'Name already exists',
      data: { code: 'GROUP_NAME_EXISTS' },
    });
    // Another owner may use the same name.
    expect((await call('/group/insert/group', { name: '电池研究组' }, third)).body.status).toBe(1);
    expect((await groupsOf(owner)).map((g) => g.name)).toEqual(['电池研究组']);
    expect(await groupsOf(stranger)).toEqual([]);
    const empty = await call('/group/insert/group', { name: '   ' }, owner);
    expect(empty.body.data.code).toBe('VALIDATION_FAILED');
  });

  it('invites by e-mail: unknown, duplicated, too many and existing members are refused, nothing half done', async () => {
    const [group] = await groupsOf(owner);
    const groupId = group!.id;
    const unknown = await call(
      '/group/insert/groupMember',
      { groupId, emails: [member.email, 'nobody@nowhere.test'] },
      owner,
    );
    expect(unknown.body).toMatchObject({ status: 0, message: '邮箱不存在：nobody@nowhere.test' });
    const unknownEn = await call(
      '/group/insert/groupMember',
      { groupId, emails: ['nobody@nowhere.test'] },
      owner,
      'en',
    );
    expect(unknownEn.body.message).toBe('E-mail does not exist: nobody@nowhere.test');
    const duplicated = await call(
      '/group/insert/groupMember',
      { groupId, emails: [member.email, member.email.toUpperCase()] },
      owner,
    );
    expect(duplicated.body.data.code).toBe('EMAIL_DUPLICATED');
    const many = await call(
      '/group/insert/groupMember',
      { groupId, emails: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test', 'f@x.test'] },
      owner,
    );
    expect(many.body.data.code).toBe('SHARE_TOO_MANY_RECIPIENTS');
    const self = await call('/group/insert/groupMember', { groupId, emails: [owner.email] }, owner, 'en');
    expect(self.body).toMatchObject({ message: `Recipient is already a member: ${owner.email}` });
    // None of the refused lists invited anyone.
    expect((await groupsOf(owner))[0]!.members).toHaveLength(1);
    expect(await messagesOf(member)).toEqual([]);

    const invited = await call('/group/insert/groupMember', { groupId, emails: [member.email, third.email] }, owner);
    expect(invited.body.data).toEqual({ invited: 2 });
    const twice = await call('/group/insert/groupMember', { groupId, emails: [member.email] }, owner);
    expect(twice.body.data.code).toBe('GROUP_ALREADY_INVITED');
    const members = (await groupsOf(owner))[0]!.members;
    // The owner first; the two invited together in either order.
    expect(members[0]).toMatchObject({ email: owner.email, status: 'active', isOwner: true });
    expect(members.slice(1).map((m) => [m.email, m.status, m.isOwner])).toEqual(
      expect.arrayContaining([
        [member.email, 'invited', false],
        [third.email, 'invited', false],
      ]),
    );
    expect(members).toHaveLength(3);
    // An invited user does not see the group until accepting.
    expect((await groupsOf(member)).map((g) => g.name)).toEqual([]);
  });

  it('accepts through the message centre and declines through /group/update/inviteMember; the owner is told', async () => {
    const [group] = await groupsOf(owner);
    const [invitation] = await messagesOf(member);
    expect(invitation).toMatchObject({ kind: 'groupInvite', response: 'pending', isRead: false });
    expect(invitation!.payload).toMatchObject({ groupId: group!.id, groupName: '电池研究组' });
    expect((await call('/message/unreadMessage/count', undefined, member)).body.data).toEqual({ count: 1 });

    // A stranger cannot answer someone else's invitation, by message or by group.
    expect(
      (await call('/message/update/status', { id: invitation!.id, response: 'accept' }, stranger)).body.data.code,
    ).toBe('MESSAGE_NOT_FOUND');
    expect(
      (await call('/group/update/inviteMember', { groupId: group!.id, accept: true }, stranger)).body.data.code,
    ).toBe('GROUP_NO_INVITATION');

    const accepted = await call('/message/update/status', { id: invitation!.id, response: 'accept' }, member);
    expect(accepted.body.data).toMatchObject({ response: 'accepted', isRead: true });
    expect((await call('/message/unreadMessage/count', undefined, member)).body.data).toEqual({ count: 0 });
    const again = await call('/message/update/status', { id: invitation!.id, response: 'decline' }, member);
    expect(again.body.data.code).toBe('MESSAGE_NOT_PENDING');
    expect((await groupsOf(member)).map((g) => [g.name, g.role])).toEqual([['电池研究组', 'member']]);

    const declined = await call('/group/update/inviteMember', { groupId: group!.id, accept: false }, third);
    expect(declined.body.status).toBe(1);
    expect((await messagesOf(third)).find((m) => m.kind === 'groupInvite')?.response).toBe('declined');

    const ownerNotices = (await messagesOf(owner)).map((m) => m.kind).sort();
    expect(ownerNotices).toEqual(['groupDeclined', 'groupJoined']);
    // A member sees active members only.
    expect((await groupsOf(member))[0]!.members.map((m) => m.email)).toEqual([owner.email, member.email]);
  });

  it('walks every group call as a stranger, a member and the owner', async () => {
    const [group] = await groupsOf(owner);
    const groupId = group!.id;
    const writes: [string, Record<string, unknown>][] = [
      ['/group/update/groupName', { groupId, name: '新名称' }],
      ['/group/insert/groupMember', { groupId, emails: [stranger.email] }],
      ['/group/delete/groupMember', { groupId, userId: owner.userId }],
      ['/group/delete/group', { groupId }],
    ];
    for (const [url, payload] of writes) {
      expect((await call(url, payload, null)).code, url).toBe(401);
      expect((await call(url, payload, stranger)).body.data.code, url).toBe('GROUP_NOT_FOUND');
      expect((await call(url, payload, member)).body.data.code, url).toBe('GROUP_OWNER_ONLY');
    }
    expect((await call('/group/query/groupInfo', { groupId }, stranger)).body.data.code).toBe('GROUP_NOT_FOUND');
    expect((await call('/group/query/groupInfo', { groupId }, member)).body.status).toBe(1);
    expect((await call('/group/dropOut/group', { groupId }, stranger)).body.data.code).toBe('GROUP_NOT_FOUND');
    expect((await call('/group/dropOut/group', { groupId }, owner)).body.data.code).toBe('GROUP_OWNER_CANNOT_LEAVE');
    // Without the menu permission, no group call answers.
    const noMenu = await authHeader(t, ['/search/quick']);
    expect((await call('/group/query/groupInfo', {}, noMenu)).body.data.code).toBe('FORBIDDEN');

    // The owner may do each of them.
    const renamed = await call('/group/update/groupName', { groupId, name: '新名称' }, owner);
    expect(renamed.body.data).toMatchObject({ name: '新名称' });
  });

  it('removes a member, lets a member leave, and disbands (members told, invitations expire)', async () => {
    const [group] = await groupsOf(owner);
    const groupId = group!.id;
    expect((await call('/group/delete/groupMember', { groupId, userId: stranger.userId }, owner)).body.data.code).toBe(
      'GROUP_NOT_A_MEMBER',
    );
    expect((await call('/group/delete/groupMember', { groupId, userId: member.userId }, owner)).body.status).toBe(1);
    expect(await groupsOf(member)).toEqual([]);
    expect((await messagesOf(member)).map((m) => m.kind)).toContain('groupRemoved');

    // Invited again, joins, then leaves on their own.
    await call('/group/insert/groupMember', { groupId, emails: [member.email] }, owner);
    expect((await call('/group/update/inviteMember', { groupId, accept: true }, member)).body.status).toBe(1);
    expect((await call('/group/dropOut/group', { groupId }, member)).body.status).toBe(1);
    expect(await groupsOf(member)).toEqual([]);

    // A pending invitation expires when the group is disbanded; a member is told.
    await call('/group/insert/groupMember', { groupId, emails: [member.email, stranger.email] }, owner);
    await call('/group/update/inviteMember', { groupId, accept: true }, member);
    expect((await call('/group/delete/group', { groupId }, owner)).body.status).toBe(1);
    expect(await groupsOf(owner)).toEqual([]);
    const strangerInvite = (await messagesOf(stranger)).find((m) => m.kind === 'groupInvite');
    expect(strangerInvite?.response).toBe('expired');
    const answer = await call('/message/update/status', { id: strangerInvite!.id, response: 'accept' }, stranger);
    expect(answer.body.data.code).toBe('MESSAGE_NOT_PENDING');
    expect((await messagesOf(member)).map((m) => m.kind)).toContain('groupDisbanded');
  });
});
