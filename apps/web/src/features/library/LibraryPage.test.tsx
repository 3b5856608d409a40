// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { LibraryPage } from './LibraryPage';
import { failure, ok, stubApi, type ApiCall } from '../../test/test-api';
import { FOLDERS, folder, label, savedExpression } from './library-fixtures';

const QUOTA = { used: 6, limit: 1000 };

function bodyOf(calls: readonly ApiCall[], path: string, action?: string): unknown {
  return calls.filter((c) => c.path === path && (!action || (c.body as { action?: string }).action === action)).at(-1)
    ?.body;
}

// Each test renders the whole app in jsdom: slow on a busy 2-core machine.
describe('library page', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** A server holding FOLDERS and two labels that creates, renames and deletes as asked. */
  function stubLibraryServer() {
    let folders = [...FOLDERS];
    let labels = [label('l1', null, '技术', 2), label('l2', 'l1', '工艺', 1)];
    const calls = stubApi((call) => {
      const body = call.body as Record<string, unknown>;
      if (call.path === '/product/archive/v2/list') return ok({ type: 'folders', folders, quota: QUOTA });
      if (call.path === '/product/labelmanage/list') return ok({ labels });
      if (call.path === '/product/labelmanage/set' && body.action === 'rename') {
        if (body.name === '工艺') return failure('同一位置已有名为“工艺”的标引', 'LABEL_NAME_TAKEN', 409);
        labels = labels.map((l) => (l.id === body.labelId ? { ...l, name: String(body.name) } : l));
        return ok({ label: labels.find((l) => l.id === body.labelId) });
      }
      if (call.path === '/product/archive/v2/oper/log/list')
        return ok({
          total: 1,
          page: 1,
          pageSize: 10,
          items: [
            {
              id: 'g1',
              folderId: 'f1',
              folderName: '电池',
              userId: 'u-test',
              userName: '测试用户',
              action: 'collect',
              count: 3,
              createdAt: '2026-11-21T08:00:00.000Z',
            },
          ],
        });
      if (call.path === '/product/archive/v2/save' && body.action === 'createFolder') {
        if (body.name === '正极') return failure('同一位置已有名为“正极”的专利库', 'LIBRARY_NAME_TAKEN', 409);
        const created = folder('f9', 'f1', String(body.name), { level: 2 });
        folders = [...folders, created];
        return ok({ action: 'createFolder', folder: created });
      }
      if (call.path === '/product/archive/v2/update') {
        folders = folders.map((f) => (f.id === body.folderId ? { ...f, name: String(body.name) } : f));
        return ok({ folder: folders.find((f) => f.id === body.folderId) });
      }
      if (call.path === '/product/archive/v2/delete') {
        folders = folders.filter((f) => f.id !== (body.folderIds as string[])[0]);
        return ok({ affected: 1 });
      }
      return undefined;
    });
    return calls;
  }

  it('shows the folder tree and a deep-linked folder with its counts, labels, log and result-page link', async () => {
    const calls = stubLibraryServer();
    renderPage(<LibraryPage />, '/innovationSpace/collect?folder=f1');

    expect((await screen.findByTestId('folder-title')).textContent).toBe('电池');
    expect(screen.getByTestId('folder-count').textContent).toBe('本文件夹 3 件，含子文件夹共 5 件');
    expect(screen.getByTestId('library-quota').textContent).toBe('收藏配额：已用 6 / 1,000');
    expect(bodyOf(calls, '/product/archive/v2/list')).toEqual({ type: 'folders', state: 'current' });
    // The archived library is hidden until asked for.
    expect(screen.getByTestId('folder-f2')).toBeTruthy();
    expect(screen.queryByTestId('folder-f3')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: '显示已归档' }));
    expect(await screen.findByTestId('folder-f3')).toBeTruthy();
    // Its labels with counts, and its library's log.
    expect(await screen.findByTestId('label-l1')).toBeTruthy();
    expect(bodyOf(calls, '/product/labelmanage/list')).toEqual({ folderId: 'f1' });
    expect(await screen.findByText('收藏')).toBeTruthy();
    // Opening the folder is its result page.
    expect(screen.getByTestId('open-folder').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/searchResult?set=library%3Af1',
    );
  });

  it('shows the libraries shared with the user under "shared with me"; choosing one opens its patents (issue 43)', async () => {
    const shared = folder('s1', null, '协作库', { ownerId: 'u-owner', count: 0, totalCount: 4 });
    const sub = folder('s2', 's1', '子库', { ownerId: 'u-owner', rootId: 's1', level: 2, count: 4, totalCount: 4 });
    stubApi((call) => {
      if (call.path === '/product/archive/v2/list')
        return ok({
          type: 'folders',
          folders: FOLDERS,
          quota: QUOTA,
          sharedWithMe: [
            {
              library: shared,
              folders: [shared, sub],
              role: 'member',
              owner: { userId: 'u-owner', email: 'owner@example.com', fullname: '王工' },
              memberCount: 1,
              invitedCount: 0,
              joinedAt: '2026-11-22T08:00:00.000Z',
            },
          ],
        });
      if (call.path === '/product/labelmanage/list') return ok({ labels: [] });
      return undefined;
    });
    const { router } = renderPage(<LibraryPage />, '/innovationSpace/collect');
    expect((await screen.findByTestId('shared-with-me')).textContent).toBe('共享给我的');
    expect(screen.getByTestId('shared-s1').textContent).toContain('协作库');
    expect(screen.getByTestId('shared-s1').textContent).toContain('王工 共享');
    fireEvent.click(screen.getByTestId('folder-s2'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/innovationSpace/searchResult?set=library%3As2',
      ),
    );
  });

  it("creates a sub-folder, showing the server's refusal of a taken name", async () => {
    const calls = stubLibraryServer();
    const { router } = renderPage(<LibraryPage />, '/innovationSpace/collect?folder=f1');
    await screen.findByTestId('folder-title');
    fireEvent.click(screen.getByRole('button', { name: /新建子文件夹/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('名称');
    fireEvent.change(name, { target: { value: '正极' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('同一位置已有名为“正极”的专利库')).toBeTruthy();
    fireEvent.change(name, { target: { value: '负极' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('folder')).toBe('f9'));
    expect(bodyOf(calls, '/product/archive/v2/save', 'createFolder')).toEqual({
      action: 'createFolder',
      name: '负极',
      remark: '',
      parentId: 'f1',
    });
    await waitFor(() => expect(screen.getByTestId('folder-title').textContent).toBe('负极'));
  });

  it('renames a folder (a name over 100 characters refused first) and deletes it to the recycle bin', async () => {
    const calls = stubLibraryServer();
    const { router } = renderPage(<LibraryPage />, '/innovationSpace/collect?folder=f2');
    await screen.findByTestId('folder-title');
    fireEvent.click(screen.getByRole('button', { name: /重命名/ }));
    const renameDialog = await screen.findByRole('dialog');
    const renameInput = within(renameDialog).getByLabelText('名称');
    fireEvent.change(renameInput, { target: { value: '长'.repeat(101) } });
    fireEvent.click(within(renameDialog).getByRole('button', { name: '确定' }));
    expect(await within(renameDialog).findByText('名称最多 100 个字')).toBeTruthy();
    expect(calls.some((c) => c.path === '/product/archive/v2/update')).toBe(false);
    fireEvent.change(renameInput, { target: { value: '正极材料' } });
    fireEvent.click(within(renameDialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/product/archive/v2/update')).toEqual({
        action: 'rename',
        folderId: 'f2',
        name: '正极材料',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('folder-title').textContent).toBe('正极材料'));

    // Delete goes to the recycle bin after a confirmation, and the parent is shown again.
    fireEvent.click(screen.getByTestId('delete-folder'));
    fireEvent.click((await screen.findAllByRole('button', { name: '确定' })).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(bodyOf(calls, '/product/archive/v2/delete')).toEqual({ action: 'delete', folderIds: ['f2'] }),
    );
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('folder')).toBe('f1'));
  });

  it("renames a label (an empty name refused first, then the server's refusal of a taken name)", async () => {
    const calls = stubLibraryServer();
    renderPage(<LibraryPage />, '/innovationSpace/collect?folder=f1');
    const row = await screen.findByTestId('label-l1');
    expect(within(row).getByText('技术')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重命名标引“技术”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('重命名标引“技术”')).toBeTruthy();
    const input = within(dialog).getByLabelText('标引名称');
    expect((input as HTMLInputElement).value).toBe('技术');

    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入标引名称')).toBeTruthy();
    expect(calls.some((c) => c.path === '/product/labelmanage/set')).toBe(false);

    fireEvent.change(input, { target: { value: '工艺' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('同一位置已有名为“工艺”的标引')).toBeTruthy();

    fireEvent.change(input, { target: { value: ' 电池技术 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/product/labelmanage/set', 'rename')).toEqual({
        action: 'rename',
        labelId: 'l1',
        name: '电池技术',
      }),
    );
    // The list is read again: the label shows its new name, its sub-label unchanged.
    await waitFor(() => expect(within(screen.getByTestId('label-l1')).getByText('电池技术')).toBeTruthy());
    expect(within(screen.getByTestId('label-l2')).getByText('工艺')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists saved expressions, reopens one as its exact result page, and combines two', async () => {
    const items = [savedExpression('e1', '锂电池', 'TI=(锂电池)', 120), savedExpression('e2', '电机', 'TI=(电机)', 80)];
    const calls = stubApi((call) => {
      const body = call.body as Record<string, unknown>;
      if (call.path === '/product/archive/v2/list' && body.type === 'expressions')
        return ok({ type: 'expressions', total: 2, page: 1, pageSize: 20, items });
      if (call.path === '/product/archive/v2/combined') {
        const [, second] = body.items as { id: string; operator: string }[];
        return ok({ expression: `(TI=(锂电池)) ${second?.operator} (TI=(电机))`, total: 150 });
      }
      if (call.path === '/product/search/searchNew')
        return ok({
          total: 0,
          page: 1,
          pageSize: 20,
          items: [],
          facets: {},
          expression: '',
          tookMs: 1,
          key: 'k1234567',
        });
      return undefined;
    });
    const { router } = renderPage(<LibraryPage />, '/innovationSpace/collect?tab=searchExp');

    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('TI=(锂电池)')).toBeTruthy());
    const rows = within(table).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '组合检索' }));
    expect((await screen.findByTestId('combined-expression')).textContent).toBe('(TI=(锂电池)) AND (TI=(电机))');
    expect(screen.getByTestId('combined-total').textContent).toBe('命中 150 条');
    expect(bodyOf(calls, '/product/archive/v2/combined')).toEqual({
      items: [
        { id: 'e1', operator: 'AND' },
        { id: 'e2', operator: 'AND' },
      ],
    });
    fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox', { name: '运算符 电机' }));
    fireEvent.click(await screen.findByTitle('NOT（非）'));
    await waitFor(() =>
      expect(screen.getByTestId('combined-expression').textContent).toBe('(TI=(锂电池)) NOT (TI=(电机))'),
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '检索' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('(TI=(锂电池)) NOT (TI=(电机))');

    // Reopening a saved one restores its whole state (sort, view), not only the expression.
    await router.navigate('/innovationSpace/collect?tab=searchExp');
    fireEvent.click(await screen.findByText('锂电池'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('TI=(锂电池)');
    expect(params.get('sort')).toBe('PD.desc');
    expect(params.get('view')).toBe('tuwenshitu');
  });

  it("sends /workbench to /user/collect and /collectSearch to the folder's result page", async () => {
    stubApi((call) => {
      if (call.path === '/product/archive/v2/list') return ok({ type: 'folders', folders: FOLDERS, quota: QUOTA });
      if (call.path === '/product/search/searchNew')
        return ok({
          total: 0,
          page: 1,
          pageSize: 20,
          items: [],
          facets: {},
          expression: '',
          tookMs: 1,
          key: 'k1234567',
          set: { kind: 'library', label: '电池', size: 3, limit: 30000 },
        });
      if (call.path === '/product/labelmanage/list') return ok({ labels: [] });
      return ok({ total: 0, page: 1, pageSize: 10, items: [] });
    });
    const { router } = renderApp('/workbench');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/collect'));
    expect(await screen.findByRole('tab', { name: '我的专题库' })).toBeTruthy();

    await router.navigate('/innovationSpace/collectSearch?id=f1&q=TI%3D%E7%94%B5%E6%B1%A0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('set')).toBe('library:f1');
    expect(params.get('second')).toBe('TI=电池');
  });
});
