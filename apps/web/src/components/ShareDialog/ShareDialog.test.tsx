// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { installDomShims } from '../../test/render-app';
import { failure, ok, stubApi } from '../../test/test-api';
import { ShareDialog, type ShareTarget } from './ShareDialog';

function renderDialog(target: ShareTarget, lang: 'zh' | 'en', onClose = vi.fn()) {
  installDomShims();
  render(
    <AppProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <ShareDialog open target={target} onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
}

function typeEmails(dialog: HTMLElement, text: string) {
  const box = within(dialog).getByRole('combobox');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('share dialog', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a duplicated e-mail before sending (en)', async () => {
    const calls = stubApi(() => ok({ shared: 1 }));
    renderDialog({ kind: 'patent', pns: ['CN117151122A'] }, 'en');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Share patents')).toBeTruthy();
    typeEmails(dialog, 'bob@test.local,BOB@test.local,');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('E-mail entered more than once: BOB@test.local')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends a search with its result page state and a message, and shows the server refusal (zh)', async () => {
    let refuse = true;
    const calls = stubApi((call) =>
      call.path === '/product/share/insert/shareRetrievable'
        ? refuse
          ? failure('邮箱不存在：ghost@test.local', 'EMAIL_NOT_REGISTERED')
          : ok({ shared: 1 })
        : undefined,
    );
    const target: ShareTarget = {
      kind: 'search',
      title: 'TI=电池',
      expression: 'TI=电池',
      router: '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0',
      total: 42,
    };
    const onClose = renderDialog(target, 'zh');
    const dialog = await screen.findByRole('dialog');
    typeEmails(dialog, 'ghost@test.local');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '看看这个检索' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '分享' }));
    expect(await screen.findByText('邮箱不存在：ghost@test.local')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      emails: ['ghost@test.local'],
      note: '看看这个检索',
      title: 'TI=电池',
      expression: 'TI=电池',
      router: target.router,
      total: 42,
    });
    expect(onClose).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '分享' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
