import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, passwordLogin, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

interface Envelope<T = Record<string, unknown>> {
  status: number;
  message: string;
  data: T & { code?: string; field?: string };
}

const HOSTILE = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`.slice(0, 50);

describe.each(dialects)("operators' area on %s", (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let operator: AuthHeader & { userId: string; email: string };

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: AuthHeader = operator,
  ) => {
    const res = await t.app.inject({ method, url: `/api/product/sys${url}`, headers, ...(payload ? { payload } : {}) });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const menuOf = async (token: string) =>
    (
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/product/user/menu',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as {
        data: { menu: string[] };
      }
    ).data.menu;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    operator = await authHeader(t, ['/sys']);
  });
  afterAll(async () => t.close());

  it('creates a user who logs in; disabling refuses the login and ends the session; reset password works', async () => {
    const role = await call<{ id: string }>('POST', '/roles', { name: 'Searchers', permissions: ['/search/quick'] });
    expect(role.statusCode).toBe(200);
    const created = await call<{ userId: string; password?: string; roleIds: string[] }>('POST', '/users', {
      email: 'New.Person@Example.org',
      fullname: 'New Person',
      password: 'first password',
      roleIds: [role.body.data.id],
    });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({
      email: 'new.person@example.org',
      roleIds: [role.body.data.id],
      disabled: false,
    });
    expect(created.body.data.password).toBeUndefined();
    const userId = created.body.data.userId;

    const login = await passwordLogin(t, 'new.person@example.org', 'first password');
    const token = (login.json() as Envelope<{ access_token: string }>).data.access_token;
    expect(await menuOf(token)).toEqual(['/search/quick']);

    const taken = await call('POST', '/users', { email: 'new.person@example.org', fullname: 'Again' });
    expect([taken.statusCode, taken.body.data.code]).toEqual([409, 'EMAIL_TAKEN']);

    const disabled = await call<{ disabled: boolean }>('PATCH', `/users/${userId}`, { disabled: true });
    expect(disabled.body.data.disabled).toBe(true);
    const kicked = await t.app.inject({
      method: 'POST',
      url: '/api/product/user/menu',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(kicked.statusCode).toBe(401);
    const refused = await passwordLogin(t, 'new.person@example.org', 'first password');
    expect((refused.json() as Envelope).data.code).toBe('ACCOUNT_DISABLED');

    await call('PATCH', `/users/${userId}`, { disabled: false });
    const reset = await call<{ password: string }>('POST', `/users/${userId}/resetPassword`);
    expect(reset.body.data.password).toMatch(/^\S{16}$/);
    expect(((await passwordLogin(t, 'new.person@example.org', 'first password')).json() as Envelope).data.code).toBe(
      'LOGIN_FAILED',
    );
    expect(
      ((await passwordLogin(t, 'new.person@example.org', reset.body.data.password)).json() as Envelope).status,
    ).toBe(1);

    const audit = await call<{ items: { action: string; targetId: string | null; actorId: string | null }[] }>(
      'GET',
      `/audit?userId=${userId}&pageSize=100`,
    );
    const actions = audit.body.data.items.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user_create', 'user_update', 'password_reset', 'login']));
    expect(audit.body.data.items.find((e) => e.action === 'user_create')?.actorId).toBe(operator.userId);
  });

  it('generates a password when none is given, answered once', async () => {
    const created = await call<{ password?: string }>('POST', '/users', { email: 'gen@example.org', fullname: 'Gen' });
    expect(created.body.data.password).toMatch(/^\S{16}$/);
    expect(((await passwordLogin(t, 'gen@example.org', created.body.data.password!)).json() as Envelope).status).toBe(
      1,
    );
    const listed = await call<{ items: Record<string, unknown>[]; total: number }>('GET', '/users?keyword=GEN@');
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.items[0]).not.toHaveProperty('password');
  });

  it("reflects a role's permission change in /user/menu at once and audits it", async () => {
    const role = await call<{ id: string }>('POST', '/roles', { name: 'Readers', permissions: ['/search/detail'] });
    const user = await call<{ userId: string; password: string }>('POST', '/users', {
      email: 'reader@example.org',
      fullname: 'Reader',
      roleIds: [role.body.data.id],
    });
    const login = await passwordLogin(t, 'reader@example.org', user.body.data.password);
    const token = (login.json() as Envelope<{ access_token: string }>).data.access_token;
    expect(await menuOf(token)).toEqual(['/search/detail']);
    const changed = await call('PATCH', `/roles/${role.body.data.id}`, {
      permissions: ['/search/detail', '/patentMap'],
    });
    expect(changed.statusCode).toBe(200);
    expect(await menuOf(token)).toEqual(['/patentMap', '/search/detail']);
    const audit = await call<{ items: { detail: Record<string, unknown>; targetId: string }[] }>(
      'GET',
      '/audit?action=permission_change',
    );
    expect(audit.body.data.items[0]).toMatchObject({
      targetId: role.body.data.id,
      detail: { kind: 'role_permissions', before: ['/search/detail'], after: ['/search/detail', '/patentMap'] },
    });
    // giving the user another role is a permission change too
    const other = await call<{ id: string }>('POST', '/roles', { name: 'Mappers', permissions: ['/warning'] });
    await call('PATCH', `/users/${user.body.data.userId}`, { roleIds: [role.body.data.id, other.body.data.id] });
    expect(await menuOf(token)).toContain('/warning');
    const userAudit = await call<{ items: { action: string }[] }>(
      'GET',
      `/audit?action=permission_change&userId=${user.body.data.userId}`,
    );
    expect(userAudit.body.data.items).toHaveLength(1);
  });

  it('protects built-in roles and refuses unknown permissions and role ids', async () => {
    const roles = await call<{ id: string; name: string; builtIn: boolean; permissions: string[] }[]>('GET', '/roles');
    const admin = roles.body.data.find((r) => r.name === '管理员')!;
    expect(admin.builtIn).toBe(true);
    expect(admin.permissions).toContain('/sys');
    const allFeatures = roles.body.data.find((r) => r.name === '全部功能')!;
    expect(allFeatures.permissions).not.toContain('/sys');
    expect((await call('DELETE', `/roles/${admin.id}`)).body.data.code).toBe('ROLE_BUILT_IN');
    expect((await call('PATCH', `/roles/${allFeatures.id}`, { permissions: [] })).body.data.code).toBe('ROLE_BUILT_IN');
    const unknownPermission = await call('POST', '/roles', { name: 'Bad', permissions: ['/not-a-permission'] });
    expect([unknownPermission.statusCode, unknownPermission.body.data.field]).toEqual([400, 'permissions.0']);
    const unknownRole = await call('POST', '/users', { email: 'x@example.org', fullname: 'X', roleIds: ['nope'] });
    expect(unknownRole.body.data).toEqual({ code: 'ROLE_NOT_FOUND', field: 'roleIds' });
    const dup = await call('POST', '/roles', { name: 'Readers', permissions: [] });
    expect(dup.body.data.code).toBe('ROLE_NAME_TAKEN');
    const temp = await call<{ id: string }>('POST', '/roles', { name: 'Temporary', permissions: [] });
    expect((await call('DELETE', `/roles/${temp.body.data.id}`)).body.status).toBe(1);
    expect((await call('GET', '/audit?action=role_delete')).body.data).toMatchObject({ total: 1 });
  });

  it('keeps an operator from locking themselves out', async () => {
    const self = await call('PATCH', `/users/${operator.userId}`, { disabled: true });
    expect(self.body.data.code).toBe('SYS_SELF_LOCKOUT');
    const noSys = await call('PATCH', `/users/${operator.userId}`, { roleIds: [] });
    expect(noSys.body.data.code).toBe('SYS_SELF_LOCKOUT');
  });

  it('validates tenant CIDR ranges (IPv4 and IPv6) and names the bad entry', async () => {
    const bad = await call('POST', '/tenants', { code: 'uni', name: 'Uni', ipRanges: ['10.0.0.0/8', '10.0.0.0/33'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data).toEqual({ code: 'IP_RANGE_INVALID', field: 'ipRanges.1' });
    expect(bad.body.message).toContain('10.0.0.0/33');
    const created = await call<{ id: string; ipRanges: string[]; onlineCap: number | null }>('POST', '/tenants', {
      code: 'uni',
      name: 'Uni',
      ipRanges: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'],
      onlineCap: 5,
    });
    expect(created.body.data).toMatchObject({ ipRanges: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'], onlineCap: 5 });
    const badPatch = await call('PATCH', `/tenants/${created.body.data.id}`, { ipRanges: ['not an ip'] });
    expect(badPatch.body.data.field).toBe('ipRanges.0');
    const dup = await call('POST', '/tenants', { code: 'uni', name: 'Again' });
    expect(dup.body.data.code).toBe('TENANT_CODE_TAKEN');
    const tenants = await call<{ code: string; id: string }[]>('GET', '/tenants');
    const defaultTenant = tenants.body.data.find((x) => x.code === 'default')!;
    expect((await call('DELETE', `/tenants/${defaultTenant.id}`)).body.data.code).toBe('TENANT_DEFAULT');
    expect((await call('DELETE', `/tenants/${created.body.data.id}`)).body.status).toBe(1);
  });

  it('stores hostile text verbatim and refuses oversize fields with 400 naming the field', async () => {
    const role = await call<{ id: string; name: string }>('POST', '/roles', { name: HOSTILE, permissions: [] });
    expect(role.body.data.name).toBe(HOSTILE);
    const tenant = await call<{ name: string }>('POST', '/tenants', { code: 'evil', name: HOSTILE });
    expect(tenant.body.data.name).toBe(HOSTILE);
    const user = await call<{ fullname: string; userId: string }>('POST', '/users', {
      email: 'hostile@example.org',
      fullname: HOSTILE,
    });
    expect(user.body.data.fullname).toBe(HOSTILE);
    const listed = await call<{ items: { fullname: string }[] }>(
      'GET',
      `/users?keyword=${encodeURIComponent("Robert');")}`,
    );
    expect(listed.body.data.items.map((u) => u.fullname)).toEqual([HOSTILE]);
    const percent = await call<{ total: number }>('GET', `/users?keyword=${encodeURIComponent('%')}`);
    expect(percent.body.data.total).toBe(0);

    const longName = await call('POST', '/users', { email: 'long@example.org', fullname: 'x'.repeat(51) });
    expect([longName.statusCode, longName.body.data.field]).toEqual([400, 'fullname']);
    const longRole = await call('POST', '/roles', { name: 'r'.repeat(51), permissions: [] });
    expect([longRole.statusCode, longRole.body.data.field]).toEqual([400, 'name']);
    const longTenant = await call('POST', '/tenants', { code: 'c', name: 'n'.repeat(201) });
    expect([longTenant.statusCode, longTenant.body.data.field]).toEqual([400, 'name']);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/product/sys/roles',
      headers: { ...operator, 'accept-language': 'en' },
      payload: { name: 'r'.repeat(51), permissions: [] },
    });
    expect((en.json() as Envelope).message).toMatch(/^Invalid parameter: name must be at most 50/);
  });

  it('edits the site text and lists trial applications', async () => {
    const before = await call<{ name: string; content: string }[]>('GET', '/display/copy');
    expect(before.body.data.length).toBeGreaterThan(0);
    const put = await call<{ name: string; content: string }[]>('PUT', '/display/copy', {
      items: [{ name: 'productName', content: 'Patlas <b>test</b>' }],
    });
    expect(put.body.data).toEqual([{ name: 'productName', content: 'Patlas <b>test</b>' }]);
    expect((await call('GET', '/audit?action=display_copy_update')).body.data).toMatchObject({ total: 1 });
    const tryouts = await call<{ total: number; items: unknown[] }>('GET', '/tryout');
    expect(tryouts.body.data).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('sets export and favourites quotas the user then sees in /user/limit, and lifts them with null', async () => {
    const user = await authHeader(t);
    const limitOf = async () =>
      (
        (
          await t.app.inject({ method: 'POST', url: '/api/product/user/limit', headers: user, payload: {} })
        ).json() as Envelope<Record<string, { limit: number | null; used: number }>>
      ).data;
    expect((await limitOf()).export).toEqual({ limit: null, used: 0 });
    const set = await call<{ quotas: Record<string, number | null> }>('PATCH', `/users/${user.userId}`, {
      quotas: { export: 2000, favorites: 500 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.body.data.quotas).toMatchObject({ export: 2000, favorites: 500 });
    const limits = await limitOf();
    expect(limits.export).toEqual({ limit: 2000, used: 0 });
    expect(limits.favorites).toEqual({ limit: 500, used: 0 });
    const negative = await call('PATCH', `/users/${user.userId}`, { quotas: { export: -1 } });
    expect(negative.statusCode).toBe(400);
    await call('PATCH', `/users/${user.userId}`, { quotas: { export: null, favorites: 500 } });
    expect((await limitOf()).export).toEqual({ limit: null, used: 0 });
  });

  it('refuses all of it without the /sys permission', async () => {
    const demo = await authHeader(t, ['/search/quick']);
    expect((await call('GET', '/users', undefined, demo)).statusCode).toBe(403);
  });
});
