import { DEFAULT_SEMANTIC_WEIGHTS, FUNCTION_GUIDE_KEYS, QUOTA_KINDS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  loginAs,
  passwordLogin,
  reachableDialects,
  setPassword,
  type AuthHeader,
} from '../../../test/helpers.js';
import { verifyPassword } from '../auth/index.js';
import { DisplayCopyRepository } from './display-copy.repository.js';
import { FUNCTION_GUIDE } from './function-guide.js';

const dialects = await reachableDialects();

describe.each(dialects)('own account and account settings on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  /** A password account with every permission. */
  let me: AuthHeader & { userId: string; email: string };
  /** An IP-login visitor whose organisation's IP role has the account permissions too. */
  let ipVisitor: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    me = await authHeader(t);
    await setPassword(t, me.email, 'current-password');
    const { repositories, services } = t.context;
    const tenant = (await repositories.tenants.findByCode('default'))!;
    const ipRole = await repositories.roles.create({
      name: 'ip-visitors',
      permissions: ['/search/quick', 'userInfo', 'modifyPassword'],
    });
    await repositories.tenants.update(tenant.id, { ipRanges: ['10.0.0.0/8'], ipRoleIds: [ipRole.id] });
    const tokens = await services.sessions.open({ userId: null, tenantId: tenant.id, loginType: 'ip', ip: '10.1.2.3' });
    ipVisitor = { authorization: `Bearer ${tokens.accessToken}` };
  });
  afterAll(async () => t.close());

  const post = (url: string, caller: AuthHeader, payload?: object, lang?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: caller.authorization, ...(lang ? { 'accept-language': lang } : {}) },
      ...(payload ? { payload } : {}),
    });

  describe('password', () => {
    it('refuses a wrong current password', async () => {
      const response = await post('/api/platform/platform/update/password', me, {
        oldPassword: 'not-my-password',
        newPassword: 'another-password',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 0,
        message: '当前密码不正确',
        data: { code: 'CURRENT_PASSWORD_WRONG' },
      });
    });

    it('refuses a too-short new password naming the field', async () => {
      const response = await post('/api/platform/platform/update/password', me, {
        oldPassword: 'current-password',
        newPassword: 'short',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'newPassword' } });
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const other = await loginAs(t, me.email);
      const response = await post('/api/platform/platform/update/password', me, {
        oldPassword: 'current-password',
        newPassword: 'changed-password',
      });
      expect(response.json()).toEqual({ status: 1, message: '', data: null });

      expect((await post('/api/product/user/info', me)).statusCode).toBe(200);
      expect((await post('/api/product/user/info', other)).statusCode).toBe(401);
      const user = await t.context.repositories.users.findById(me.userId);
      expect(await verifyPassword(user!.password_hash!, 'changed-password')).toBe(true);
      expect((await passwordLogin(t, me.email, 'current-password')).json()).toMatchObject({
        data: { code: 'LOGIN_FAILED' },
      });
      const audit = await t.context.services.audit.list({
        page: 1,
        pageSize: 5,
        action: 'password_change',
        userId: me.userId,
      });
      expect(audit.items[0]?.detail).toEqual({ endedSessions: 1, revokedApiTokens: 0 });
    });

    it('needs the modifyPassword permission', async () => {
      const noPermission = await authHeader(t, ['/search/quick']);
      const response = await post('/api/platform/platform/update/password', noPermission, {
        oldPassword: 'x',
        newPassword: 'whatever-password',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ data: { code: 'FORBIDDEN' } });
    });
  });

  describe('name and e-mail', () => {
    it('changes the name by POST body and by GET query, storing hostile text verbatim', async () => {
      const hostile = `<script>alert(1)</script>'; DROP TABLE users;--`;
      const byPost = await post('/api/platform/platform/update/fullname', me, { fullname: hostile });
      expect(byPost.json()).toEqual({ status: 1, message: '', data: { fullname: hostile } });
      expect((await t.context.repositories.users.findById(me.userId))?.fullname).toBe(hostile);

      const byGet = await t.app.inject({
        method: 'GET',
        url: `/api/platform/platform/update/fullname?fullname=${encodeURIComponent('李四')}`,
        headers: { authorization: me.authorization },
      });
      expect(byGet.json()).toMatchObject({ status: 1, data: { fullname: '李四' } });
      expect((await post('/api/product/user/info', me)).json().data.fullname).toBe('李四');
    });

    it('refuses an empty or oversize name naming the field', async () => {
      const blank = await post('/api/platform/platform/update/fullname', me, { fullname: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'fullname' } });
      const long = await post('/api/platform/platform/update/fullname', me, { fullname: '名'.repeat(51) }, 'en');
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ data: { field: 'fullname' } });
      expect(long.json().message).toBe('Invalid parameter: fullname must be at most 50 (length or value)');
    });

    it('needs the userInfo permission', async () => {
      const noPermission = await authHeader(t, ['/search/quick', 'modifyPassword']);
      const response = await post('/api/platform/platform/update/fullname', noPermission, { fullname: 'x' });
      expect(response.statusCode).toBe(403);
    });

    it('asks for an e-mail change only with the current password and only to a free address', async () => {
      const wrong = await post('/api/platform/platform/update/email', me, {
        email: 'moved@example.com',
        password: 'not-it',
      });
      expect(wrong.json()).toMatchObject({ status: 0, data: { code: 'CURRENT_PASSWORD_WRONG' } });

      const someoneElse = await authHeader(t);
      const taken = await post('/api/platform/platform/update/email', me, {
        email: someoneElse.email.toUpperCase(),
        password: 'changed-password',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ data: { code: 'EMAIL_TAKEN' } });

      const noPassword = await post('/api/platform/platform/update/email', me, { email: 'moved@example.com' });
      expect(noPassword.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'password' } });

      // Issue 41: the change waits for the link mailed to the new address (account-hardening.test.ts).
      const moved = await post('/api/platform/platform/update/email', me, {
        email: ' Moved@Example.com ',
        password: 'changed-password',
      });
      expect(moved.json()).toEqual({
        status: 1,
        message: '',
        data: { email: me.email, pendingEmail: 'moved@example.com' },
      });
      expect((await t.context.repositories.users.findById(me.userId))?.email).toBe(me.email);
    });

    it('answers the e-mail change by GET query as well', async () => {
      const query = new URLSearchParams({ email: 'moved-again@example.com', password: 'changed-password' });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/platform/platform/update/email?${query}`,
        headers: { authorization: me.authorization },
      });
      expect(response.json()).toMatchObject({
        status: 1,
        data: { email: me.email, pendingEmail: 'moved-again@example.com' },
      });
    });

    it('refuses own-account changes from an IP-login visitor with a clear message', async () => {
      const response = await post('/api/platform/platform/update/fullname', ipVisitor, { fullname: 'x' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        status: 0,
        message: 'IP 登录用户没有个人账号，无法使用此功能，请使用邮箱和密码登录',
        data: { code: 'ACCOUNT_IP_VISITOR' },
      });
      const password = await post('/api/platform/platform/update/password', ipVisitor, {
        oldPassword: 'x',
        newPassword: 'whatever-password',
      });
      expect(password.json()).toMatchObject({ data: { code: 'ACCOUNT_IP_VISITOR' } });
    });
  });

  describe('user info and limits', () => {
    it('answers the user info of a password login', async () => {
      await t.context.repositories.users.update(me.userId, { lastLoginAt: '2026-01-01T00:00:00.000Z' });
      const response = await post('/api/product/user/info', me);
      expect(response.statusCode).toBe(200);
      const tenant = await t.context.repositories.tenants.findByCode('default');
      expect(response.json().data).toMatchObject({
        userId: me.userId,
        email: me.email,
        tenantId: tenant!.id,
        tenantCode: 'default',
        canOperation: true,
        loginType: 'password',
        userCreationDays: 0,
        lastLoginTime: 1_767_225_600,
        userCustomConfig: { theme: 2, language: 'zh', semanticsSearchWeightInfo: DEFAULT_SEMANTIC_WEIGHTS },
      });
    });

    it('answers a synthetic user info for an IP-login visitor', async () => {
      const response = await post('/api/product/user/info', ipVisitor);
      expect(response.json().data).toMatchObject({
        userId: '',
        fullname: '默认机构',
        email: '',
        tenantCode: 'default',
        canOperation: false,
        loginType: 'ip',
        lastLoginTime: null,
      });
    });

    it('needs a token', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/product/user/info' });
      expect(response.statusCode).toBe(401);
    });

    it('answers every quota kind with the operator-set limit and what is used', async () => {
      await t.context.repositories.users.update(me.userId, { quotas: { export: 300, report: 0 } });
      const response = await post('/api/product/user/limit', me);
      const data = response.json().data as Record<string, { limit: number | null; used: number }>;
      expect(Object.keys(data).sort()).toEqual([...QUOTA_KINDS].sort());
      expect(data['export']).toEqual({ limit: 300, used: 0 });
      expect(data['report']).toEqual({ limit: 0, used: 0 });
      expect(data['favorites']).toEqual({ limit: null, used: 0 });
    });
  });

  describe('guide reminders', () => {
    it('lists the guide in the request language and remembers clicks', async () => {
      const zh = (
        await t.app.inject({
          method: 'GET',
          url: '/api/product/user/functionGuide',
          headers: { authorization: me.authorization },
        })
      ).json();
      expect(zh.data).toHaveLength(FUNCTION_GUIDE.length);
      // The contract's keys (what saveFunctionGuide accepts) are the guide's, one reminder each.
      expect(FUNCTION_GUIDE.map((item) => item.remindKey)).toEqual([...FUNCTION_GUIDE_KEYS]);
      expect(zh.data[0]).toEqual({
        label: '检索',
        remindKey: 'search',
        parentRemind: null,
        hasClick: false,
        path: '/home?tabName=quick',
      });
      // Every reminder opens the page of a feature that exists; the workbench (libraries) does not yet.
      for (const item of zh.data as { remindKey: string; path?: string }[]) expect(item.path).toMatch(/^\/[a-zA-Z]/);
      expect((zh.data as { remindKey: string }[]).map((item) => item.remindKey)).not.toContain('workbench');

      expect((await post('/api/product/user/saveFunctionGuide', me, { remindKey: 'quickSearch' })).json()).toEqual({
        status: 1,
        message: '',
        data: null,
      });
      // Saving twice is harmless.
      expect((await post('/api/product/user/saveFunctionGuide', me, { remindKey: 'quickSearch' })).statusCode).toBe(
        200,
      );

      const en = (
        await t.app.inject({
          method: 'GET',
          url: '/api/product/user/functionGuide',
          headers: { authorization: me.authorization, 'accept-language': 'en' },
        })
      ).json();
      const quick = (en.data as { remindKey: string; label: string; hasClick: boolean; parentRemind: string }[]).find(
        (item) => item.remindKey === 'quickSearch',
      );
      expect(quick).toMatchObject({ parentRemind: 'search', hasClick: true });
      expect(quick?.label).toMatch(/^Quick search/);
    });

    it('refuses an unknown remind key', async () => {
      const response = await post('/api/product/user/saveFunctionGuide', me, { remindKey: 'nonsense' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ data: { field: 'remindKey' } });
    });
  });

  describe('custom config', () => {
    it('answers the defaults before anything is saved', async () => {
      const fresh = await authHeader(t);
      expect((await post('/api/product/userCustomConfig/getCustomConfig', fresh)).json().data).toEqual({
        theme: 2,
        language: 'zh',
        semanticsSearchWeightInfo: '3,3,3,3',
        mergeType: 0,
        messageCount: 0,
        remind: {},
      });
    });

    it('merges partial saves into the stored config', async () => {
      await post('/api/product/userCustomConfig/save', me, { theme: 1, remind: { float: true } });
      await post('/api/product/userCustomConfig/save', me, { semanticsSearchWeightInfo: '5,0,2,1', language: 'en' });
      const saved = await post('/api/product/userCustomConfig/save', me, { remind: { search: false } });
      const expected = {
        theme: 1,
        language: 'en',
        semanticsSearchWeightInfo: '5,0,2,1',
        mergeType: 0,
        messageCount: 0,
        remind: { float: true, search: false },
      };
      expect(saved.json()).toEqual({ status: 1, message: '', data: expected });
      expect((await post('/api/product/userCustomConfig/getCustomConfig', me)).json().data).toEqual(expected);
      expect((await post('/api/product/user/info', me)).json().data.userCustomConfig).toEqual(expected);
    });

    it('refuses weights that are all 0 with the spec message, in both languages', async () => {
      const zh = await post('/api/product/userCustomConfig/save', me, { semanticsSearchWeightInfo: '0,0,0,0' });
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toMatchObject({
        status: 0,
        message: '语义检索权重不能全部为 0',
        data: { code: 'SEMANTIC_WEIGHTS_ALL_ZERO' },
      });
      const en = await post('/api/product/userCustomConfig/save', me, { semanticsSearchWeightInfo: '0,0,0,0' }, 'en');
      expect(en.json().message).toBe('Semantic search weights cannot all be 0');
      expect(
        (await post('/api/product/userCustomConfig/getCustomConfig', me)).json().data.semanticsSearchWeightInfo,
      ).toBe('5,0,2,1');
    });

    it('refuses malformed values naming the field', async () => {
      const weights = await post('/api/product/userCustomConfig/save', me, { semanticsSearchWeightInfo: '3,3,3' });
      expect(weights.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'semanticsSearchWeightInfo' } });
      const merge = await post('/api/product/userCustomConfig/save', me, { mergeType: 7 });
      expect(merge.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'mergeType' } });
    });

    it('does not save the custom config of an IP-login visitor, and says so', async () => {
      const response = await post('/api/product/userCustomConfig/save', ipVisitor, { theme: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        message: 'IP 登录用户的个性化设置不保存到服务器，请使用邮箱和密码登录后保存',
        data: { code: 'CUSTOM_CONFIG_IP_VISITOR' },
      });
      expect((await post('/api/product/userCustomConfig/getCustomConfig', ipVisitor)).json().data.theme).toBe(2);
    });
  });

  describe('site text', () => {
    it('answers the default site text without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/product/system/display/copy' });
      expect(response.statusCode).toBe(200);
      const items = response.json().data as { name: string; content: string }[];
      const byName = Object.fromEntries(items.map((i) => [i.name, i.content]));
      expect(byName).toMatchObject({
        productName: 'Patlas',
        countryCount: '171',
        documentCount: '17亿',
        'documentCount.en': '1.7 billion',
        schoolCount: '3072',
      });
    });

    it('answers what an operator stored, in its order', async () => {
      const repository = new DisplayCopyRepository(t.context.database.db);
      await repository.replaceAll([
        { name: 'schoolCount', content: '3100' },
        { name: 'countryCount', content: '<b>172</b>' },
        { name: 'schoolCount', content: '3200' },
      ]);
      const response = await t.app.inject({ method: 'GET', url: '/api/product/system/display/copy' });
      expect(response.json().data).toEqual([
        { name: 'countryCount', content: '<b>172</b>' },
        { name: 'schoolCount', content: '3200' },
      ]);
    });
  });
});
