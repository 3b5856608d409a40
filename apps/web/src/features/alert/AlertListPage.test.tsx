// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alert } from '@patlas/contracts';
import { pressEnter, renderPage } from '../../test/render-page';
import { AlertListPage } from './AlertListPage';
import { failure, ok, stubApi, type ApiCall } from '../../test/test-api';
import { alertOf } from './alert-fixtures';

const ALERTS: Alert[] = [
  alertOf('a1', '电池周报', {
    state: 'sent',
    lastRunAt: '2026-11-16T00:00:05.000Z',
    lastRun: { id: 'r1', newCount: 3, changedCount: 1 },
  }),
  alertOf('a2', '竞争对手', {
    type: 'patents',
    content: { publicationNumbers: ['CN1A', 'CN2A'] },
    recipients: ['demo@patlas.local', 'lab@example.com'],
    recipientStates: [
      { email: 'demo@patlas.local', state: 'own' },
      { email: 'lab@example.com', state: 'pending' },
    ],
    state: 'error',
    lastError: '预警邮件发送失败，下次运行时将重新发送；如持续失败请联系管理员',
  }),
  alertOf('a3', '正极库', {
    type: 'library',
    content: { libraryId: 'f1', libraryName: '正极' },
    enabled: false,
    nextRunAt: null,
  }),
];

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

/** A server holding ALERTS that switches, deletes and adds as asked (an expression of 0 hits is refused). */
function stubAlertServer() {
  let alerts = [...ALERTS];
  return stubApi((call: ApiCall) => {
    const body = call.body as Record<string, unknown> | undefined;
    if (call.path === '/product/warn/getWarnList')
      return ok({ total: alerts.length, page: 1, pageSize: 20, items: alerts });
    const status = /^\/product\/warn\/change\/warn\/status\/(\w+)$/.exec(call.path);
    if (status) {
      alerts = alerts.map((a) =>
        a.id === status[1]
          ? {
              ...a,
              enabled: call.query.get('enabled') === 'true',
              nextRunAt: call.query.get('enabled') === 'true' ? a.nextRunAt : null,
            }
          : a,
      );
      return ok({ alert: alerts.find((a) => a.id === status[1]) });
    }
    const deleted = /^\/product\/warn\/deleteWarnInfo\/(\w+)$/.exec(call.path);
    if (deleted) {
      alerts = alerts.filter((a) => a.id !== deleted[1]);
      return ok({ deleted: true });
    }
    const test = /^\/product\/warn\/sendTestMail\/(\w+)$/.exec(call.path);
    if (test) {
      if (call.method !== 'POST') return undefined;
      if (test[1] === 'a3') return failure('测试邮件刚刚已发送，请 42 秒后再试', 'ALERT_TEST_MAIL_TOO_SOON');
      return ok({ sentTo: 'demo@patlas.local' });
    }
    if (call.path === '/product/warn/addWarnInfo') {
      const content = body?.content as { expression?: string };
      if (content.expression === 'TI=无此词') return failure('该检索式检索结果为 0，无法设置预警', 'ALERT_NO_HITS');
      const created = alertOf('a9', String(body?.name), { content });
      alerts = [created, ...alerts];
      return ok({ alert: created });
    }
    return undefined;
  });
}

describe('alert list', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists alerts with type, schedule, state, last and next run; switches one off and deletes one', async () => {
    const calls = stubAlertServer();
    renderPage(<AlertListPage />, '/innovationSpace/warning');

    await screen.findByText('电池周报');
    const first = rowOf('电池周报');
    expect(within(first).getByText('检索式')).toBeTruthy();
    expect(within(first).getByText('每周一 08:00')).toBeTruthy();
    expect(within(first).getByTestId('alert-state').textContent).toBe('已发送');
    expect(within(first).getByTestId('alert-last-run').getAttribute('href')).toBe(
      '/innovationSpace/searchResult?set=alertRun%3Ar1',
    );
    expect(within(first).getByTestId('alert-next-run').textContent).toMatch(/^2026-11-23 \d{2}:00$/);
    expect(within(rowOf('竞争对手')).getByText('2 个公开号')).toBeTruthy();
    expect(within(rowOf('竞争对手')).getByTestId('alert-state').textContent).toBe('发送失败');
    // Issue 41: an address the recipient has not confirmed is shown as such; the owner's own is not.
    const recipients = within(rowOf('竞争对手')).getAllByTestId('alert-recipient');
    expect(recipients.map((r) => [r.textContent, r.getAttribute('data-state')])).toEqual([
      ['demo@patlas.local', 'own'],
      ['lab@example.com待确认', 'pending'],
    ]);
    expect(within(rowOf('正极库')).getByTestId('alert-state').textContent).toBe('已关闭');
    expect(within(rowOf('正极库')).getByText('正极')).toBeTruthy();

    fireEvent.click(within(first).getByTestId('alert-switch'));
    await waitFor(() => expect(within(rowOf('电池周报')).getByTestId('alert-state').textContent).toBe('已关闭'));
    const switched = calls.find((c) => c.path === '/product/warn/change/warn/status/a1');
    expect(switched?.query.get('enabled')).toBe('false');

    fireEvent.click(within(rowOf('竞争对手')).getByTestId('alert-delete'));
    fireEvent.click(
      (await screen.findByText('删除预警“竞争对手”？其运行记录也将删除。'))
        .closest('.ant-popover')
        ?.querySelector('.ant-btn-primary') as Element,
    );
    await waitFor(() => expect(screen.queryByText('竞争对手')).toBeNull());
    expect(calls.some((c) => c.path === '/product/warn/deleteWarnInfo/a2')).toBe(true);
  });

  it('sends a test mail of an alert now and says where it went, or why not (issue 43)', async () => {
    const calls = stubAlertServer();
    renderPage(<AlertListPage />, '/innovationSpace/warning');

    await screen.findByText('电池周报');
    fireEvent.click(within(rowOf('电池周报')).getByTestId('alert-test-mail'));
    expect(await screen.findByText('测试邮件已发送到 demo@patlas.local')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/product/warn/sendTestMail/')).map((c) => c.path)).toEqual([
      '/product/warn/sendTestMail/a1',
    ]);
    fireEvent.click(within(rowOf('正极库')).getByTestId('alert-test-mail'));
    expect(await screen.findByText('测试邮件刚刚已发送，请 42 秒后再试')).toBeTruthy();
  });

  it('creates an alert: checks e-mails as typed, shows the 0-hit refusal under the expression and keeps the form', async () => {
    const calls = stubAlertServer();
    const { router } = renderPage(<AlertListPage />, '/innovationSpace/warning?new=1');

    const dialog = await screen.findByTestId('alert-dialog');
    fireEvent.change(
      within(dialog).getByTestId('alert-name').querySelector('input') ?? within(dialog).getByTestId('alert-name'),
      {
        target: { value: '锂电池' },
      },
    );
    fireEvent.click(within(dialog).getByText('检索式'));
    fireEvent.change(await within(dialog).findByTestId('alert-expression'), { target: { value: 'TI=无此词' } });
    const recipients = within(dialog).getByTestId('alert-recipients').querySelector('input') as HTMLInputElement;
    fireEvent.change(recipients, { target: { value: 'not-mail' } });
    pressEnter(recipients);
    expect(await within(dialog).findByText('邮箱格式不正确：not-mail')).toBeTruthy();
    // Remove the bad address (the tag's close icon) and type a good one.
    fireEvent.click(
      within(dialog).getByText('not-mail').parentElement?.querySelector('.ant-select-selection-item-remove') as Element,
    );
    fireEvent.change(recipients, { target: { value: 'lab@example.com' } });
    pressEnter(recipients);
    await waitFor(() => expect(within(dialog).queryByText('邮箱格式不正确：not-mail')).toBeNull());

    fireEvent.click(within(dialog).getByTestId('alert-save'));
    expect(await within(dialog).findByText('该检索式检索结果为 0，无法设置预警')).toBeTruthy();
    expect((within(dialog).getByTestId('alert-expression') as HTMLTextAreaElement).value).toBe('TI=无此词');

    fireEvent.change(within(dialog).getByTestId('alert-expression'), { target: { value: 'TI=锂电池' } });
    fireEvent.click(within(dialog).getByTestId('alert-save'));
    // Saved: the dialog's deep link is gone and the list shows the new alert.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('预警“锂电池”已保存')).toBeTruthy();
    const added = calls.filter((c) => c.path === '/product/warn/addWarnInfo').at(-1)?.body as Record<string, unknown>;
    expect(added).toMatchObject({
      name: '锂电池',
      type: 'search',
      content: { expression: 'TI=锂电池' },
      schedule: { frequency: 'weekly', weekday: 1, time: '08:00' },
      recipients: ['demo@patlas.local', 'lab@example.com'],
      noUpdateNoMail: true,
    });
    expect(typeof (added.schedule as { timeZone?: unknown }).timeZone).toBe('string');
    expect(within(await screen.findByRole('table')).getByText('锂电池')).toBeTruthy();
  });
});
