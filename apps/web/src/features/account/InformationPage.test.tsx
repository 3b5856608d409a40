// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiToken, UserInfo } from '@patlas/contracts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { installDomShims, renderPage } from '../../test/render-page';
import { InformationPage } from './InformationPage';
import { QuotaCard } from './components/QuotaCard';
import { ok, stubApi } from '../../test/test-api';

const INFO: UserInfo = {
  userId: 'u-test',
  fullname: '<script>alert(1)</script>',
  email: 'demo@patlas.local',
  tenantId: 't1',
  tenantCode: 'default',
  canOperation: true,
  loginType: 'password',
  userCustomConfig: {
    theme: 2,
    language: 'zh',
    semanticsSearchWeightInfo: '3,3,3,3',
    mergeType: 0,
    messageCount: 0,
    remind: {},
  },
  userCreationDays: 12,
  lastLoginTime: null,
};

const SECRET = 'pat_3f9a0c1d2e4b5a6978c0d1e2f3a4b5c6';

async function button(text: string): Promise<HTMLElement> {
  const element = (await screen.findAllByText(text)).map((node) => node.closest('button')).find(Boolean);
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

describe('account information page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the quotas that count (exports, favourites, reports…), and shows a new API token once', async () => {
    const tokens: ApiToken[] = [];
    const calls = stubApi((call) => {
      if (call.path === '/product/user/info') return ok(INFO);
      if (call.path === '/product/user/limit') {
        return ok({ export: { limit: 100, used: 7 }, report: { limit: null, used: 2 } });
      }
      if (call.path === '/platform/platform/user/token' && call.method === 'GET') return ok(tokens);
      if (call.path === '/platform/platform/user/token' && call.method === 'POST') {
        const token = {
          id: 'tk1',
          name: (call.body as { name: string }).name,
          createdAt: '2025-05-12T08:00:00.000Z',
          lastUsedAt: null,
          prefix: SECRET.slice(0, 8),
          expiresAt: '2025-08-10T08:00:00.000Z',
        };
        tokens.push(token);
        return ok({ ...token, token: SECRET });
      }
      return undefined;
    });
    const { container } = renderPage(<InformationPage />, '/user/information');

    // Hostile text is text: the name shows verbatim and no script element exists.
    expect(await screen.findByText('<script>alert(1)</script>')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('12 天')).toBeTruthy();
    expect(await button('新建令牌')).toBeTruthy();
    // Exports and favourites (issue 46 item 8) and reports (issue 20) count their quotas: the card
    // shows each with what is used; a kind the server leaves out shows as unlimited.
    expect(await screen.findByText('使用额度')).toBeTruthy();
    expect(await screen.findByText('已用 2 / 不限')).toBeTruthy();
    expect(screen.getByText('导出')).toBeTruthy();
    expect(screen.getByText('已用 7 / 100')).toBeTruthy();
    expect(screen.getByText('收藏')).toBeTruthy();
    expect(calls.some((call) => call.path === '/product/user/limit')).toBe(true);

    fireEvent.click(await button('新建令牌'));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: ' 同步脚本 ' } });
    // the server asks for the current password unless the login is minutes old (issue 16 §2)
    fireEvent.click(await button('创建'));
    expect(await screen.findByText('请输入当前密码')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('当前密码'), { target: { value: 'my password' } });
    fireEvent.click(await button('创建'));
    expect((await screen.findByTestId('created-token')).textContent).toBe(SECRET);
    expect(screen.getByText('请立即复制并妥善保存：关闭此窗口后将不再显示该令牌。')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/user/token'))?.body).toEqual({
      name: '同步脚本',
      password: 'my password',
      // issue 41: tokens expire, 90 days unless chosen otherwise
      expiresInDays: 90,
    });

    fireEvent.click(await button('我已复制'));
    await waitFor(() => expect(screen.queryByTestId('created-token')).toBeNull());
    // The list knows the token by its first characters only, and shows until when it works.
    expect(await screen.findByText(`${SECRET.slice(0, 8)}…`)).toBeTruthy();
    expect(screen.getByText('有效期至')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows the quotas of the kinds that count, with 不限', async () => {
    stubApi((call) =>
      call.path === '/product/user/limit'
        ? ok({ export: { limit: 100, used: 7 }, report: { limit: null, used: 2 } })
        : undefined,
    );
    installDomShims();
    render(
      <AppProviders i18n={createI18n('zh')} queryClient={createQueryClient()}>
        <QuotaCard kinds={['export', 'report']} />
      </AppProviders>,
    );
    expect(await screen.findByText('已用 7 / 100')).toBeTruthy();
    expect(screen.getByText('已用 2 / 不限')).toBeTruthy();
  });
});
