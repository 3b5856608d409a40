// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DownloadTask } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { DownloadPage } from './DownloadPage';
import { ok, stubApi } from '../../test/test-api';

function task(id: string, overrides: Partial<DownloadTask> = {}): DownloadTask {
  return {
    id,
    title: `TI=电池 ${id}`,
    format: 'xlsx',
    filename: `patlas-${id}.xlsx`,
    state: 'done',
    done: 1000,
    total: 1000,
    unit: 'patents',
    progress: 100,
    size: 2_516_582,
    error: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    finishedAt: '2026-11-27T08:01:00.000Z',
    expiresAt: '2026-12-04T08:01:00.000Z',
    expired: false,
    downloadUrl: `/api/product/download/file/${id}`,
    ...overrides,
  };
}

const RUNNING = task('t1', {
  state: 'running',
  done: 400,
  total: 1000,
  progress: 40,
  size: null,
  finishedAt: null,
  expiresAt: null,
  downloadUrl: null,
});
const DONE = task('t2');
const EXPIRED = task('t3', { expired: true, downloadUrl: null, expiresAt: '2026-11-20T08:01:00.000Z' });

/** A websocket the test drives: it opens, pushes messages and closes when told. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.isClosed = true;
  }
  push(data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent));
  }
  drop() {
    act(() => this.onclose?.());
  }
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('download centre', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists tasks with their state and progress, follows a running one live, cancels it and marks expired files', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/download/list')
        return ok({ total: 3, page: 1, pageSize: 20, items: [RUNNING, DONE, EXPIRED] });
      if (call.path.startsWith('/product/download/cancel/')) return ok({ task: { ...RUNNING, state: 'cancelled' } });
      if (call.path === '/platform/platform/socket/ticket') return ok({ ticket: 'ticket-1', expiresIn: 30 });
      return undefined;
    });
    renderPage(<DownloadPage />, '/innovationSpace/download');

    await screen.findByText('TI=电池 t1');
    const running = rowOf('TI=电池 t1');
    expect(within(running).getByTestId('download-state').textContent).toBe('导出中');
    expect(within(running).getByTestId('download-progress').textContent).toContain('400 / 1,000 条');
    expect(within(running).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    const done = rowOf('TI=电池 t2');
    expect(within(done).getByTestId('download-state').textContent).toBe('已完成');
    expect(within(done).getByText('2.4 MB')).toBeTruthy();
    expect(within(done).getByRole('button', { name: /下载/ })).toBeTruthy();

    // An expired file says so and can only be exported again.
    const expired = rowOf('TI=电池 t3');
    expect(within(expired).getByTestId('download-state').textContent).toBe('已过期');
    expect(within(expired).getByTestId('download-expired').textContent).toBe('文件已过期');
    expect(within(expired).queryByRole('button', { name: /下载/ })).toBeNull();
    expect(within(expired).getByRole('button', { name: '重新导出' })).toBeTruthy();

    // One socket, for the running task, with a single-use ticket in its query, never the access
    // token (issue 41); the ticket was asked for with the bearer header.
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0] as FakeSocket;
    const url = new URL(socket.url);
    expect(url.protocol).toBe('ws:');
    expect(url.pathname).toBe('/api/product/download/progress/t1');
    expect(url.searchParams.get('ticket')).toBe('ticket-1');
    expect(url.searchParams.get('token')).toBeNull();
    expect(socket.url).not.toContain('test-access-token');
    expect(calls.filter((c) => c.path === '/platform/platform/socket/ticket').map((c) => c.method)).toEqual(['POST']);

    socket.push({
      id: 't1',
      state: 'running',
      done: 800,
      total: 1000,
      progress: 80,
      size: null,
      error: null,
      downloadUrl: null,
    });
    await waitFor(() =>
      expect(within(rowOf('TI=电池 t1')).getByTestId('download-progress').textContent).toContain('800 / 1,000 条'),
    );
    expect(within(rowOf('TI=电池 t1')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');

    fireEvent.click(within(rowOf('TI=电池 t1')).getByRole('button', { name: '取消' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/product/download/cancel/t1')).toBe(true),
    );
    expect(await screen.findByText('已取消“TI=电池 t1”')).toBeTruthy();
  });

  it('downloads a finished file with the bearer token under its name', async () => {
    stubApi((call) => {
      if (call.path === '/product/download/list') return ok({ total: 1, page: 1, pageSize: 20, items: [DONE] });
      return undefined;
    });
    const apiFetch = globalThis.fetch;
    const fileCalls: { url: string; headers: Headers }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/product/download/file/t2') return apiFetch(input, init);
      fileCalls.push({ url: url.pathname, headers: new Headers(init?.headers) });
      return new Response('PK xlsx bytes', {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
    renderPage(<DownloadPage />, '/innovationSpace/download');

    fireEvent.click(within(await waitFor(() => rowOf('TI=电池 t2'))).getByRole('button', { name: /下载/ }));
    await waitFor(() => expect(saved).toEqual(['patlas-t2.xlsx']));
    expect(fileCalls).toHaveLength(1);
    expect(fileCalls[0]?.headers.get('Authorization')).toBe('Bearer test-access-token');
  });

  it('polls the list while a task runs once its socket closes early, and shows an empty list', async () => {
    let items = [RUNNING];
    const calls = stubApi((call) => {
      if (call.path === '/product/download/list') return ok({ total: items.length, page: 1, pageSize: 20, items });
      if (call.path === '/platform/platform/socket/ticket') return ok({ ticket: 'ticket-2', expiresIn: 30 });
      return undefined;
    });
    renderPage(<DownloadPage />, '/innovationSpace/download');
    await screen.findByText('TI=电池 t1');
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const lists = () => calls.filter((c) => c.path === '/product/download/list').length;
    const before = lists();
    (FakeSocket.instances[0] as FakeSocket).drop();
    await expect.poll(lists, { timeout: 20_000 }).toBeGreaterThan(before);

    items = [];
    await screen.findByText('还没有导出任务', undefined, { timeout: 20_000 });
  });
});
