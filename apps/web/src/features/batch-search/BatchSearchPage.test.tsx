// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_BATCH_NUMBERS } from '@patlas/contracts';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { BatchSearchPage } from './BatchSearchPage';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

const FOUND = {
  input: 'CN 110000001 A',
  publicationNumber: 'CN110000001A',
  applicationNumber: 'CN201810000001.2',
  title: '一种锂电池正极材料',
  applicants: ['宁德时代新能源科技股份有限公司'],
  publicationDate: '2018-09-10',
  country: 'CN',
};

describe('batch search page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches pasted numbers, lists found records and the numbers not found, and keeps the batch', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/search/batch')) {
        return ok({
          mode: 'number',
          inputs: ['CN 110000001 A', 'CN999A'],
          found: [FOUND],
          foundApplicants: [],
          notFound: ['CN999A'],
          expression: 'PN=(CN110000001A)',
        });
      }
      if (url.pathname.endsWith('/manageHistory')) return ok({ id: 'r1', deleted: 0 });
      if (url.pathname.endsWith('/getHistory')) return ok([]);
      return ok({});
    });
    const { router } = renderPage(<BatchSearchPage />, '/search/batch');

    const input = await screen.findByRole('textbox', { name: '公开号或申请号' });
    fireEvent.change(input, { target: { value: 'CN 110000001 A,\nCN999A' } });
    expect(screen.getByText('已输入 2 个（最多 1000 个）')).toBeTruthy();
    fireEvent.click(within(input.closest('.ant-card') as HTMLElement).getByRole('button', { name: /检\s*索$/ }));

    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('CN110000001A')).toBeTruthy());
    expect(within(table).getByText('一种锂电池正极材料')).toBeTruthy();
    const notFound = screen.getByRole('list', { name: '未找到的号码' });
    expect(within(notFound).getByText('CN999A')).toBeTruthy();
    expect(screen.getByText('未找到（1）')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/search/batch'))?.body).toEqual({
      mode: 'number',
      text: 'CN 110000001 A,\nCN999A',
    });
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/manageHistory'))?.body).toEqual({
        action: 'save',
        mode: 'number',
        inputs: ['CN 110000001 A', 'CN999A'],
        foundCount: 1,
        notFoundCount: 1,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: '在结果页查看' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('PN=(CN110000001A)');
  });

  it('refuses more numbers than the limit before sending', async () => {
    const calls = stubFetch((url) => (url.pathname.endsWith('/getHistory') ? ok([]) : ok({})));
    renderPage(<BatchSearchPage />, '/search/batch', 'en');
    const input = await screen.findByRole('textbox', { name: 'Publication or application numbers' });
    const many = Array.from({ length: MAX_BATCH_NUMBERS + 1 }, (_, i) => `CN${100000 + i}A`).join(' ');
    fireEvent.change(input, { target: { value: many } });
    expect(
      screen.getByText(`At most ${MAX_BATCH_NUMBERS} numbers per search; this list has ${MAX_BATCH_NUMBERS + 1}`),
    ).toBeTruthy();
    expect(
      within(input.closest('.ant-card') as HTMLElement)
        .getByRole('button', { name: /Search$/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(calls.some((c) => c.url.pathname.endsWith('/search/batch'))).toBe(false);
  });

  it('imports a txt file into the box and lists the refused lines', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/import/txt')) {
        return ok({
          values: ['CN110000001A', 'US6980000B2'],
          errors: [{ line: 2, value: 'hello', message: '不是有效的公开号或申请号' }],
        });
      }
      if (url.pathname.endsWith('/getHistory')) return ok([]);
      return ok({});
    });
    renderPage(<BatchSearchPage />, '/search/batch');
    const input = await screen.findByRole('textbox', { name: '公开号或申请号' });
    const fileInput = document.querySelector('input[type=file][accept=".txt"]') as HTMLInputElement;
    const file = new File(['CN110000001A\nhello\nUS6980000B2'], 'numbers.txt', { type: 'text/plain' });
    fireEvent.change(fileInput, { target: { files: [file] } });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('CN110000001A\nUS6980000B2'));
    expect(screen.getByText('已导入 2 个，1 处无法识别')).toBeTruthy();
    expect(screen.getByText('第 2 行“hello”：不是有效的公开号或申请号')).toBeTruthy();
    const upload = calls.find((c) => c.url.pathname.endsWith('/import/txt'));
    expect(upload?.url.searchParams.get('mode')).toBe('number');
  });
});
