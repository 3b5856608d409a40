// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EXPORT_FIELD_IDS, type DownloadTask, type ExportFieldsResponse } from '@patlas/contracts';
import { renderPage } from '../test/render-page';
import { ResultsPage } from '../features/search/ResultsPage';
import { failure, ok, stubApi, type ApiAnswer, type ApiCall } from '../test/test-api';

const HITS = ['CN215644798U', 'CN117151122A'].map((publicationNumber) => ({
  publicationNumber,
  title: `电池 ${publicationNumber}`,
  applicants: ['宁德时代新能源科技股份有限公司'],
  inventors: [],
  country: 'CN',
  score: 1,
}));

const searchAnswer = (total: number) =>
  ok({ total, page: 1, pageSize: 20, items: HITS, facets: {}, expression: 'TI=电池', tookMs: 5, key: 'abcdefgh12' });

/** The catalogue as the server writes it in Chinese (a part of it: three groups). */
const FIELDS: ExportFieldsResponse = {
  groups: [
    {
      id: 'basic',
      label: '基本信息',
      fields: [
        { id: 'publicationNumber', label: '公开号', large: false },
        { id: 'applicationNumber', label: '申请号', large: false },
        { id: 'title', label: '标题', large: false },
      ],
    },
    {
      id: 'people',
      label: '申请人与发明人',
      fields: [
        { id: 'applicants', label: '申请人', large: false },
        { id: 'inventors', label: '发明人', large: false },
      ],
    },
    { id: 'text', label: '文本', fields: [{ id: 'abstract', label: '摘要', large: true }] },
  ],
  selected: ['publicationNumber', 'title'],
  order: [...EXPORT_FIELD_IDS],
};

const TEMPLATE = {
  id: 'tp1',
  name: '审查用',
  fields: ['title', 'abstract', 'applicants'],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

function task(overrides: Partial<DownloadTask> = {}): DownloadTask {
  return {
    id: 'task-1',
    title: 'TI=电池',
    format: 'csv',
    filename: 'patlas-20261127.csv',
    state: 'waiting',
    done: 0,
    total: 5000,
    unit: 'patents',
    progress: 0,
    size: null,
    error: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    finishedAt: null,
    expiresAt: null,
    expired: false,
    downloadUrl: null,
    ...overrides,
  };
}

/** The export calls every test answers alike; `extra` answers first. */
function stubExport(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const body = call.body as Record<string, unknown> | undefined;
    if (call.path === '/product/search/searchNew') return searchAnswer(1200);
    if (call.path === '/product/download/fields') return ok(FIELDS);
    if (call.path === '/product/download/template' && body?.action === 'list') return ok({ templates: [TEMPLATE] });
    if (call.path === '/product/export/check') return ok({ rows: 20, direct: true, quota: { used: 0, limit: null } });
    if (call.path === '/product/download/addLastExportField' || call.path === '/product/download/sortFields')
      return ok({});
    if (call.path === '/product/history' || call.path === '/product/operatehistory') return ok({ id: 'h1' });
    return ok({});
  });
}

const lastBody = (calls: readonly ApiCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body;

async function openExport() {
  const button = await screen.findByTestId('export-button');
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
  // The dialog's code loads when it first opens (lazy-export-dialog.ts): its form, once there.
  const group = await screen.findByRole('group', { name: '基本信息' });
  return group.closest<HTMLElement>('[role="dialog"]') as HTMLElement;
}

const chosenNames = (dialog: HTMLElement) =>
  within(within(dialog).getByTestId('export-chosen'))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.export-chosen-name')?.textContent);

const exportButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '导出' });

describe('export dialog', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exports the page to xlsx with the chosen fields in their order and downloads the answered file', async () => {
    const calls = stubExport();
    // /export/excel answers a small export with the file itself.
    const apiFetch = globalThis.fetch;
    const excelCalls: { body: unknown; headers: Headers }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/product/export/excel') return apiFetch(input, init);
      excelCalls.push({ body: JSON.parse(String(init?.body)), headers: new Headers(init?.headers) });
      return new Response('PK xlsx bytes', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('电池专利.xlsx')}`,
        },
      });
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();

    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&sort=PD.desc');
    const dialog = await openExport();
    // The server's labels, grouped; the last export's fields chosen, in their order.
    expect(within(dialog).getByRole('group', { name: '申请人与发明人' })).toBeTruthy();
    expect(chosenNames(dialog)).toEqual(['公开号', '标题']);
    expect(within(dialog).getByText('当前页（第 1 页，20 条）')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: '申请人' }));
    expect(chosenNames(dialog)).toEqual(['公开号', '标题', '申请人']);
    fireEvent.click(within(dialog).getByRole('button', { name: '上移 申请人' }));
    expect(chosenNames(dialog)).toEqual(['公开号', '申请人', '标题']);
    fireEvent.click(within(dialog).getByRole('button', { name: '移除 公开号' }));
    expect(within(dialog).getByRole('checkbox', { name: '公开号' })).toHaveProperty('checked', false);

    fireEvent.change(within(dialog).getByLabelText('文件名'), { target: { value: '电池专利' } });
    fireEvent.click(exportButton(dialog));

    await waitFor(() => expect(saved).toEqual(['电池专利.xlsx']));
    const request = {
      target: {
        kind: 'results',
        query: { searchExpre: 'TI=电池', filters: [], mergeType: 0, sort: { field: 'PD', order: 'desc' } },
        rows: { mode: 'page', page: 1, pageSize: 20 },
      },
      fields: ['applicants', 'title'],
      format: 'xlsx',
      filename: '电池专利',
      title: 'TI=电池',
    };
    expect(lastBody(calls, '/product/export/check')).toEqual(request);
    expect(excelCalls.map((c) => c.body)).toEqual([request]);
    expect(excelCalls[0]?.headers.get('Authorization')).toBe('Bearer test-access-token');
    expect(await screen.findByText('已导出 电池专利.xlsx')).toBeTruthy();
    // Remembered for the next dialog, with the new order of every field.
    await waitFor(() =>
      expect(lastBody(calls, '/product/download/addLastExportField')).toEqual({ fields: ['applicants', 'title'] }),
    );
    const order = (lastBody(calls, '/product/download/sortFields') as { fields: string[] }).fields;
    expect(order.slice(0, 2)).toEqual(['applicants', 'title']);
    expect([...order].sort()).toEqual([...EXPORT_FIELD_IDS].sort());
  });

  it("applies and deletes templates, refuses a name over 8 characters and shows the server's refusal", async () => {
    const calls = stubExport((call) => {
      const body = call.body as Record<string, unknown> | undefined;
      if (call.path === '/product/download/template' && body?.action === 'save')
        return failure('名称已存在', 'EXPORT_TEMPLATE_NAME_TAKEN', 409);
      if (call.path === '/product/download/template/tp1' && call.method === 'DELETE') return ok({});
      return undefined;
    });
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    const dialog = await openExport();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '选择模板' }));
    fireEvent.click(await screen.findByTitle('审查用'));
    expect(chosenNames(dialog)).toEqual(['标题', '摘要', '申请人']);

    const name = within(dialog).getByLabelText('模板名称');
    fireEvent.change(name, { target: { value: '一二三四五六七八九' } });
    expect(within(dialog).getByText('模板名称最多 8 个字')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /保存为模板/ })
        .hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.change(name, { target: { value: '审查用' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保存为模板/ }));
    expect((await within(dialog).findByTestId('export-template-error')).textContent).toBe('名称已存在');
    expect(lastBody(calls, '/product/download/template')).toEqual({
      action: 'save',
      name: '审查用',
      fields: ['title', 'abstract', 'applicants'],
    });

    fireEvent.click(within(dialog).getByRole('button', { name: /删除模板/ }));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/product/download/template/tp1')).toBe(true),
    );
    expect(await screen.findByText('模板“审查用”已删除')).toBeTruthy();
  });

  it("checks the range, the row limit and the file name with the spec's messages", async () => {
    stubExport();
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    const dialog = await openExport();

    fireEvent.click(within(dialog).getByRole('radio', { name: '指定范围' }));
    fireEvent.change(within(dialog).getByLabelText('起始条'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('结束条'), { target: { value: '100' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('export-rows-error').textContent).toBe('结束值必须大于起始值'),
    );
    expect(exportButton(dialog).hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('结束条'), { target: { value: '300600' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('export-rows-error').textContent).toBe('导出范围过大，一次最多导出 300,000 条'),
    );
    fireEvent.change(within(dialog).getByLabelText('结束条'), { target: { value: '900' } });
    await waitFor(() => expect(within(dialog).queryByTestId('export-rows-error')).toBeNull());
    expect(within(dialog).getByText('将导出 401 条')).toBeTruthy();
    expect(exportButton(dialog).hasAttribute('disabled')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('文件名'), { target: { value: '   ' } });
    expect(within(dialog).getByTestId('export-file-name-error').textContent).toBe('文件名不能全为空格');
    expect(exportButton(dialog).hasAttribute('disabled')).toBe(true);
  });

  it('says when a task was created and links to the download centre (a large csv, then Word)', async () => {
    const calls = stubExport((call) => {
      if (call.path === '/product/download/task')
        return ok({ task: task({ id: 'task-2', format: 'docx', total: 20, title: 'TI=电池' }) });
      return undefined;
    });
    // A larger export answers { task } in the envelope instead of the file.
    const apiFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/product/export/excel') return apiFetch(input, init);
      return new Response(JSON.stringify({ status: 1, message: '', data: { task: task() } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    let dialog = await openExport();
    fireEvent.click(within(dialog).getByRole('radio', { name: '前 N 条' }));
    fireEvent.change(within(dialog).getByLabelText('导出条数'), { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'CSV' }));
    await waitFor(() => expect(exportButton(dialog).hasAttribute('disabled')).toBe(false));
    fireEvent.click(exportButton(dialog));

    expect((await within(dialog).findByTestId('export-task')).textContent).toContain('5,000');
    expect(within(dialog).getByText('已创建下载任务')).toBeTruthy();
    expect(within(dialog).getByText('前往下载中心').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/download',
    );
    expect((lastBody(calls, '/product/export/check') as { target: unknown; format: string }).target).toMatchObject({
      rows: { mode: 'first', count: 5000 },
    });

    // Word is always a task (POST /download/task).
    fireEvent.click(within(dialog).getAllByRole('button', { name: '关闭' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openExport();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Word' }));
    fireEvent.click(exportButton(dialog));
    expect(await within(dialog).findByTestId('export-task')).toBeTruthy();
    expect(lastBody(calls, '/product/download/task')).toMatchObject({
      format: 'docx',
      target: { kind: 'results', rows: { mode: 'page', page: 1, pageSize: 20 } },
    });
  });
});
