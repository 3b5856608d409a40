// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../../test/render-page';
import { ConfirmEmailPage } from './ConfirmEmailPage';
import { failure, ok, stubApi } from '../../test/test-api';

async function button(text: string): Promise<HTMLElement> {
  const element = (await screen.findAllByText(text)).map((node) => node.closest('button')).find(Boolean);
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

describe('confirm e-mail page (issue 41)', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('changes the e-mail only on a click, with the mailed token', async () => {
    const calls = stubApi((call) =>
      call.path === '/platform/oauth/confirm/email' ? ok({ email: 'new@example.com' }) : undefined,
    );
    renderPage(<ConfirmEmailPage />, '/confirmEmail?token=tok-456', 'zh', { session: null });
    expect(await screen.findByText('确认新邮箱')).toBeTruthy();
    // Opening the page (a mail scanner following the link) changes nothing.
    expect(calls.some((call) => call.path === '/platform/oauth/confirm/email')).toBe(false);
    fireEvent.click(await button('确认修改'));
    expect(await screen.findByText('邮箱已修改为 new@example.com，今后请使用新邮箱登录。')).toBeTruthy();
    expect(calls.find((call) => call.path === '/platform/oauth/confirm/email')).toMatchObject({
      method: 'POST',
      body: { token: 'tok-456' },
    });
  });

  it("shows the server's refusal of a used or expired link", async () => {
    stubApi((call) =>
      call.path === '/platform/oauth/confirm/email'
        ? failure('邮箱确认链接无效、已使用或已过期，请在个人信息页重新修改邮箱', 'EMAIL_CHANGE_LINK_INVALID')
        : undefined,
    );
    renderPage(<ConfirmEmailPage />, '/confirmEmail?token=old', 'en', { session: null });
    fireEvent.click(await button('Confirm the change'));
    expect(await screen.findByText('邮箱确认链接无效、已使用或已过期，请在个人信息页重新修改邮箱')).toBeTruthy();
  });
});
