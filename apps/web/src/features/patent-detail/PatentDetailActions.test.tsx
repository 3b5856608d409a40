// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PatentDetail, SearchNeighboursResponse } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { PatentDetailPage } from './PatentDetailPage';
import { ok, stubApi, type ApiCall } from '../../test/test-api';
import { detailPathInList, readListContext } from '../../search-state/result-list-context';
import { decodeResultState } from '../../search-state/search-url-state';
import { CN117151122A } from './fixtures/cn117151122a';
import { US7472552B2 } from './fixtures/us7472552b2';

/** A result list of 45 records, 20 a page: rank n is CN1100000{n+9}A. */
const LIST_QUERY = 'q=TI%3D%28%E7%94%B5%E6%B1%A0%29&sort=PD.asc';
const pnAt = (rank: number) => `CN1100000${rank + 9}A`;

function recordFor(pn: string): PatentDetail {
  return { ...CN117151122A, publicationNumber: pn, title: { lang: 'zh', text: `记录 ${pn}` } };
}

function neighbours(rank: number): SearchNeighboursResponse {
  const at = (r: number) => (r >= 1 && r <= 45 ? { rank: r, publicationNumber: pnAt(r) } : undefined);
  const [previous, current, next] = [at(rank - 1), at(rank), at(rank + 1)];
  return { total: 45, ...(current ? { current } : {}), ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

function serve(options: { translation?: boolean; records?: Record<string, PatentDetail> } = {}): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/health') {
      return ok({ patents: 45, version: 'test', features: { translation: options.translation ?? false } });
    }
    if (call.path === '/product/patent/detail') {
      const pn = call.query.get('pn') ?? '';
      return ok(options.records?.[pn] ?? recordFor(pn));
    }
    if (call.path === '/product/search/neighbours') return ok(neighbours((call.body as { rank: number }).rank));
    if (call.path === '/product/translate') return ok({ TargetTextList: ['一种制冰机'] });
    return undefined;
  });
}

const header = () => document.querySelector<HTMLElement>('.patent-header')!;
/** A button by its text (role queries compute accessible names over antd's DOM and are slow in jsdom). */
async function findButton(text: string, container: HTMLElement = document.body): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
    if (!button) throw new Error(`no button ${text}`);
    return button;
  });
}
const queryButton = (text: string, container: HTMLElement = document.body) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
/** The status badge beside the number. */
const findBadge = () =>
  waitFor(() => {
    const badge = document.querySelector<HTMLElement>('.patent-header .patent-status-badge');
    if (!badge) throw new Error('no badge yet');
    return badge;
  });

/** The page header, once the record is shown. */
const findHeader = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.patent-header');
    if (!found) throw new Error('no header yet');
    return found;
  });

describe('patent detail: the daily essentials', () => {
  // The page is a lazy route: its module (and antd's) loads once here, not inside the first test's time.
  beforeAll(async () => {
    await import('./PatentDetailPage');
  });
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the current legal status beside the number, with how it is known', async () => {
    serve({
      records: {
        US7472552B2: { ...US7472552B2, currentStatus: { code: 'inactive', basis: 'term', date: '2026-12-20' } },
      },
    });
    // On a light tab: the badge is in the header whatever the tab.
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2&tab=family');
    const badge = await findBadge();
    expect(badge.textContent).toBe('失效（推算）');
    expect(badge.getAttribute('aria-label')).toBe('法律状态');
    // Beside the number: the next element after it in the header's first row.
    expect(badge.closest('.patent-header-tags')?.firstElementChild?.textContent).toContain('US7472552B2');
    fireEvent.mouseEnter(badge);
    expect(await screen.findByText(/按申请日推算，法定保护期已于 2026-12-20 前后届满/)).toBeTruthy();
  });

  it("shows a source's own status wording as written", async () => {
    serve({
      records: {
        CN117151122A: {
          ...CN117151122A,
          legalStatus: '实质审查',
          currentStatus: { code: 'pending', basis: 'source', text: '实质审查' },
        },
      },
    });
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=CN117151122A&tab=family');
    expect((await findBadge()).textContent).toBe('实质审查');
  });

  it('steps to the next record of the result list across a result-page boundary and back to that page', async () => {
    const calls = serve();
    const path = detailPathInList(pnAt(20), { state: decodeResultState(new URLSearchParams(LIST_QUERY)), rank: 20 });
    const { router } = renderApp(path);
    expect(await screen.findByText(`记录 ${pnAt(20)}`, { selector: 'h3' })).toBeTruthy();
    expect(await within(header()).findByText('第 20 / 45 条')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/product/search/neighbours');
    expect(asked?.body).toMatchObject({
      searchExpre: 'TI=(电池)',
      sort: { field: 'PD', order: 'asc' },
      pageSize: 20,
      rank: 20,
    });

    fireEvent.click(await findButton('下一条', header()));
    expect(await screen.findByText(`记录 ${pnAt(21)}`, { selector: 'h3' })).toBeTruthy();
    expect(await within(header()).findByText('第 21 / 45 条')).toBeTruthy();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('pn')).toBe(pnAt(21));
    // One tab for the walk through the list, not one per record.
    const tabLabels = () => [...document.querySelectorAll('.patlas-tab')].map((tab) => tab.textContent ?? '');
    expect(tabLabels().some((label) => label.includes(pnAt(21)))).toBe(true);
    expect(tabLabels().some((label) => label.includes(pnAt(20)))).toBe(false);
    // The list travels on, now on its page 2.
    expect(readListContext(params)).toMatchObject({ rank: 21, state: { page: 2, expression: 'TI=(电池)' } });
    expect(within(header()).getByText('返回结果列表').closest('a')?.getAttribute('href')).toBe(
      `/innovationSpace/searchResult?q=TI%3D%28%E7%94%B5%E6%B1%A0%29&page=2&sort=PD.asc`,
    );

    fireEvent.click(await findButton('上一条', header()));
    expect(await screen.findByText(`记录 ${pnAt(20)}`, { selector: 'h3' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('rank')).toBe('20');
  });

  it('keeps previous / next after a reload (the URL is the list) and disables them at the ends', async () => {
    serve();
    const path = detailPathInList(pnAt(1), { state: decodeResultState(new URLSearchParams(LIST_QUERY)), rank: 1 });
    renderPage(<PatentDetailPage />, `${path}&tab=family`);
    expect(await within(await findHeader()).findByText('第 1 / 45 条')).toBeTruthy();
    const previous = await findButton('上一条', header());
    await waitFor(() => expect(previous.disabled).toBe(true));
    expect((await findButton('下一条', header())).disabled).toBe(false);
  });

  it('has no previous / next when opened by number alone', async () => {
    const calls = serve();
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=CN117151122A');
    expect(await screen.findByText('记录 CN117151122A', { selector: 'h3' })).toBeTruthy();
    expect(queryButton('下一条', header())).toBeUndefined();
    expect(await findButton('打印', header())).toBeTruthy();
    expect(calls.some((c) => c.path === '/product/search/neighbours')).toBe(false);
  });

  it('lists family members with country, kind, dates, title and status; held ones are links', async () => {
    const family = { simpleFamilyId: 'F9', simple: ['CN117151122A', 'US2024000001A1', 'WO2024000001A1'] };
    serve({
      records: {
        CN117151122A: {
          ...CN117151122A,
          family,
          held: { CN117151122A: 'CN117151122A', US2024000001A1: 'US2024000001A1' },
          familyMembers: {
            CN117151122A: { number: 'CN117151122A', publicationNumber: 'CN117151122A', country: 'CN', kind: 'A' },
            US2024000001A1: {
              number: 'US2024000001A1',
              publicationNumber: 'US2024000001A1',
              country: 'US',
              kind: 'A1',
              patentType: 'invention_application',
              applicationDate: '2023-12-20',
              publicationDate: '2024-06-20',
              title: { lang: 'en', text: 'Blockchain based data sharing method' },
              status: { code: 'published', basis: 'term', date: '2043-12-20' },
            },
            WO2024000001A1: { number: 'WO2024000001A1', country: 'WO', kind: 'A1' },
          },
        },
      },
    });
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=CN117151122A&tab=family');
    const usRow = (await screen.findByText('Blockchain based data sharing method')).closest('tr')!;
    const cells = [...usRow.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual([
      'US2024000001A1',
      'US 美国',
      'A1',
      '发明申请',
      '2023-12-20',
      '2024-06-20',
      'Blockchain based data sharing method',
      '公开',
    ]);
    expect(within(usRow).getByText('US2024000001A1').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/searchDetail?pn=US2024000001A1',
    );
    const woRow = screen.getByText('WO2024000001A1').closest('tr')!;
    expect(within(woRow).getByText('WO 世界知识产权组织')).toBeTruthy();
    expect(within(woRow).getByText('本库未收录')).toBeTruthy();
    expect(woRow.querySelector('a')).toBeNull();
    const selfRow = screen.getByText('本专利').closest('tr')!;
    expect(selfRow.querySelector('a')).toBeNull();
  });

  it('prints bibliography, abstract, claims and drawings whatever the tab', async () => {
    serve({ records: { US7472552B2: US7472552B2 } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2&tab=family');
    fireEvent.click(await findButton('打印', await findHeader()));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = document.querySelector<HTMLElement>('.patent-print')!;
    expect(within(printed).getByText('著录项目')).toBeTruthy();
    expect(within(printed).getByText('权利要求书')).toBeTruthy();
    expect(within(printed).getByText(/^2\. The method of claim 1/)).toBeTruthy();
    // The page's own print layout disappears once the browser is done printing.
    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('.patent-print')).toBeNull());
    // The browser's own print command (Ctrl+P) gets the same layout.
    fireEvent(window, new Event('beforeprint'));
    expect(document.querySelector('.patent-print')).not.toBeNull();
  });

  it('offers no machine translation when the server has no translation service', async () => {
    serve({ translation: false, records: { US7472552B2: US7472552B2 } });
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2');
    expect(await screen.findByText('著录项目')).toBeTruthy();
    // Once the health answer is in, the button stays absent.
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/health'))).toBe(true),
    );
    await waitFor(() => expect(document.querySelector('.ant-descriptions')).not.toBeNull());
    expect(queryButton('机器翻译')).toBeUndefined();
  });

  it('offers machine translation of an abstract in another language when the service is configured', async () => {
    serve({ translation: true, records: { US7472552B2: US7472552B2 } });
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2');
    fireEvent.click(await findButton('机器翻译'));
    expect(await screen.findByText('一种制冰机')).toBeTruthy();
  });
});
