// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage } from '../../test/render-page';
import { AlertDetailsPage } from './AlertDetailsPage';
import { ok, stubApi } from '../../test/test-api';
import { alertOf, runOf } from './alert-fixtures';

const ALERT = alertOf('a1', '电池周报', { state: 'sent' });
const RUNS = [
  runOf('r2', 'a1', {
    ranAt: '2026-11-23T00:00:05.000Z',
    newCount: 0,
    changedCount: 0,
    reported: 0,
    mailState: 'skipped',
    mailedAt: null,
  }),
  runOf('r1', 'a1', { omitted: 12 }),
];

describe('alert details', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('finds the alert of a run link, lists its runs with their mail state and opens a run on the result page', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/warn/getWarnDetails')
        return ok({
          total: 4,
          page: 1,
          pageSize: 1,
          items: [],
          run: RUNS[1],
          alert: ALERT,
          set: { kind: 'alertRun', key: 'r1' },
        });
      if (call.path === '/product/warn/getWarnResultList/a1')
        return ok({ total: 2, page: 1, pageSize: 20, items: RUNS, alert: ALERT });
      if (call.path === '/product/warn/getWarnResultCount')
        return ok({
          items: [{ alertId: 'a1', runs: 2, newCount: 3, changedCount: 1, lastRunId: 'r2' }],
          runs: 2,
          newCount: 3,
          changedCount: 1,
        });
      return undefined;
    });
    renderPage(<AlertDetailsPage />, '/warning/details?run=r1');

    expect((await screen.findByTestId('alert-title')).textContent).toBe('电池周报');
    expect((calls.find((c) => c.path === '/product/warn/getWarnDetails')?.body as { runId?: string }).runId).toBe('r1');
    expect((await screen.findByTestId('alert-summary')).textContent).toBe('共运行 2 次，新增 3 件，变化 1 件');
    const rows = screen.getAllByTestId('run-mail').map((tag) => tag.closest('tr') as HTMLElement);
    expect(rows.map((row) => within(row).getByTestId('run-mail').textContent)).toEqual(['无更新未发送', '已发送']);
    expect(within(rows[1] as HTMLElement).getByText('另有 12 件未列出')).toBeTruthy();
    // The run named by the link is marked; its patents open as a result set.
    expect((rows[1] as HTMLElement).className).toContain('ant-table-row-selected');
    expect(
      within(rows[1] as HTMLElement)
        .getByTestId('run-open')
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('/innovationSpace/searchResult?set=alertRun%3Ar1');
    expect((within(rows[0] as HTMLElement).getByTestId('run-open') as HTMLButtonElement).disabled).toBe(true);
  });
});
