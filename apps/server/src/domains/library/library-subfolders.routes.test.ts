import type { LibraryFolder, LibraryFolderList, Message } from '@patlas/contracts';
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
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

/**
 * Issue 43 item 12: a library whose patents sit in a sub-folder opened as "共 0 件" for its owner
 * and its members (the set read one folder only); a parent folder showed 0 for a label its
 * sub-folder uses; a member's own tree did not show the library shared with them; result rows
 * did not show the user's labels.
 */
describe.each(await reachableDialects())('a library with sub-folders on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let library: LibraryFolder;
  let sub: LibraryFolder;
  let labelId: string;

  const { okData } = productCalls(
    () => t,
    () => owner,
  );
  const createFolder = async (name: string, parentId?: string) =>
    (await okData('/archive/v2/save', { action: 'createFolder', name, ...(parentId ? { parentId } : {}) }))
      .folder as LibraryFolder;
  const collect = (folderId: string, publicationNumbers: string[]) =>
    okData('/archive/v2/save', { action: 'collect', folderIds: [folderId], publicationNumbers });
  const searchSet = async (key: string, who: AuthHeader, extra: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre: '', set: { kind: 'library', key, ...extra } },
      headers: { authorization: who.authorization, 'accept-language': 'zh' },
    });
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data as { total: number; items: { publicationNumber: string }[] };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await authHeader(t);
    member = await authHeader(t);
    await indexPatents(t, buildBatteryCorpus());
    library = await createFolder('电池库');
    sub = await createFolder('正极', library.id);
    const deeper = await createFolder('材料', sub.id);
    // The top folder holds nothing itself; one patent sits in two sub-folders.
    await collect(sub.id, ['CN110000001A', 'CN110000002B']);
    await collect(deeper.id, ['CN110000002B', 'CN110000003U']);
    labelId = (await okData('/labelmanage/set', { action: 'create', name: '重点' })).label.id;
    await okData('/labelmanage/set', {
      action: 'apply',
      folderId: deeper.id,
      labelIds: [labelId],
      publicationNumbers: ['CN110000002B', 'CN110000003U'],
    });
    await okData('/labelmanage/set', {
      action: 'apply',
      folderId: sub.id,
      labelIds: [labelId],
      publicationNumbers: ['CN110000002B'],
    });
    await okData('/archive/v2/share', { action: 'invite', folderId: library.id, emails: [member.email] });
    const messages = (await okData('/message/query/message', { pageSize: 100 }, member)).items as Message[];
    const invitation = messages.find((m) => m.kind === 'libraryInvite')!;
    await okData('/message/update/status', { id: invitation.id, response: 'accept' }, member);
  });
  afterAll(async () => t.close());

  it("opens a library as its sub-folders' patents, each once, for the owner and the member", async () => {
    for (const who of [owner, member]) {
      const whole = await searchSet(library.id, who);
      expect(whole.total).toBe(3);
      expect(whole.items.map((i) => i.publicationNumber).sort()).toEqual([
        'CN110000001A',
        'CN110000002B',
        'CN110000003U',
      ]);
      expect((await searchSet(sub.id, who)).total).toBe(3);
      // With a label: the labelled patents of the folder and its sub-folders.
      expect((await searchSet(library.id, who, { labelId })).total).toBe(2);
    }
  });

  it("counts a label in a folder with its sub-folders' patents", async () => {
    const counts = async (folderId: string) =>
      ((await okData('/labelmanage/list', { folderId })).labels as { id: string; count: number }[]).find(
        (l) => l.id === labelId,
      )?.count;
    expect(await counts(library.id)).toBe(2);
    expect(await counts(sub.id)).toBe(2);
  });

  it("shows the shared library in the member's own tree, under shared with me", async () => {
    const tree = (await okData('/archive/v2/list', { type: 'folders' }, member)) as LibraryFolderList;
    expect(tree.folders).toEqual([]);
    expect(tree.sharedWithMe).toHaveLength(1);
    expect(tree.sharedWithMe![0]!.library).toMatchObject({ id: library.id, name: '电池库', totalCount: 4 });
    expect(tree.sharedWithMe![0]!.folders.map((f) => f.name)).toEqual(['电池库', '正极', '材料']);
    expect(tree.sharedWithMe![0]!.owner.email).toBe(owner.email);
    // The owner's own tree has no such node.
    const own = (await okData('/archive/v2/list', { type: 'folders' })) as LibraryFolderList;
    expect(own.sharedWithMe).toEqual([]);
  });

  it("names the user's labels of each result (the result rows show them)", async () => {
    const held = await okData('/archive/v2/list', {
      type: 'holding',
      publicationNumbers: ['CN110000001A', 'CN110000002B', 'CN110000003U'],
    });
    expect(held.labels).toEqual({
      CN110000002B: [{ id: labelId, name: '重点' }],
      CN110000003U: [{ id: labelId, name: '重点' }],
    });
  });
});
