// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test/render-page';
import { PasswordPage } from './PasswordPage';
import { failure, ok, stubApi } from '../../test/test-api';

const PASSWORD_PATH = '/platform/platform/update/password';

/** The button around a label (role queries with a name are slow over antd's DOM in jsdom). */
async function button(text: string): Promise<HTMLElement> {
  const element = (await screen.findAllByText(text)).map((node) => node.closest('button')).find(Boolean);
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('change password page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the rules before sending, then sends old and new password', async () => {
    const calls = stubApi((call) => (call.path === PASSWORD_PATH ? ok(null) : undefined));
    renderPage(<PasswordPage />, '/innovationSpace/password');
    const submit = await button('确认修改');

    fireEvent.click(submit);
    expect(await screen.findByText('请输入原密码！')).toBeTruthy();
    expect(screen.getByText('请输入新密码！')).toBeTruthy();

    fill('原密码', 'old-secret');
    fill('新密码', 'short');
    fill('确认新密码', 'other');
    fireEvent.click(submit);
    expect(await screen.findByText('密码至少 8 个字符')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();

    expect(calls.some((call) => call.path === PASSWORD_PATH)).toBe(false);

    fill('新密码', 'new-secret-1');
    fill('确认新密码', 'new-secret-1');
    fireEvent.click(submit);
    expect(await screen.findByText('密码已修改')).toBeTruthy();
    expect(screen.getByText('此账号在其他设备上的登录已退出。')).toBeTruthy();
    const sent = calls.filter((call) => call.path === PASSWORD_PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', body: { oldPassword: 'old-secret', newPassword: 'new-secret-1' } });
  });

  it("shows the server's message when the old password is wrong", async () => {
    stubApi((call) => (call.path === PASSWORD_PATH ? failure('原密码不正确', 'PASSWORD_WRONG') : undefined));
    renderPage(<PasswordPage />, '/innovationSpace/password');
    const submit = await button('确认修改');
    fill('原密码', 'wrong-old');
    fill('新密码', 'new-secret-1');
    fill('确认新密码', 'new-secret-1');
    fireEvent.click(submit);
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('密码已修改')).toBeNull());
  });
});
