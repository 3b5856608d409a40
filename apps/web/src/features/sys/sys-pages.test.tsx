// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Role, SysUser, Tenant } from '@patlas/contracts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { installDomShims } from '../../test/render-app';
import { toRouteObject } from '../../app/route-objects';
import { sysFeature } from './feature';
import { changesOf } from './components/UserEditModal';
import { ok, stubApi, type ApiCall } from '../../test/test-api';

const ROLES: Role[] = [
  { id: 'r-admin', name: '管理员', permissions: ['/sys', 'userInfo'], builtIn: true },
  { id: 'r-user', name: '普通用户', permissions: ['/search/quick'], builtIn: false },
];
const TENANTS: Tenant[] = [
  {
    id: 't1',
    code: 'default',
    name: '默认机构',
    ipRanges: ['10.0.0.0/8'],
    ipRoleIds: [],
    onlineCap: null,
    createdAt: '2025-05-01T00:00:00.000Z',
  },
];
const USER: SysUser = {
  userId: 'u1',
  email: 'zhang@example.com',
  fullname: "<img src=x onerror=alert(1)>'; DROP TABLE users;--",
  tenantId: 't1',
  roleIds: ['r-user'],
  canOperation: true,
  disabled: false,
  awaitingApproval: false,
  quotas: { report: 5 },
  createdAt: '2025-05-01T00:00:00.000Z',
  lastLoginAt: null,
};

function answerSys(extra: (call: ApiCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  return stubApi((call) => {
    const own = extra(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === '/product/sys/users') {
      return ok({ total: 1, page: 1, pageSize: 20, items: [USER] });
    }
    if (call.method === 'GET' && call.path === '/product/sys/roles') return ok(ROLES);
    if (call.method === 'GET' && call.path === '/product/sys/tenants') return ok(TENANTS);
    if (call.method === 'GET' && call.path === '/product/sys/settings/registration') return ok({ mode: 'open' });
    return undefined;
  });
}

/** The operators' area on its own route table (the guard is the app's business, tested there). */
function renderSys(path: string) {
  installDomShims();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(sysFeature.routes.map(toRouteObject), { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={createI18n('zh')} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

async function button(text: string, within: ParentNode = document.body): Promise<HTMLElement> {
  await screen.findAllByText(text);
  const element = [...within.querySelectorAll('button')].find((node) => node.textContent === text);
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

function dialog(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.ant-modal');
  if (!element) throw new Error('no dialog');
  return element;
}

describe("operators' area", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens /sys on the users, shows hostile names as text and sends only the edited fields', async () => {
    const calls = answerSys((call) =>
      call.method === 'PATCH' ? ok({ ...USER, ...(call.body as object) }) : undefined,
    );
    const { router, container } = renderSys('/sys');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/user'));
    expect(await screen.findByText(USER.fullname)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(await screen.findByText('普通用户')).toBeTruthy();

    fireEvent.click(await button('编辑'));
    const name = await screen.findByDisplayValue(USER.fullname);
    fireEvent.change(name, { target: { value: '张三' } });
    fireEvent.click(screen.getByLabelText('停用账号'));
    // The quotas that count are offered: reports (issue 20) with the stored limit; exports and
    // favourites (issue 46 item 8) unlimited until the operator sets a number.
    expect((screen.getByLabelText('报告') as HTMLInputElement).value).toBe('5');
    const exportLimit = screen.getByLabelText('导出') as HTMLInputElement;
    expect(exportLimit.disabled).toBe(true);
    expect((screen.getByLabelText('收藏') as HTMLInputElement).disabled).toBe(true);
    const exportRow = exportLimit.closest('.ant-form-item') as HTMLElement;
    fireEvent.click(within(exportRow).getByText('不限'));
    await waitFor(() => expect(exportLimit.disabled).toBe(false));
    fireEvent.change(exportLimit, { target: { value: '2000' } });
    fireEvent.click(await button('保存', dialog()));

    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/product/sys/users/u1');
    expect(patch?.body).toEqual({
      fullname: '张三',
      disabled: true,
      quotas: { export: 2000, report: 5, writing: null, favorites: null, familyExpand: null },
    });
  });

  it('sets what self-registered accounts get and approves an account awaiting approval (issue 43)', async () => {
    const waiting: SysUser = {
      ...USER,
      userId: 'u2',
      email: 'new@example.com',
      fullname: '新用户',
      awaitingApproval: true,
    };
    let mode = 'open';
    const calls = answerSys((call) => {
      if (call.path === '/product/sys/settings/registration') {
        if (call.method === 'PUT') mode = (call.body as { mode: string }).mode;
        return ok({ mode });
      }
      if (call.method === 'GET' && call.path === '/product/sys/users')
        return ok({ total: 2, page: 1, pageSize: 20, items: [USER, waiting] });
      if (call.method === 'PATCH') return ok({ ...waiting, awaitingApproval: false });
      return undefined;
    });
    renderSys('/sys/user');
    expect(await screen.findByText('新注册的账号设置密码后即可使用全部功能。')).toBeTruthy();
    fireEvent.mouseDown(
      screen.getByTestId('registration-mode').querySelector('.ant-select-selector') ??
        screen.getByTestId('registration-mode'),
    );
    fireEvent.click(await screen.findByText('需要审核：管理员审核通过后才能登录'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ mode: 'approval' }));
    expect(await screen.findByText('新注册的账号在下方列表中显示为“待审核”，审核通过后才能登录。')).toBeTruthy();

    expect((await screen.findByTestId('user-awaiting-approval')).textContent).toBe('待审核');
    expect(screen.getAllByTestId('user-approve')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('user-approve'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/product/sys/users/u2');
    expect(patch?.body).toEqual({ approved: true });
    expect(await screen.findByText('已通过 new@example.com 的注册审核')).toBeTruthy();
  });

  it('shows a reset password once', async () => {
    const calls = answerSys((call) =>
      call.path === '/product/sys/users/u1/resetPassword' ? ok({ password: 'Xy7-kQ2m-93Lp' }) : undefined,
    );
    renderSys('/sys/user');
    fireEvent.click(await button('重置密码'));
    fireEvent.click(await button('确定'));
    expect((await screen.findByTestId('secret-once')).textContent).toBe('Xy7-kQ2m-93Lp');
    expect(calls.find((call) => call.path.endsWith('/resetPassword'))?.method).toBe('POST');
    fireEvent.click(await button('关闭'));
    await waitFor(() => expect(screen.queryByTestId('secret-once')).toBeNull());
  });

  it('saves a role with the permission strings checked in the tree', async () => {
    const calls = answerSys((call) =>
      call.method === 'POST' && call.path === '/product/sys/roles' ? ok({ id: 'r-new', builtIn: false }) : undefined,
    );
    renderSys('/sys/role');
    expect(await screen.findByText('管理员')).toBeTruthy();
    // Built-in roles cannot be deleted.
    const adminRow = screen.getByText('管理员').closest('tr') as HTMLElement;
    expect((await button('删除', adminRow)).hasAttribute('disabled')).toBe(true);

    fireEvent.click(await button('新建角色'));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: '分析员' } });
    const personal = (await screen.findByText('个人中心')).closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(personal.querySelector('.ant-tree-checkbox') as HTMLElement);
    const patentMap = screen.getByText('专利地图 (/patentMap)').closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(patentMap.querySelector('.ant-tree-checkbox') as HTMLElement);
    fireEvent.click(await button('保存', dialog()));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: '分析员',
      description: '',
      permissions: ['/patentMap', 'userInfo', 'userSet', 'modifyPassword', 'mergeSettings'],
    });
  });

  it('refuses a tenant IP range that is not CIDR before asking the server', async () => {
    const calls = answerSys();
    renderSys('/sys/tenant');
    expect(await screen.findByText('10.0.0.0/8')).toBeTruthy();
    fireEvent.click(await button('编辑'));
    const ranges = await screen.findByLabelText('IP 范围');
    fireEvent.change(ranges, { target: { value: '10.1.2.0/33' } });
    fireEvent.keyDown(ranges, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(await button('保存', dialog()));
    expect(await screen.findByText('IP 范围格式不正确：10.1.2.0/33')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});

describe('user edit changes', () => {
  it('keeps the stored limits of the quota kinds the form does not offer', () => {
    const values = { fullname: USER.fullname, roleIds: USER.roleIds, tenantId: 't1', canOperation: true };
    expect(changesOf(USER, { ...values, disabled: false })).toEqual({});
    expect(changesOf(USER, { ...values, disabled: false, quotas: { export: 100 } })).toEqual({
      quotas: { export: 100, report: 5, writing: null, favorites: null, familyExpand: null },
    });
  });
});
