// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../test/render-page';
import { ResultsPage } from '../features/search/ResultsPage';
import { failure, ok, stubApi, type ApiCall } from '../test/test-api';
import { FOLDERS, label } from '../features/library/library-fixtures';

const HITS = ['CN215644798U', 'CN117151122A'].map((publicationNumber) => ({
  publicationNumber,
  title: `电池 ${publicationNumber}`,
  applicants: ['宁德时代新能源科技股份有限公司'],
  inventors: [],
  country: 'CN',
  score: 1,
}));

function searchAnswer(total: number, extra: Record<string, unknown> = {}) {
  return ok({
    total,
    page: 1,
    pageSize: 20,
    items: HITS,
    facets: {},
    expression: 'TI=电池',
    tookMs: 5,
    key: 'abcdefgh12',
    ...extra,
  });
}

const lastBody = (calls: readonly ApiCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body;

/** Selects the page's results once they are listed. */
async function selectPage() {
  const button = (await screen.findByTestId('selection-count')).parentElement?.querySelector('button') as HTMLElement;
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

/** Opens the collect dialog from one of the result page's collect buttons once it says `text`. */
async function openCollect(testId: 'collect-selected' | 'collect-all', text: string) {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect(button.textContent).toContain(text));
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
  // The dialog's code loads when it first opens (lazy-collect-dialog.ts): its form, once there.
  return (await screen.findByTestId('collect-what')).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
}

/** Picks a folder in the dialog's tree select by its shown title. */
async function chooseFolder(dialog: HTMLElement, title: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '专题库' }));
  fireEvent.click(await screen.findByTitle(title));
}

describe('collect dialog', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('collects the selected results into a chosen folder, reports skipped duplicates and records it', async () => {
    const calls = stubApi((call) => {
      const body = call.body as Record<string, unknown>;
      if (call.path === '/product/search/searchNew') return searchAnswer(2);
      if (call.path === '/product/archive/v2/list' && body.type === 'folders')
        return ok({ type: 'folders', folders: FOLDERS, quota: { used: 5, limit: null } });
      if (call.path === '/product/archive/v2/save' && body.action === 'collect')
        return ok({
          action: 'collect',
          result: { added: 1, skipped: 1, folders: [{ folderId: 'f2', added: 1, skipped: 1 }], notFound: [] },
        });
      if (call.path === '/product/history' || call.path === '/product/operatehistory') return ok({ id: 'h1' });
      return ok({});
    });
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    await selectPage();
    const dialog = await openCollect('collect-selected', '收藏所选（2）');
    expect(within(dialog).getByTestId('collect-what').textContent).toBe('2 件专利');
    // Archived libraries take no new patents.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '专题库' }));
    expect(await screen.findByTitle('正极 (2 件)')).toBeTruthy();
    expect(screen.queryByTitle('电机 (1 件)')).toBeNull();
    fireEvent.click(screen.getByTitle('正极 (2 件)'));
    fireEvent.click(within(dialog).getByRole('button', { name: '收藏' }));

    const result = await within(dialog).findByTestId('collect-result');
    expect(result.textContent).toContain('新增 1 件');
    expect(result.textContent).toContain('1 件已在该文件夹中，已跳过');
    expect(lastBody(calls, '/product/archive/v2/save')).toEqual({
      action: 'collect',
      folderIds: ['f2'],
      publicationNumbers: ['CN215644798U', 'CN117151122A'],
    });
    expect(within(dialog).getByText('打开专题库').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/searchResult?set=library%3Af2',
    );
    // Search history gets a `collect` entry on this search; the server records the operation itself.
    await waitFor(() => expect(lastBody(calls, '/product/history')).toBeDefined());
    const entry = JSON.parse((lastBody(calls, '/product/history') as { content: string }).content) as Record<
      string,
      unknown
    >;
    expect(entry).toMatchObject({
      operationName: 'collect',
      searchExpression: 'TI=电池',
      collect: { favoritesId: 'f2', favName: '正极', path: 'f1/f2', pathName: '电池/正极' },
    });
    expect(lastBody(calls, '/product/operatehistory')).toBeUndefined();
  });

  it("collects a whole result set, refuses one above 30,000 with the spec's message, and shows the server's refusal", async () => {
    let total = 45_000;
    const calls = stubApi((call) => {
      const body = call.body as Record<string, unknown>;
      if (call.path === '/product/search/searchNew') return searchAnswer(total);
      if (call.path === '/product/archive/v2/list')
        return ok({ type: 'folders', folders: FOLDERS, quota: { used: 5, limit: 10 } });
      if (call.path === '/product/archive/v2/save' && body.action === 'collect')
        return failure('收藏数量超出个人限额（10条，已用5条）', 'COLLECT_QUOTA_EXCEEDED');
      return ok({});
    });
    const { router } = renderPage(
      <ResultsPage />,
      '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&sort=PD.desc',
    );
    let dialog = await openCollect('collect-all', '收藏全部结果（45,000 条）');
    expect(within(dialog).getByTestId('collect-what').textContent).toBe('当前结果集的全部 45,000 件专利');
    expect(within(dialog).getByTestId('collect-limit').textContent).toBe('所选专利不能超过30,000条');
    await chooseFolder(dialog, '电池 (3 件)');
    expect(within(dialog).getByRole('button', { name: '收藏' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A narrower set: collected whole, in the page's order; the server's refusal is shown as it says it.
    total = 1200;
    await router.navigate('/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&sort=PD.desc&f=country%3ACN');
    dialog = await openCollect('collect-all', '收藏全部结果（1,200 条）');
    await chooseFolder(dialog, '电池 (3 件)');
    fireEvent.click(within(dialog).getByRole('button', { name: '收藏' }));
    expect((await within(dialog).findByTestId('collect-error')).textContent).toBe(
      '收藏数量超出个人限额（10条，已用5条）',
    );
    expect(lastBody(calls, '/product/archive/v2/save')).toEqual({
      action: 'collect',
      folderIds: ['f1'],
      resultSet: {
        searchExpre: 'TI=电池',
        filters: [{ field: 'country', values: ['CN'] }],
        mergeType: 0,
        sort: { field: 'PD', order: 'desc' },
      },
    });
  });

  it('creates a folder inside the chosen one from the dialog and selects it', async () => {
    const calls = stubApi((call) => {
      const body = call.body as Record<string, unknown>;
      if (call.path === '/product/search/searchNew') return searchAnswer(2);
      if (call.path === '/product/archive/v2/list')
        return ok({ type: 'folders', folders: FOLDERS, quota: { used: 5, limit: null } });
      if (call.path === '/product/archive/v2/save' && body.action === 'createFolder')
        return ok({
          action: 'createFolder',
          folder: {
            ...FOLDERS[1],
            id: 'f7',
            parentId: 'f1',
            name: String(body.name),
            level: 2,
            count: 0,
            totalCount: 0,
          },
        });
      return ok({});
    });
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    await selectPage();
    const dialog = await openCollect('collect-selected', '收藏所选（2）');
    await chooseFolder(dialog, '电池 (3 件)');
    expect(within(dialog).getByText('新文件夹将建在“电池”下')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新文件夹名称'), { target: { value: '固态电池' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /新建/ }));
    await waitFor(() =>
      expect(lastBody(calls, '/product/archive/v2/save')).toEqual({
        action: 'createFolder',
        name: '固态电池',
        parentId: 'f1',
      }),
    );
  });

  it("on a folder's result page: filters by label through the URL and sets a label on the selection", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/search/searchNew')
        return searchAnswer(2, { set: { kind: 'library', label: '电池', size: 2, limit: 30000 } });
      if (call.path === '/product/labelmanage/list')
        return ok({ labels: [label('l1', null, '技术', 1), label('l2', 'l1', '正极', 1)] });
      if (call.path === '/product/labelmanage/set') return ok({ affected: 2 });
      if (call.path === '/product/archive/v2/delete') return ok({ affected: 2, remaining: 0 });
      return ok({});
    });
    const { router } = renderPage(<ResultsPage />, '/innovationSpace/searchResult?set=library%3Af1');
    expect((await screen.findByTestId('set-source')).textContent).toContain('专题库');
    expect(screen.getByRole('link', { name: /管理专题库/ }).getAttribute('href')).toBe(
      '/innovationSpace/collect?folder=f1',
    );
    const search = calls.find((c) => c.path === '/product/search/searchNew');
    expect(search?.body).toMatchObject({ searchExpre: '', set: { kind: 'library', key: 'f1' } });

    const bar = await screen.findByTestId('library-label-bar');
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: '按标引筛选' }));
    fireEvent.click(await screen.findByTitle('正极 (1 件)'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('set')).toBe('library:f1:l2'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/product/search/searchNew').at(-1)?.body).toMatchObject({
        set: { kind: 'library', key: 'f1', labelId: 'l2' },
      }),
    );

    await selectPage();
    fireEvent.click(screen.getByTestId('label-set-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '选择标引' }));
    fireEvent.click((await screen.findAllByTitle('技术')).at(-1) as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(lastBody(calls, '/product/labelmanage/set')).toEqual({
        action: 'apply',
        folderId: 'f1',
        labelIds: ['l1'],
        publicationNumbers: ['CN215644798U', 'CN117151122A'],
      }),
    );
  });

  it("on a folder's result page: removes the selection from the folder after confirming", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/search/searchNew')
        return searchAnswer(2, { set: { kind: 'library', label: '电池', size: 2, limit: 30000 } });
      if (call.path === '/product/labelmanage/list') return ok({ labels: [] });
      if (call.path === '/product/archive/v2/delete') return ok({ affected: 2, remaining: 0 });
      return ok({});
    });
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?set=library%3Af1');
    await selectPage();
    fireEvent.click(await screen.findByTestId('remove-selected'));
    expect(await screen.findByText('把所选的 2 件专利移出该文件夹？')).toBeTruthy();
    fireEvent.click((await screen.findAllByRole('button', { name: '确定' })).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(lastBody(calls, '/product/archive/v2/delete')).toEqual({
        action: 'removePatents',
        folderId: 'f1',
        publicationNumbers: ['CN215644798U', 'CN117151122A'],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe('已选 0 条'));
  });
});
