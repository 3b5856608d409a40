// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MAX_UPLOAD_CHUNK_RETRIES, type Language, type UploadResult } from '@patlas/contracts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { installDomShims, seedSession } from '../../test/render-app';
import { ChunkedUpload, type ChunkedUploadProps } from './ChunkedUpload';
import { clampPercent, md5OfFile } from './chunked-upload';

const API = '/product/file/my/file/upload';

interface Posted {
  chunk: string;
  param: Record<string, unknown>;
  size: number;
}

/** Stubs fetch: GETs of the state answer `state`, POSTs go to `post` with the parsed form. */
function stubUpload(
  state: { uploadId: string | null; uploadedChunks: number[] },
  post: (posted: Posted) => Response | Promise<Response>,
) {
  const posts: Posted[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith(API))
      return json(404, { status: 0, message: 'not stubbed', data: { code: 'NOT_FOUND' } });
    if ((init?.method ?? 'GET') === 'GET') return json(200, { status: 1, message: '', data: state });
    const form = init!.body as FormData;
    const piece = form.get('file') as Blob;
    const posted = { chunk: String(form.get('chunk')), param: JSON.parse(String(form.get('param'))), size: piece.size };
    posts.push(posted);
    return post(posted);
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderUploader(props: Partial<ChunkedUploadProps> = {}, lang: Language = 'zh') {
  installDomShims();
  seedSession();
  const i18n = createI18n(lang);
  return render(
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
      <ChunkedUpload
        api={API}
        accept={['pdf', 'docx', 'txt']}
        maxBytes={5 * 1024 * 1024}
        retryDelayMs={() => 0}
        {...props}
      />
    </AppProviders>,
  );
}

function choose(...files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) % 256);

describe('the chunked uploader', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('retries a piece after a network error 5 times, then shows the item as failed', async () => {
    const posts = stubUpload({ uploadId: null, uploadedChunks: [] }, () => {
      throw new TypeError('Failed to fetch');
    });
    const onUploadError = vi.fn();
    renderUploader({ onUploadError, fileUnit: 1000, eachSplitSize: 1 });
    choose(new File([bytesOf(2500)], '交底书.pdf'));
    const item = await screen.findByTestId('chunked-upload-item');
    await waitFor(() => expect(item.getAttribute('data-status')).toBe('exception'));
    // The first piece: one try and MAX_UPLOAD_CHUNK_RETRIES retries, then the upload stops.
    expect(posts).toHaveLength(1 + MAX_UPLOAD_CHUNK_RETRIES);
    expect(posts.every((p) => p.param.chunkNumber === 1)).toBe(true);
    expect(screen.getByTestId('chunked-upload-status').textContent).toBe('上传失败，请重试');
    expect(onUploadError).toHaveBeenCalledWith({ status: 0, message: 'Failed to fetch' }, expect.any(File));
    // Retry resumes: the network is back.
    const done: UploadResult = {
      uploadId: 'u1',
      key: 'f1',
      fileName: '交底书.pdf',
      complete: true,
      uploadedChunks: [1, 2, 3],
      files: [],
    };
    stubUpload({ uploadId: null, uploadedChunks: [] }, (posted) =>
      json(200, {
        status: 0,
        message: '成功',
        data: posted.param.chunkNumber === 3 ? done : { ...done, key: null, complete: false, uploadedChunks: [] },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(item.getAttribute('data-status')).toBe('success'));
  });

  it('shows the server’s refusal as "exception: {message}" without retrying, in English', async () => {
    const posts = stubUpload({ uploadId: null, uploadedChunks: [] }, () =>
      json(400, { status: 0, message: 'Only upload of types: pdf', data: { code: 'FILE_TYPE_NOT_ALLOWED' } }),
    );
    renderUploader({}, 'en');
    choose(new File([bytesOf(10)], 'a.pdf'));
    const item = await screen.findByTestId('chunked-upload-item');
    await waitFor(() => expect(item.getAttribute('data-status')).toBe('exception'));
    expect(posts).toHaveLength(1);
    expect(screen.getByTestId('chunked-upload-status').textContent).toBe('Exception: Only upload of types: pdf');
  });

  it('sends only the pieces the server lacks, with the spec’s parameters, and ends at 100%', async () => {
    const content = bytesOf(2500);
    const md5 = createHash('md5').update(content).digest('hex');
    const posts = stubUpload({ uploadId: 'u-resume', uploadedChunks: [1] }, (posted) => {
      const isLast = posted.param.chunkNumber === 3;
      return json(200, {
        status: 0,
        message: '成功',
        data: {
          uploadId: 'u-resume',
          key: isLast ? 'file-1' : null,
          fileName: 'claims.docx',
          complete: isLast,
          uploadedChunks: isLast ? [1, 2, 3] : [1, 2],
          files: [],
        },
      });
    });
    const onUploaded = vi.fn();
    renderUploader({ onUploaded, fileUnit: 1000, eachSplitSize: 1, documentType: 'draft' });
    choose(new File([content], 'claims.docx'));
    const item = await screen.findByTestId('chunked-upload-item');
    await waitFor(() => expect(item.getAttribute('data-status')).toBe('success'));
    expect(posts.map((p) => p.param.chunkNumber)).toEqual([2, 3]);
    expect(posts[0]).toEqual({
      chunk: 'true',
      size: 1000,
      param: {
        fileType: 1,
        identifier: md5,
        fileName: 'claims.docx',
        dirId: '',
        documentType: 'draft',
        chunkNumber: 2,
        totalChunks: 3,
        chunkSize: 1000,
        currentChunkSize: 1000,
        uploadId: 'u-resume',
      },
    });
    expect(posts[1]!.param).toMatchObject({ chunkNumber: 3, currentChunkSize: 500 });
    expect(item.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('100');
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ key: 'file-1' }), expect.any(File));
  });

  it('refuses a wrong type, too large a file and one file too many with the spec 2 §5 messages', async () => {
    stubUpload({ uploadId: null, uploadedChunks: [] }, () =>
      json(200, {
        status: 0,
        message: '成功',
        data: { uploadId: 'u', key: 'k', fileName: 'x', complete: true, uploadedChunks: [1], files: [] },
      }),
    );
    renderUploader({ maxBytes: 1000, maxFiles: 2 });
    choose(new File([bytesOf(10)], 'setup.exe'));
    expect(await screen.findByText('只能上传 pdf, docx, txt 类型的文件')).toBeTruthy();
    choose(new File([bytesOf(1001)], 'big.pdf'));
    expect(await screen.findByText('上传文件大于 1000B，请重新上传')).toBeTruthy();
    choose(new File([bytesOf(10)], 'a.txt'), new File([bytesOf(10)], 'b.txt'), new File([bytesOf(10)], 'c.txt'));
    expect(await screen.findByText('上传文件数量超出限制（最多 2 个）')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('chunked-upload-item')).toHaveLength(2));
    expect(screen.queryByText('setup.exe')).toBeNull();
  });

  it('computes the MD5 piece by piece as one pass would, and clamps progress to 0–100', async () => {
    const content = bytesOf(10_007);
    const expected = createHash('md5').update(content).digest('hex');
    expect(await md5OfFile(new Blob([content]), 1024)).toBe(expected);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});
