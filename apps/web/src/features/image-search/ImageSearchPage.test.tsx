// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_IMAGE_SEARCH_BYTES, type ImageSearchResult } from '@patlas/contracts';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ImageSearchPage } from './ImageSearchPage';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

const RESULT: ImageSearchResult = {
  key: 'key-0123456789',
  fileName: 'chair.png',
  thumbnail: 'data:image/jpeg;base64,AAAA',
  total: 1,
  items: [
    {
      publicationNumber: 'USD0907292S',
      title: 'Razor handle',
      applicants: ['ACME'],
      drawing: 'USD0907292S-D00001.png',
      similarity: 0.934,
    },
  ],
  indexedDrawings: 388,
  pendingDrawings: 0,
  createdAt: '2026-01-15T08:00:00.000Z',
  tookMs: 420,
};

function fileOf(name: string, type: string, size = 100): File {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('image search page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the file in the browser, uploads it, puts the key in the URL and shows the similar patents', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/search/image/search')) return ok(RESULT);
      if (url.pathname.endsWith('/image/history/list')) return ok({ items: [] });
      return ok({});
    });
    const { router } = renderPage(<ImageSearchPage />, '/search/img');
    const card = (await screen.findByText('点击或将图片拖到此处')).closest('.ant-card') as HTMLElement;

    choose(fileOf('drawing.gif', 'image/gif'));
    expect(await screen.findByText('图片格式不正确，仅支持 jpg、jpeg、png 格式')).toBeTruthy();
    choose(fileOf('huge.png', 'image/png', MAX_IMAGE_SEARCH_BYTES + 1));
    expect(await screen.findByText('图片大小不能超过 5 MB')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/search/image/search'))).toBe(false);

    choose(fileOf('chair.png', 'image/png'));
    expect(await screen.findByRole('img', { name: '待检索的图片' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /检\s*索$/ }));

    const grid = await screen.findByRole('list', { name: '相似专利' });
    const number = within(grid).getByRole('link', { name: 'USD0907292S' });
    expect(number.getAttribute('href')).toContain('USD0907292S');
    expect(within(grid).getByText('相似度 93%')).toBeTruthy();
    expect(within(grid).getByText('Razor handle')).toBeTruthy();
    expect(screen.getByText('相似专利（1）')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?key=key-0123456789'));
    const upload = calls.find((c) => c.url.pathname.endsWith('/search/image/search'))!;
    expect(upload.method).toBe('POST');
    expect(upload.headers.get('authorization')).toBe('Bearer test-access-token');
  });

  it('opens a stored result from its key and clears the history after confirming', async () => {
    let items = [
      {
        key: RESULT.key,
        fileName: 'chair.png',
        thumbnail: RESULT.thumbnail,
        total: 1,
        topPublicationNumber: 'USD0907292S',
        createdAt: RESULT.createdAt,
      },
    ];
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/search/image/getResultKey')) return ok(RESULT);
      if (url.pathname.endsWith('/image/history/list')) return ok({ items });
      if (url.pathname.endsWith('/image/history/clear')) {
        const deleted = items.length;
        items = [];
        return ok({ deleted });
      }
      return ok({});
    });
    renderPage(<ImageSearchPage />, `/search/img?key=${RESULT.key}`, 'en');

    expect(await screen.findByText('Similar patents (1)')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/getResultKey'))?.body).toEqual({ key: RESULT.key });
    const history = (await screen.findByText('Image search history')).closest('.ant-card') as HTMLElement;
    await within(history).findByText('Best match: USD0907292S', { exact: false });
    expect(within(history).getByText('chair.png')).toBeTruthy();

    fireEvent.click(within(history).getByRole('button', { name: /Clear history/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No image searches yet')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/image/history/clear'))).toHaveLength(1);
  });
});
