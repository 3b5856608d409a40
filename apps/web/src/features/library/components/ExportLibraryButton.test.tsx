// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { ExportLibraryButton } from './ExportLibraryButton';

const saved = vi.hoisted(() => [] as { name: string; size: number }[]);
vi.mock('../../../utils/save-file', () => ({
  saveFile: (name: string, blob: Blob) => void saved.push({ name, size: blob.size }),
}));

/** The server: the file for f1, the refusal for any other folder. */
function serve() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = JSON.parse(String(init?.body)) as { folderId: string; format: string };
      bodies.push({ path: url.pathname, method: init?.method, body });
      if (body.folderId === 'f1') {
        return new Response('\ufeffNo.,Folder\r\n1,电池\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="__-20261203.csv"; filename*=UTF-8''${encodeURIComponent('电池')}-20261203.csv`,
          },
        });
      }
      return new Response(
        JSON.stringify({ status: 0, message: '专利库已删除或归档，无法查看', data: { code: 'LIBRARY_UNAVAILABLE' } }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return bodies;
}

describe('export a library (/archive/v2/export)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    saved.length = 0;
  });

  it('downloads the chosen format under the name the server gives', async () => {
    const bodies = serve();
    renderPage(<ExportLibraryButton folderId="f1" />, '/innovationSpace/collect');
    fireEvent.click(screen.getByTestId('export-library'));
    fireEvent.click(await screen.findByText('导出 CSV（.csv）'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('电池-20261203.csv');
    expect(bodies).toEqual([
      { path: '/api/product/archive/v2/export', method: 'POST', body: { folderId: 'f1', format: 'csv' } },
    ]);
    expect(await screen.findByText('已导出 电池-20261203.csv')).toBeTruthy();
  });

  it("shows the server's refusal in English", async () => {
    serve();
    renderPage(<ExportLibraryButton folderId="f3" />, '/innovationSpace/collect', 'en');
    fireEvent.click(screen.getByTestId('export-library'));
    fireEvent.click(await screen.findByText('Excel (.xlsx)'));
    expect(await screen.findByText('专利库已删除或归档，无法查看')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
