// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyFile } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { pressEnter, renderPage } from '../../test/render-page';
import { MyFilePage } from './MyFilePage';
import { ok, stubApi } from '../../test/test-api';

const FILES: MyFile[] = [
  {
    fileId: 'f1',
    fileName: '权利要求书.docx',
    type: 'docx',
    size: 2_621_440,
    md5: 'a'.repeat(32),
    url: '/file/my/file/download/f1',
    createdAt: '2026-12-07T08:00:00.000Z',
    updatedAt: '2026-12-07T08:00:00.000Z',
  },
  {
    fileId: 'f2',
    fileName: 'figure.png',
    type: 'png',
    size: 900,
    md5: 'b'.repeat(32),
    url: '/file/my/file/download/f2',
    createdAt: '2026-12-06T08:00:00.000Z',
    updatedAt: '2026-12-06T08:00:00.000Z',
  },
];

describe('my files page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** A fake server over `files`: list (by name), rename and delete change it; answers every call made. */
  function stubFiles() {
    let files = [...FILES];
    return stubApi((call) => {
      if (call.path === '/product/file/my/file/list') {
        const name = call.query.get('name') ?? '';
        const items = files.filter((f) => f.fileName.includes(name));
        return ok({ total: items.length, page: 1, pageSize: 10, items, maxFileBytes: 5242880 });
      }
      if (call.path === '/product/file/my/file') {
        const body = call.body as { action: string; fileId?: string; fileName?: string; fileIds?: string[] };
        if (body.action === 'rename') {
          files = files.map((f) => (f.fileId === body.fileId ? { ...f, fileName: body.fileName! } : f));
          return ok({ file: files.find((f) => f.fileId === body.fileId) });
        }
        files = files.filter((f) => !body.fileIds!.includes(f.fileId));
        return ok({ deleted: body.fileIds });
      }
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
  }

  it('opens from /myFile, lists the files and searches by name in the URL', async () => {
    const calls = stubFiles();
    const { router } = renderApp('/myFile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/myFile'));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('权利要求书.docx')).toBeTruthy());
    expect(within(table).getByText('2.5 MB')).toBeTruthy();
    expect(within(table).getByText('PNG')).toBeTruthy();

    const search = screen.getByLabelText('按文件名搜索');
    fireEvent.change(search, { target: { value: 'figure' } });
    pressEnter(search);
    await waitFor(() => expect(router.state.location.search).toBe('?name=figure'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('权利要求书.docx')).toBeNull());
    expect(calls.at(-1)?.query.get('name')).toBe('figure');
  });

  it('renames a file keeping its type: another extension is refused before any call', async () => {
    const calls = stubFiles();
    renderPage(<MyFilePage />, '/innovationSpace/myFile?name=figure');
    const cell = await within(await screen.findByRole('table')).findByText('figure.png');
    fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: /重命名/ }));
    const input = await screen.findByLabelText('文件名');
    fireEvent.change(input, { target: { value: 'figure.pdf' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('文件类型不能更改，须以 .png 结尾')).toBeTruthy();
    expect(calls.some((c) => c.path === '/product/file/my/file')).toBe(false);
    fireEvent.change(input, { target: { value: '附图 1.png' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/file/my/file')?.body).toEqual({
        action: 'rename',
        fileId: 'f2',
        fileName: '附图 1.png',
      }),
    );
  });

  it('deletes a file after the confirmation', async () => {
    const calls = stubFiles();
    renderPage(<MyFilePage />, '/innovationSpace/myFile');
    const cell = await within(await screen.findByRole('table')).findByText('权利要求书.docx');
    fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确定删除文件“权利要求书.docx”吗？删除后无法恢复。')).toBeTruthy();
    expect(calls.some((c) => c.path === '/product/file/my/file')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/file/my/file')?.body).toEqual({
        action: 'delete',
        fileIds: ['f1'],
      }),
    );
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('权利要求书.docx')).toBeNull());
  });

  it('opens the uploader from the URL, and /searchFile under its own permission, in English', async () => {
    stubApi((call) => {
      if (call.path === '/product/file/my/file/list')
        return ok({ total: 0, page: 1, pageSize: 10, items: [], maxFileBytes: 10 * 1024 * 1024 });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    const { router } = renderApp('/searchFile?upload=1', 'en', {
      session: { menu: ['/search/quick', '/user/searchFile'] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchFile'));
    expect(await screen.findByText('Click or drag files here to upload')).toBeTruthy();
    expect(await screen.findByText(/at most 10MB a file and 5 files at a time/)).toBeTruthy();
    expect(await screen.findByText('No files yet')).toBeTruthy();
  });
});
