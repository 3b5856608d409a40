import type { Party, Patent } from '@patlas/contracts';
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
  role: 'owner' | 'shared';
  shareStatus?: string;
  sharedWith: number;
  members: { name: string; variants: string[] }[];
}

const CATL: Party = { name: '宁德时代新能源科技股份有限公司' };
const CATL_EN: Party = {
  name: 'CONTEMPORARY AMPEREX TECHNOLOGY CO LTD',
  standardName: '宁德时代新能源科技股份有限公司',
};
const BYD: Party = { name: '比亚迪股份有限公司' };
const OTHER: Party = { name: '清华大学' };
const APPLICANTS: Party[][] = [[CATL], [CATL_EN], [BYD], [OTHER], [OTHER, BYD]];

function patent(i: number): Patent {
  return {
    publicationNumber: `CN${String(150000000 + i)}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { lang: 'zh', text: `一种电池模组${i}` },
    applicants: APPLICANTS[i % APPLICANTS.length]!,
    applicationDate: `20${10 + (i % 10)}-03-01`,
    publicationDate: `20${11 + (i % 10)}-01-15`,
  };
}
const CORPUS = Array.from({ length: 20 }, (_, i) => patent(i));
const inGroup = CORPUS.filter((p) =>
  (p.applicants ?? []).some((a) => [CATL.name, CATL_EN.name, BYD.name].includes(a.name)),
).length;

describe.each(dialects)('applicant groups API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let owner: User;
  let friend: User;
  let stranger: User;

  const call = async (method: string, url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') => {
    const response = await t.app.inject({
      method: method as 'POST',
      url: `/api/product${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
    return { code: response.statusCode, body: response.json<Body>() };
  };
  const listOf = async (who: AuthHeader): Promise<GroupView[]> =>
    (await call('GET', '/applicantgroup/list', undefined, who)).body.data.items as GroupView[];
  const search = (expr: string, who: AuthHeader, lang = 'zh') =>
    call(
      'POST',
      '/search/searchNew',
      { searchExpre: expr, mergeType: 0, page: 1, pageSize: 20, highlight: false },
      who,
      lang,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [owner, friend, stranger] = [await authHeader(t), await authHeader(t), await authHeader(t)];
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t?.close());

  it('applies the name rules of spec 2 §5, in both languages', async () => {
    const members = [{ name: CATL.name, variants: [] }];
    const insert = (name: string, lang = 'zh') =>
      call('POST', '/applicantgroup/insert', { name, members }, owner, lang);
    expect((await insert('  ')).body).toMatchObject({ status: 0, message: '请输入申请人组名称' });
    expect((await insert('电池2')).body).toMatchObject({ status: 0, message: '名称不能包含数字' });
    expect((await insert('电池 组')).body).toMatchObject({ status: 0, message: '名称只能包含中文和大写字母' });
    expect((await insert('battery-x', 'en')).body.message).toBe(
      'The name may contain only Chinese characters and uppercase letters',
    );
    expect((await insert('电池2', 'en')).body.message).toBe('The name may not contain digits');
    expect((await call('POST', '/applicantgroup/insert', { name: '电池', members: [] }, owner)).body.message).toBe(
      '请至少添加一个申请人',
    );
    // Lowercase becomes uppercase.
    const lower = await insert('catl');
    expect(lower.body.status).toBe(1);
    expect(lower.body.data.name).toBe('CATL');
    const again = await insert('CATL', 'en');
    expect(again.body).toMatchObject({
      status: 0,
      message: 'An applicant group with this name already exists',
      data: { code: 'APPLICANT_GROUP_NAME_EXISTS' },
    });
    // Another user may use the same name.
    expect((await call('POST', '/applicantgroup/insert', { name: 'CATL', members }, stranger)).body.status).toBe(1);
    expect(
      (await call('DELETE', `/applicantgroup/delete/${lower.body.data.id as string}`, undefined, owner)).body.status,
    ).toBe(1);
    expect(await listOf(owner)).toEqual([]);
  });

  it('creates, edits and pages groups; a stranger neither sees nor changes them', async () => {
    const created = await call(
      'POST',
      '/applicantgroup/insert',
      { name: '电池龙头', members: [{ name: CATL.name, variants: [CATL_EN.name, CATL.name] }] },
      owner,
    );
    expect(created.body.data).toMatchObject({
      name: '电池龙头',
      role: 'owner',
      members: [{ name: CATL.name, variants: [CATL_EN.name] }],
    });
    const id = created.body.data.id as string;
    const updated = await call(
      'PUT',
      '/applicantgroup/update',
      {
        id,
        name: '电池龙头',
        members: [
          { name: CATL.name, variants: [CATL_EN.name] },
          { name: BYD.name, variants: [] },
        ],
      },
      owner,
    );
    expect(updated.body.status).toBe(1);
    expect((updated.body.data as unknown as GroupView).members.map((m) => m.name)).toEqual([CATL.name, BYD.name]);
    const page = await call('POST', '/applicantgroup/page/list', { page: 1, pageSize: 10, keyword: '比亚迪' }, owner);
    expect(page.body.data).toMatchObject({ total: 1, page: 1 });
    const none = await call('POST', '/applicantgroup/page/list', { page: 1, pageSize: 10, keyword: '华为' }, owner);
    expect(none.body.data.total).toBe(0);
    const foreign = await call(
      'PUT',
      '/applicantgroup/update',
      { id, name: '偷改', members: [{ name: 'X', variants: [] }] },
      stranger,
    );
    expect(foreign.body.data.code).toBe('APPLICANT_GROUP_NOT_FOUND');
    expect((await call('DELETE', `/applicantgroup/delete/${id}`, undefined, stranger)).body.data.code).toBe(
      'APPLICANT_GROUP_NOT_FOUND',
    );
    expect((await listOf(stranger)).map((g) => g.name)).toEqual(['CATL']);
  });

  it('searches PA=@组名 as its names and variants ORed, and refuses an unknown group with its column', async () => {
    const result = await search('PA=@电池龙头', owner);
    expect(result.body.status, result.body.message).toBe(1);
    expect(result.body.data.total).toBe(inGroup);
    // Lowercase and combined with other conditions.
    const combined = await search('TI=电池模组 AND NOT PA=@电池龙头', owner);
    expect(combined.body.data.total).toBe(CORPUS.length - inGroup);
    const unknown = await search('TI=电池 AND PA=@没有这个组', owner);
    expect(unknown.body).toMatchObject({ status: 0, data: { code: 'QUERY_APPLICANT_GROUP_NOT_FOUND' } });
    expect(unknown.body.message).toContain('第 14 列的“@没有这个组”不是您的申请人组');
    const unknownEn = await search('PA=@电池龙头', stranger, 'en');
    expect(unknownEn.body.message).toContain('"@电池龙头" is not one of your applicant groups');
  });

  it('shares with at most 5 registered users by e-mail; the recipient confirms before using it', async () => {
    const [group] = await listOf(owner);
    const id = group!.id;
    const unknown = await call('POST', '/applicantgroup/share', { id, emails: ['nobody@nowhere.test'] }, owner);
    expect(unknown.body.message).toBe('邮箱不存在：nobody@nowhere.test');
    const tooMany = await call(
      'POST',
      '/applicantgroup/share',
      { id, emails: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test', 'f@x.test'] },
      owner,
    );
    expect(tooMany.body.data.code).toBe('SHARE_TOO_MANY_RECIPIENTS');
    const byFriend = await call('POST', '/applicantgroup/share', { id, emails: [owner.email] }, friend);
    expect(byFriend.body.data.code).toBe('APPLICANT_GROUP_NOT_FOUND');
    const found = await call('POST', '/applicantgroup/searchEmail', { email: friend.email.toUpperCase() }, owner);
    expect(found.body.data.items).toEqual([expect.objectContaining({ email: friend.email })]);
    const shared = await call('POST', '/applicantgroup/share', { id, emails: [friend.email] }, owner);
    expect(shared.body.data).toEqual({ shared: 1 });
    const twice = await call('POST', '/applicantgroup/share', { id, emails: [friend.email] }, owner, 'en');
    expect(twice.body.message).toBe(`Already shared with this e-mail: ${friend.email}`);
    const info = await call('POST', '/applicantgroup/getShareInfoList', { id }, owner);
    expect(info.body.data.items).toEqual([expect.objectContaining({ email: friend.email, status: 'pending' })]);
    expect((await listOf(owner))[0]!.sharedWith).toBe(1);

    // Pending: listed, not yet usable.
    expect((await listOf(friend)).map((g) => [g.name, g.role, g.shareStatus])).toEqual([
      ['电池龙头', 'shared', 'pending'],
    ]);
    expect((await search('PA=@电池龙头', friend)).body.data.code).toBe('QUERY_APPLICANT_GROUP_NOT_FOUND');
    expect((await call('POST', '/applicantgroup/shareConfirm', { id, accept: true }, stranger)).body.data.code).toBe(
      'APPLICANT_GROUP_NO_SHARE',
    );
    expect((await call('POST', '/applicantgroup/shareConfirm', { id, accept: true }, friend)).body.status).toBe(1);
    const used = await search('PA=@电池龙头', friend);
    expect(used.body.data.total).toBe(inGroup);
    // Only the owner edits or shares it.
    expect((await call('POST', '/applicantgroup/getShareInfoList', { id }, friend)).body.data.code).toBe(
      'APPLICANT_GROUP_OWNER_ONLY',
    );
    // The recipient's delete removes it from their list only.
    expect((await call('DELETE', `/applicantgroup/delete/${id}`, undefined, friend)).body.status).toBe(1);
    expect(await listOf(friend)).toEqual([]);
    expect((await listOf(owner)).map((g) => g.name)).toEqual(['电池龙头']);
  });

  it('suggests standardised applicants with the spellings they merge', async () => {
    const result = await call('POST', '/applicantgroup/searchApplicant', { keyword: '宁德时代' }, owner);
    expect(result.body.status, result.body.message).toBe(1);
    const items = result.body.data.items as { name: string; variants: string[] }[];
    expect(items[0]).toMatchObject({ name: CATL.name });
    expect(items[0]!.variants).toContain(CATL_EN.name);
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/applicantgroup/list', undefined, null)).code).toBe(401);
  });
});
