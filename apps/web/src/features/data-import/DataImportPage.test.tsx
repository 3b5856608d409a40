// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportRun, ImportRunList, ImportUpload } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { DataImportPage } from './DataImportPage';
import { ok, stubApi } from '../../test/test-api';

const IMPORT = '/platform/data/patents/import';

const PATSNAP: ImportUpload = { id: 'u-1', name: '中之信-20.xlsx', size: 48_213, format: 'patsnap-xlsx' };
const LETTER: ImportUpload = { id: 'u-2', name: 'letter.txt', size: 55, format: null };

const RUNNING: ImportRun = {
  id: 'run-1',
  status: 'running',
  createdBy: 'admin@patlas.local',
  createdAt: '2026-01-15T08:00:00.000Z',
  startedAt: '2026-01-15T08:00:01.000Z',
  finishedAt: null,
  files: [PATSNAP, LETTER],
  progress: { currentFile: '中之信-20.xlsx', bytesRead: 24_000, bytesTotal: 48_213, records: 10, rejected: 1 },
  report: null,
  refusedTotal: 1,
  refused: [],
};

const DONE: ImportRun = {
  ...RUNNING,
  status: 'done',
  finishedAt: '2026-01-15T08:00:03.000Z',
  progress: { currentFile: '中之信-20.xlsx', bytesRead: 48_213, bytesTotal: 48_213, records: 19, rejected: 2 },
  report: {
    files: [
      { name: '中之信-20.xlsx', format: 'patsnap-xlsx', read: 19, inserted: 17, updated: 2, unchanged: 0, rejected: 1 },
      { name: 'letter.txt', format: null, read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 1 },
    ],
    totals: { read: 19, inserted: 17, updated: 2, unchanged: 0, rejected: 2 },
    elapsedMs: 2300,
    versionId: 4,
  },
  refusedTotal: 2,
  refused: [
    { file: 'letter.txt', line: 0, reason: '无法识别文件格式：请上传 incoPat、PatSnap 的导出文件' },
    { file: '中之信-20.xlsx', line: 7, reason: 'no publication number' },
  ],
};

const LIMITS = { maxFileBytes: 2 * 1024 * 1024 * 1024, maxFiles: 20 };

function fileOf(name: string, size: number): File {
  const file = new File([new Uint8Array(8)], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function drop(...files: File[]) {
  const input = document.querySelector('.data-import-page input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

async function button(name: string): Promise<HTMLButtonElement> {
  return (await screen.findByRole('button', { name })) as HTMLButtonElement;
}

describe('operators’ import page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('uploads the dropped files, names each detected format, starts the run and follows it to its report', async () => {
    const uploads = [PATSNAP, LETTER];
    let runPolls = 0;
    let runs: ImportRunList = { items: [], ...LIMITS };
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === `${IMPORT}/runs`) return ok(runs);
      if (call.method === 'POST' && call.path === `${IMPORT}/files`) return ok({ files: [uploads.shift()] });
      if (call.method === 'POST' && call.path === `${IMPORT}/runs`) {
        runs = { items: [{ ...RUNNING, status: 'queued' }], ...LIMITS };
        return ok({ ...RUNNING, status: 'queued', progress: null });
      }
      if (call.method === 'GET' && call.path === `${IMPORT}/runs/run-1`) {
        runPolls += 1;
        // Polled until it has ended: running twice, then done.
        const run = runPolls < 3 ? RUNNING : DONE;
        runs = { items: [run], ...LIMITS };
        return ok(run);
      }
      return undefined;
    });
    const { router } = renderApp('/sys/import');

    // The page is a section of the operators' area, listed in its side menu.
    const sideMenu = await screen.findByRole('menu', { name: '运营管理' });
    expect(within(sideMenu).getByText('数据导入')).toBeTruthy();
    expect(await screen.findByText('还没有导入任务')).toBeTruthy();
    expect((await button('开始导入')).disabled).toBe(true);

    drop(fileOf('中之信-20.xlsx', 48_213), fileOf('letter.txt', 55));
    expect(await screen.findByText('智慧芽 PatSnap 导出（Excel）')).toBeTruthy();
    expect(await screen.findByText('未识别的格式')).toBeTruthy();
    expect(screen.getByText('未识别格式的文件不会导入，将在报告中列为拒收')).toBeTruthy();
    expect(calls.filter((c) => c.path === `${IMPORT}/files`)).toHaveLength(2);

    await waitFor(async () => expect((await button('开始导入')).disabled).toBe(false));
    fireEvent.click(await button('开始导入'));
    await waitFor(() => expect(router.state.location.search).toBe('?run=run-1'));
    const start = calls.find((c) => c.method === 'POST' && c.path === `${IMPORT}/runs`);
    expect(start?.body).toEqual({ fileIds: ['u-1', 'u-2'] });

    // While it runs: the share of bytes read and the file being read.
    const run = await waitFor(() => {
      const panel = document.querySelector<HTMLElement>('.data-import-run');
      if (!panel) throw new Error('no run panel yet');
      return panel;
    });
    expect(await within(run).findByText('导入中')).toBeTruthy();
    expect(within(run).getByText('49%')).toBeTruthy();
    expect(within(run).getByText('中之信-20.xlsx')).toBeTruthy();

    // Then the report per file with its totals, and the refused lines with file, line and reason.
    const report = (await within(run).findByText('导入报告')).closest('.data-import-report') as HTMLElement;
    const rows = [...report.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['中之信-20.xlsx', '智慧芽 PatSnap 导出（Excel）', '19', '17', '2', '0', '1'],
      ['letter.txt', '未识别的格式', '0', '0', '0', '0', '1'],
    ]);
    expect(report.querySelector('.ant-table-summary')?.textContent).toBe('合计1917202');
    // Issue 43: the report opens the records it added and updated in the shared result page.
    const open = within(run).getByTestId('import-open-records');
    expect(open.textContent).toBe('在检索结果中查看新增和更新的 19 件');
    expect(open.getAttribute('href')).toBe(`/innovationSpace/searchResult?set=importRun%3A${DONE.id}`);
    expect(within(run).getByText('已完成')).toBeTruthy();
    const refused = run.querySelector('.data-import-refused') as HTMLElement;
    expect(within(refused).getByText('共 2 条')).toBeTruthy();
    expect(within(refused).getByText('整个文件')).toBeTruthy();
    expect(within(refused).getByText('无法识别文件格式：请上传 incoPat、PatSnap 的导出文件')).toBeTruthy();
    expect(within(refused).getByText('7')).toBeTruthy();
    expect(within(refused).getByText('no publication number')).toBeTruthy();
    // The upload list is empty again, ready for the next files.
    expect(document.querySelector('.data-import-files')).toBeNull();
  });

  it('refuses a file above the limit in the browser, without uploading it, and takes a file off the list', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === `${IMPORT}/runs`)
        return ok({ items: [], maxFileBytes: 1024, maxFiles: 20 });
      if (call.method === 'POST' && call.path === `${IMPORT}/files`) return ok({ files: [PATSNAP] });
      if (call.method === 'DELETE') return ok(null);
      return undefined;
    });
    renderPage(<DataImportPage />, '/sys/import');
    expect(await screen.findByText(/单个文件不超过 1 KB/)).toBeTruthy();

    drop(fileOf('huge.csv', 4096));
    expect(await screen.findByText('文件过大：单个文件不能超过 1 KB')).toBeTruthy();
    expect(calls.some((c) => c.path === `${IMPORT}/files`)).toBe(false);
    expect((await button('开始导入')).disabled).toBe(true);

    drop(fileOf('中之信-20.xlsx', 500));
    expect(await screen.findByText('智慧芽 PatSnap 导出（Excel）')).toBeTruthy();
    fireEvent.click(await button('移除 中之信-20.xlsx'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`${IMPORT}/files/u-1`);
    expect(screen.queryByText('智慧芽 PatSnap 导出（Excel）')).toBeNull();
  });

  it('lists the recent runs after a reload and explains an interrupted one, in English', async () => {
    const interrupted: ImportRun = { ...DONE, id: 'run-0', status: 'interrupted', refused: [], refusedTotal: 0 };
    stubApi((call) => {
      if (call.method === 'GET' && call.path === `${IMPORT}/runs`) return ok({ items: [interrupted], ...LIMITS });
      if (call.method === 'GET' && call.path === `${IMPORT}/runs/run-0`) return ok(interrupted);
      return undefined;
    });
    const { router } = renderPage(<DataImportPage />, '/sys/import', 'en');
    const recent = (await screen.findByText('Recent imports')).closest('.data-import-recent') as HTMLElement;
    expect(await within(recent).findByText('Interrupted')).toBeTruthy();
    expect(within(recent).getByText('中之信-20.xlsx、letter.txt')).toBeTruthy();
    expect(within(recent).getByText('17 / 2')).toBeTruthy();

    fireEvent.click(within(recent).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toBe('?run=run-0'));
    expect(await screen.findByText(/The server stopped or restarted during the import/)).toBeTruthy();
    expect(screen.getByText('No line was refused')).toBeTruthy();
    expect(screen.getByText('PatSnap export (Excel)')).toBeTruthy();
  });
});
