// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../test/render-page';
import { RecycleBinPage } from './RecycleBinPage';
import { ok, stubApi } from '../../test/test-api';
import { FOLDERS, folder } from './library-fixtures';

describe('recycle bin', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists deleted folders with where they were, restores one and purges another after confirming', async () => {
    let deleted = [
      folder('d1', 'f1', '负极', { state: 'deleted', level: 2, totalCount: 12, deletedAt: '2026-11-25T09:30:00.000Z' }),
      folder('d2', null, '旧专题', { state: 'deleted', totalCount: 3, deletedAt: '2026-11-24T09:30:00.000Z' }),
    ];
    const calls = stubApi((call) => {
      const body = call.body as { type?: string; state?: string; action?: string; folderIds?: string[] };
      if (call.path === '/product/archive/v2/list')
        return ok({
          type: 'folders',
          folders: body.state === 'deleted' ? deleted : [...FOLDERS, ...deleted],
          quota: { used: 0, limit: null },
        });
      if (call.path === '/product/archive/v2/delete') {
        deleted = deleted.filter((f) => !body.folderIds?.includes(f.id));
        return ok({ affected: body.folderIds?.length ?? 0 });
      }
      return undefined;
    });
    renderPage(<RecycleBinPage />, '/user/recycleBin');

    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('负极')).toBeTruthy());
    const rows = within(table).getAllByRole('row').slice(1);
    // Where it was: its parent's path; a top-level library was at the top.
    expect(within(rows[0] as HTMLElement).getByText('电池')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('12')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('（顶层）')).toBeTruthy();

    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: '恢复' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/archive/v2/delete')?.body).toEqual({
        action: 'restore',
        folderIds: ['d1'],
      }),
    );
    expect(await screen.findByText('已恢复 1 个')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('负极')).toBeNull());

    // Purge asks first; cancelling sends nothing.
    const purge = () => within(screen.getByRole('table')).getByRole('button', { name: '永久删除' });
    fireEvent.click(purge());
    expect(await screen.findByText('永久删除“旧专题”？删除后不能恢复。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(calls.filter((c) => c.path === '/product/archive/v2/delete')).toHaveLength(1);
    fireEvent.click(purge());
    fireEvent.click((await screen.findAllByRole('button', { name: '确定' })).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/product/archive/v2/delete').at(-1)?.body).toEqual({
        action: 'purge',
        folderIds: ['d2'],
      }),
    );
    expect(await screen.findByText('回收站是空的')).toBeTruthy();
  });
});
