import ExcelJS from 'exceljs';
import {
  MAX_LIBRARY_LABELS_PER_OWNER,
  type LibraryFolder,
  type LibraryMember,
  type Message,
  type SharedLibrary,
} from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  reachableDialects,
  type AuthHeader,
  type TestApp,
  type TestUser,
  uploadFile,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

describe.each(await reachableDialects())('collaborative libraries on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  const { okData, fails } = productCalls(
    () => t,
    () => owner,
  );
  const createLibrary = async (name: string, who: AuthHeader = owner, parentId?: string) =>
    (await okData('/archive/v2/save', { action: 'createFolder', name, ...(parentId ? { parentId } : {}) }, who))
      .folder as LibraryFolder;
  const messagesOf = async (who: AuthHeader): Promise<Message[]> =>
    (await okData('/message/query/message', { pageSize: 100 }, who)).items as Message[];
  const shared = async (who: AuthHeader): Promise<SharedLibrary[]> =>
    (await okData('/archive/v2/list', { type: 'shared' }, who)).libraries as SharedLibrary[];
  const members = async (folderId: string, who: AuthHeader = owner): Promise<LibraryMember[]> =>
    (await okData('/archive/v2/share', { action: 'members', folderId }, who)).members as LibraryMember[];
  /** Invites `who` to the library and accepts from their message centre. */
  const join = async (libraryId: string, who: TestUser) => {
    await okData('/archive/v2/share', { action: 'invite', folderId: libraryId, emails: [who.email] });
    const invitation = (await messagesOf(who)).find(
      (m) => m.kind === 'libraryInvite' && m.payload.libraryId === libraryId && m.response === 'pending',
    );
    expect(invitation).toBeDefined();
    await okData('/message/update/status', { id: invitation!.id, response: 'accept' }, who);
  };
  const searchSet = (folderId: string, who: AuthHeader) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre: '', set: { kind: 'library', key: folderId }, facets: ['applicant'] },
      headers: { authorization: who.authorization, 'accept-language': 'zh' },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await authHeader(t);
    member = await authHeader(t);
    stranger = await authHeader(t);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());

  it('invites by e-mail (at most 5, registered, not oneself, not twice); the invitee accepts from the message centre', async () => {
    const library = await createLibrary('协作库');
    await okData('/archive/v2/save', {
      action: 'collect',
      folderIds: [library.id],
      publicationNumbers: ['CN110000001A', 'CN110000002B'],
    });
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `${x}@nowhere.test`);
    const tooMany = await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: library.id, emails: six },
      'SHARE_TOO_MANY_RECIPIENTS',
    );
    expect(tooMany.message).toContain('5');
    const unknown = await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: library.id, emails: [member.email, 'nobody@nowhere.test'] },
      'EMAIL_NOT_REGISTERED',
    );
    expect(unknown.message).toContain('nobody@nowhere.test');
    await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: library.id, emails: [owner.email] },
      'SHARE_TO_SELF',
    );
    // Nothing was half sent.
    expect((await messagesOf(member)).filter((m) => m.kind === 'libraryInvite')).toHaveLength(0);

    const sent = await okData('/archive/v2/share', { action: 'invite', folderId: library.id, emails: [member.email] });
    expect(sent).toMatchObject({ action: 'invite', invited: 1, skipped: 0 });
    await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: library.id, emails: [member.email] },
      'LIBRARY_ALREADY_INVITED',
    );
    // Invited is not yet a member: the library stays closed.
    await fails('/archive/v2/list', { type: 'patents', folderId: library.id }, 'LIBRARY_NOT_FOUND', member);
    expect(await shared(member)).toEqual([]);
    expect((await members(library.id)).map((m) => [m.userId, m.status])).toEqual([
      [owner.userId, 'active'],
      [member.userId, 'invited'],
    ]);

    const [invitation] = (await messagesOf(member)).filter((m) => m.kind === 'libraryInvite');
    expect(invitation).toMatchObject({
      category: 'invitation',
      response: 'pending',
      payload: { libraryName: '协作库' },
    });
    const answered = await okData('/message/update/status', { id: invitation!.id, response: 'accept' }, member);
    expect(answered).toMatchObject({ response: 'accepted', isRead: true });
    await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: library.id, emails: [member.email] },
      'LIBRARY_ALREADY_MEMBER',
    );
    // The owner is told; both see the library among collaborative ones.
    expect((await messagesOf(owner)).find((m) => m.kind === 'libraryJoined')).toMatchObject({
      sender: { userId: member.userId },
      payload: { libraryId: library.id },
    });
    const [mine] = await shared(owner);
    expect(mine).toMatchObject({ role: 'owner', memberCount: 1, invitedCount: 0, library: { id: library.id } });
    const [theirs] = await shared(member);
    expect(theirs).toMatchObject({
      role: 'member',
      owner: { userId: owner.userId },
      library: { id: library.id, totalCount: 2 },
    });
    expect(theirs!.joinedAt).not.toBeNull();
    // The member opens it as a result set, with facets.
    const page = (await searchSet(library.id, member)).json();
    expect(page).toMatchObject({ status: 1, data: { total: 2 } });
    // Shared libraries do not count against the member's favourites.
    const quota = (await okData('/archive/v2/list', { type: 'folders' }, member)).quota;
    expect(quota.used).toBe(0);
  });

  it("counts a member's collects and imports against the owner's favourites limit; an import's labels are capped with the owner's (issue 41)", async () => {
    const boss = await authHeader(t);
    const helper = await authHeader(t);
    await t.context.repositories.users.update(boss.userId, { quotas: { favorites: 3 } });
    // The member's own limit is lower still: it is not what counts in the owner's library.
    await t.context.repositories.users.update(helper.userId, { quotas: { favorites: 1 } });
    const library = await createLibrary('额度库', boss);
    await okData(
      '/archive/v2/save',
      { action: 'collect', folderIds: [library.id], publicationNumbers: ['CN110000001A', 'CN110000002B'] },
      boss,
    );
    await okData('/archive/v2/share', { action: 'invite', folderId: library.id, emails: [helper.email] }, boss);
    const invitation = (await messagesOf(helper)).find((m) => m.kind === 'libraryInvite');
    await okData('/message/update/status', { id: invitation!.id, response: 'accept' }, helper);

    const two = { action: 'collect', folderIds: [library.id], publicationNumbers: ['CN110000003U', 'US6980000B2'] };
    const zh = await fails('/archive/v2/save', two, 'COLLECT_OWNER_QUOTA_EXCEEDED', helper);
    expect(zh.message).toBe('该专利库所有者的收藏额度不足（3条，已用2条），请联系所有者');
    const en = await fails('/archive/v2/save', two, 'COLLECT_OWNER_QUOTA_EXCEEDED', helper, 'en');
    expect(en.message).toBe(
      "Favourites would exceed the library owner's limit (3 entries, 2 used); please contact the owner",
    );
    const importTxt = (content: string, who: AuthHeader) =>
      uploadFile(
        t,
        `/api/product/archive/v2/save?action=import&folderId=${library.id}`,
        { content: Buffer.from(content), name: 'numbers.txt' },
        who,
      );
    expect((await importTxt('CN110000003U;US6980000B2', helper)).json()).toMatchObject({
      status: 0,
      data: { code: 'COLLECT_OWNER_QUOTA_EXCEEDED' },
    });
    // One more fits the owner's limit (the member's own limit of 1 does not matter here), then nothing.
    await okData(
      '/archive/v2/save',
      { action: 'collect', folderIds: [library.id], publicationNumbers: ['CN110000003U'] },
      helper,
    );
    expect((await importTxt('US6980000B2', helper)).json()).toMatchObject({
      data: { code: 'COLLECT_OWNER_QUOTA_EXCEEDED' },
    });
    expect((await okData('/user/limit', {}, boss)).favorites).toEqual({ limit: 3, used: 3 });
    expect((await okData('/user/limit', {}, helper)).favorites).toEqual({ limit: 1, used: 0 });
    // Patents the library holds already add nothing and pass.
    expect(
      await okData(
        '/archive/v2/save',
        { action: 'collect', folderIds: [library.id], publicationNumbers: ['CN110000001A'] },
        helper,
      ),
    ).toMatchObject({ result: { added: 0, skipped: 1 } });

    // Labels: the owner's namespace one short of its limit.
    await t.context.repositories.users.update(boss.userId, { quotas: {} });
    await t.context.repositories.libraries.insertLabels(
      Array.from({ length: MAX_LIBRARY_LABELS_PER_OWNER - 1 }, (_, i) => ({
        ownerId: boss.userId,
        parentId: null,
        name: `已有${i}`,
        createdAt: '2026-01-01T00:00:00.000Z',
      })),
    );
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('numbers').addRow(['US6980000B2', '成员标引A;成员标引B']);
    const labelled = await uploadFile(
      t,
      `/api/product/archive/v2/save?action=import&folderId=${library.id}`,
      { content: Buffer.from(await workbook.xlsx.writeBuffer()), name: 'labels.xlsx' },
      helper,
      'en',
    );
    expect(labelled.json()).toMatchObject({
      status: 0,
      message: 'The labels have reached their limit (5,000); delete labels no longer used and try again',
      data: { code: 'LABEL_LIMIT_REACHED' },
    });
    // Refused as a whole: neither the patent nor a label was added.
    expect((await okData('/archive/v2/list', { type: 'patents', folderId: library.id }, boss)).total).toBe(3);
    expect(await t.context.repositories.libraries.countLabels(boss.userId)).toBe(MAX_LIBRARY_LABELS_PER_OWNER - 1);
    // The owner's last one fits, by hand; then the owner is refused too, in Chinese by default.
    await okData('/labelmanage/set', { action: 'create', name: '最后一个' }, boss);
    const full = await fails('/labelmanage/set', { action: 'create', name: '再多一个' }, 'LABEL_LIMIT_REACHED', boss);
    expect(full.message).toBe('标引数量已达上限（5,000个），请删除不再使用的标引后再试');
    // An import whose labels all exist already still works.
    workbook.getWorksheet('numbers')!.getRow(1).getCell(2).value = '已有1;最后一个';
    const existing = await uploadFile(
      t,
      `/api/product/archive/v2/save?action=import&folderId=${library.id}`,
      { content: Buffer.from(await workbook.xlsx.writeBuffer()), name: 'labels.xlsx' },
      helper,
    );
    expect(existing.json()).toMatchObject({ status: 1, data: { added: 1, labelsCreated: 0 } });
  });

  it('walks every call as a stranger, a member and the owner', async () => {
    const library = await createLibrary('权限库');
    const sub = await createLibrary('子文件夹', owner, library.id);
    await okData('/archive/v2/save', { action: 'collect', folderIds: [sub.id], publicationNumbers: ['CN110000001A'] });
    const label = (await okData('/labelmanage/set', { action: 'create', name: '权限标签' })).label;
    await join(library.id, member);

    const collect = { action: 'collect', folderIds: [sub.id], publicationNumbers: ['CN110000003U'] };
    const apply = { action: 'apply', folderId: sub.id, labelIds: [label.id], publicationNumbers: ['CN110000001A'] };
    const unapply = { action: 'remove', folderId: sub.id, labelIds: [label.id], publicationNumbers: ['CN110000001A'] };
    // [path, body, stranger's answer, member's answer (undefined: answered)]
    const calls: [string, object, string, string | undefined][] = [
      ['/archive/v2/list', { type: 'patents', folderId: sub.id }, 'LIBRARY_NOT_FOUND', undefined],
      ['/archive/v2/oper/log/list', { folderId: sub.id }, 'LIBRARY_NOT_FOUND', undefined],
      ['/labelmanage/list', { folderId: sub.id }, 'LIBRARY_NOT_FOUND', undefined],
      ['/archive/v2/save', collect, 'LIBRARY_NOT_FOUND', undefined],
      ['/labelmanage/set', apply, 'LIBRARY_NOT_FOUND', undefined],
      ['/labelmanage/cancel', unapply, 'LIBRARY_NOT_FOUND', undefined],
      ['/archive/v2/share', { action: 'members', folderId: library.id }, 'LIBRARY_NOT_FOUND', undefined],
      [
        '/archive/v2/delete',
        { action: 'removePatents', folderId: sub.id, publicationNumbers: ['CN110000003U'] },
        'LIBRARY_NOT_FOUND',
        undefined,
      ],
      // Spec 2 §3: regular members cannot create sub-folders; only the owner changes folders and shares.
      [
        '/archive/v2/save',
        { action: 'createFolder', name: 'x', parentId: sub.id },
        'LIBRARY_NOT_FOUND',
        'LIBRARY_OWNER_ONLY',
      ],
      [
        '/archive/v2/update',
        { action: 'rename', folderId: sub.id, name: 'y' },
        'LIBRARY_NOT_FOUND',
        'LIBRARY_OWNER_ONLY',
      ],
      [
        '/archive/v2/update',
        { action: 'remark', folderId: sub.id, remark: 'y' },
        'LIBRARY_NOT_FOUND',
        'LIBRARY_OWNER_ONLY',
      ],
      [
        '/archive/v2/update',
        { action: 'move', folderId: sub.id, parentId: null },
        'LIBRARY_NOT_FOUND',
        'LIBRARY_OWNER_ONLY',
      ],
      ['/archive/v2/delete', { action: 'delete', folderIds: [sub.id] }, 'LIBRARY_NOT_FOUND', 'LIBRARY_OWNER_ONLY'],
      ['/archive/v2/delete', { action: 'purge', folderIds: [sub.id] }, 'LIBRARY_NOT_FOUND', 'LIBRARY_OWNER_ONLY'],
      [
        '/archive/v2/share',
        { action: 'invite', folderId: library.id, emails: [stranger.email] },
        'LIBRARY_NOT_FOUND',
        'LIBRARY_OWNER_ONLY',
      ],
      [
        '/archive/v2/share',
        { action: 'remove', folderId: library.id, userId: member.userId },
        'LIBRARY_NOT_FOUND',
        'LIBRARY_OWNER_ONLY',
      ],
      ['/archive/v2/share', { action: 'disband', folderId: library.id }, 'LIBRARY_NOT_FOUND', 'LIBRARY_OWNER_ONLY'],
      // After sharing is over: an archived library could not be shared.
      ['/archive/v2/update', { action: 'archive', folderId: library.id }, 'LIBRARY_NOT_FOUND', 'LIBRARY_OWNER_ONLY'],
      ['/archive/v2/share/quit', { folderId: library.id }, 'LIBRARY_NOT_FOUND', undefined],
    ];
    for (const [url, body, code] of calls) await fails(url, body, code, stranger);
    expect((await searchSet(sub.id, stranger)).json()).toMatchObject({
      status: 0,
      data: { code: 'LIBRARY_NOT_FOUND' },
    });
    expect(await shared(stranger)).toEqual([]);

    // The member: everything but changing folders and sharing; the last call leaves the library.
    for (const [url, body, , code] of calls) {
      if (code) await fails(url, body, code, member);
      else await okData(url, body, member);
    }
    const log = (await okData('/archive/v2/oper/log/list', { folderId: library.id })).items as {
      userId: string;
      action: string;
    }[];
    expect(log.map((l) => [l.userId === member.userId ? 'member' : 'owner', l.action])).toEqual(
      expect.arrayContaining([
        ['member', 'leave'],
        ['member', 'collect'],
        ['member', 'label'],
        ['member', 'join'],
        ['owner', 'share'],
      ]),
    );
    // Having left, the member is a stranger again.
    await fails('/archive/v2/list', { type: 'patents', folderId: sub.id }, 'LIBRARY_NOT_FOUND', member);

    // The owner is answered by each call (the member's quit aside: the owner cannot leave).
    await join(library.id, member);
    await fails('/archive/v2/share/quit', { folderId: library.id }, 'LIBRARY_OWNER_CANNOT_LEAVE');
    for (const [url, body] of calls) {
      if (url === '/archive/v2/share/quit') continue;
      if (url === '/archive/v2/delete' && (body as { action: string }).action === 'purge') continue;
      if ((body as { action?: string }).action === 'invite') {
        await okData(url, { ...body, emails: [stranger.email] });
        continue;
      }
      await okData(url, body);
    }
    // delete then purge: the folder went to the bin first.
    await okData('/archive/v2/delete', { action: 'purge', folderIds: [sub.id] });
  });

  it('shows "deleted or archived" to members of an archived or binned library; the owner still opens an archived one', async () => {
    const library = await createLibrary('归档库');
    await okData('/archive/v2/save', {
      action: 'collect',
      folderIds: [library.id],
      publicationNumbers: ['CN110000002B'],
    });
    await join(library.id, member);
    await okData('/archive/v2/update', { action: 'archive', folderId: library.id });
    const zh = await fails(
      '/archive/v2/list',
      { type: 'patents', folderId: library.id },
      'LIBRARY_UNAVAILABLE',
      member,
    );
    expect(zh.message).toBe('该专利库已被删除或归档，无法查看');
    const en = await fails(
      '/archive/v2/list',
      { type: 'patents', folderId: library.id },
      'LIBRARY_UNAVAILABLE',
      member,
      'en',
    );
    expect(en.message).toBe('The patent library has been deleted or archived, and cannot be viewed');
    expect((await searchSet(library.id, member)).json()).toMatchObject({
      status: 0,
      data: { code: 'LIBRARY_UNAVAILABLE' },
    });
    // Listed with its state, without its folders.
    const entry = (await shared(member)).find((s) => s.library.id === library.id);
    expect(entry).toMatchObject({ library: { state: 'archived' }, folders: [] });
    await okData('/archive/v2/list', { type: 'patents', folderId: library.id });
    // A library not active cannot be shared further.
    await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: library.id, emails: [stranger.email] },
      'LIBRARY_UNAVAILABLE',
    );

    await okData('/archive/v2/update', { action: 'unarchive', folderId: library.id });
    await okData('/archive/v2/list', { type: 'patents', folderId: library.id }, member);
    await okData('/archive/v2/delete', { action: 'delete', folderIds: [library.id] });
    await fails('/archive/v2/list', { type: 'patents', folderId: library.id }, 'LIBRARY_UNAVAILABLE', member);
    await okData('/archive/v2/delete', { action: 'restore', folderIds: [library.id] });
    await okData('/archive/v2/list', { type: 'patents', folderId: library.id }, member);
  });

  it('shares with a group; declines, removals and disbanding are told; pending invitations expire', async () => {
    const third = await authHeader(t);
    const library = await createLibrary('群组协作库');
    const groupId = (await okData('/group/insert/group', { name: '协作群组' })).id as string;
    await okData('/group/insert/groupMember', { groupId, emails: [member.email, third.email] });
    for (const who of [member, third]) {
      const invitation = (await messagesOf(who)).find((m) => m.kind === 'groupInvite' && m.response === 'pending');
      await okData('/message/update/status', { id: invitation!.id, response: 'accept' }, who);
    }
    // A stranger to the group cannot share with it.
    const strangersLibrary = await createLibrary('陌生人的库', stranger);
    await fails(
      '/archive/v2/share',
      { action: 'invite', folderId: strangersLibrary.id, groupId },
      'GROUP_NOT_FOUND',
      stranger,
    );

    await join(library.id, member);
    const sent = await okData('/archive/v2/share', { action: 'invite', folderId: library.id, groupId });
    expect(sent).toMatchObject({ invited: 1, skipped: 1 });
    await fails('/archive/v2/share', { action: 'invite', folderId: library.id, groupId }, 'LIBRARY_SHARE_NOBODY_NEW');
    expect((await members(library.id)).find((m) => m.userId === third.userId)).toMatchObject({
      status: 'invited',
      groupName: '协作群组',
    });
    // Members see only active members.
    expect((await members(library.id, member)).map((m) => m.userId)).toEqual([owner.userId, member.userId]);

    // The third declines through /archive/v2/share/status/update: the owner is told.
    await okData('/archive/v2/share/status/update', { folderId: library.id, accept: false }, third);
    await fails(
      '/archive/v2/share/status/update',
      { folderId: library.id, accept: true },
      'LIBRARY_NO_INVITATION',
      third,
    );
    expect(
      (await messagesOf(owner)).some((m) => m.kind === 'libraryDeclined' && m.sender?.userId === third.userId),
    ).toBe(true);
    await fails('/archive/v2/list', { type: 'patents', folderId: library.id }, 'LIBRARY_NOT_FOUND', third);

    // Removed: told, and closed out.
    await okData('/archive/v2/share', { action: 'remove', folderId: library.id, userId: member.userId });
    expect(
      (await messagesOf(member)).some((m) => m.kind === 'libraryRemoved' && m.payload.libraryId === library.id),
    ).toBe(true);
    await fails('/archive/v2/list', { type: 'patents', folderId: library.id }, 'LIBRARY_NOT_FOUND', member);
    await fails(
      '/archive/v2/share',
      { action: 'remove', folderId: library.id, userId: member.userId },
      'LIBRARY_NOT_A_MEMBER',
    );

    // Disband: the member is told, the pending invitation expires, the library stays the owner's.
    await join(library.id, member);
    await okData('/archive/v2/share', { action: 'invite', folderId: library.id, emails: [third.email] });
    await okData('/archive/v2/share', { action: 'disband', folderId: library.id });
    expect(
      (await messagesOf(member)).some((m) => m.kind === 'libraryDisbanded' && m.payload.libraryId === library.id),
    ).toBe(true);
    const expired = (await messagesOf(third)).find(
      (m) => m.kind === 'libraryInvite' && m.payload.libraryId === library.id && m.response !== 'declined',
    );
    expect(expired?.response).toBe('expired');
    await fails('/archive/v2/list', { type: 'patents', folderId: library.id }, 'LIBRARY_NOT_FOUND', member);
    expect(await members(library.id)).toHaveLength(1);
    expect((await shared(owner)).some((s) => s.library.id === library.id)).toBe(false);
    await okData('/archive/v2/list', { type: 'patents', folderId: library.id });
  });
});
