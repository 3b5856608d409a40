// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test/render-page';
import { ResetPasswordPage } from './ResetPasswordPage';
import { failure, ok, stubApi } from '../../test/test-api';

async function button(text: string): Promise<HTMLElement> {
  const element = (await screen.findAllByText(text)).map((node) => node.closest('button')).find(Boolean);
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('reset password page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('activates a registered account from the mailed link and leads to login', async () => {
    const calls = stubApi((call) => (call.path === '/platform/oauth/reset/password' ? ok(null) : undefined));
    const { router } = renderPage(<ResetPasswordPage />, '/resetPassword?token=tok-123&mode=register', 'zh', {
      session: null,
    });
    expect(await screen.findByText('设置密码')).toBeTruthy();
    await screen.findByLabelText('新密码');
    fill('新密码', 'new-secret-1');
    fill('确认新密码', 'new-secret-1');
    fireEvent.click(await button('激活账号'));
    expect(await screen.findByText('账号已激活，请登录')).toBeTruthy();
    expect(calls.find((call) => call.path === '/platform/oauth/reset/password')).toMatchObject({
      method: 'POST',
      body: { token: 'tok-123', password: 'new-secret-1' },
    });
    fireEvent.click(await button('返回登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows an expired link's message with a way to request a new one", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/platform/oauth/reset/password')
        return failure('链接已失效，请重新获取', 'EMAIL_LINK_INVALID');
      if (call.path === '/platform/oauth/forget/password') return ok(null);
      return undefined;
    });
    const { router } = renderPage(<ResetPasswordPage />, '/resetPassword?token=old-token', 'zh', { session: null });
    await screen.findByLabelText('新密码');
    fill('新密码', 'new-secret-1');
    fill('确认新密码', 'new-secret-1');
    fireEvent.click(await button('重置密码'));
    expect(await screen.findByText('链接已失效，请重新获取')).toBeTruthy();

    fireEvent.click(screen.getByText('重新获取链接'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('找回密码')).toBeTruthy();
    fill('邮箱', 'someone@example.com');
    fireEvent.click(await button('发送链接'));
    expect(await screen.findByText('如果该邮箱对应的账号存在，重置密码的链接已发送至该邮箱。')).toBeTruthy();
    const forget = calls.find((call) => call.path === '/platform/oauth/forget/password');
    expect(forget?.method).toBe('GET');
    expect(forget?.query.get('email')).toBe('someone@example.com');
  });
});
