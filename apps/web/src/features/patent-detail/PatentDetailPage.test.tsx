// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PatentDetail } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { pressEnter, renderPage, stubFetch } from '../../test/render-page';
import { PatentDetailPage } from './PatentDetailPage';
import { CN117151122A } from './fixtures/cn117151122a';
import { US7472552B2 } from './fixtures/us7472552b2';
import { DETAIL_TABS } from './patent-view';

const RECORDS: Record<string, PatentDetail> = { CN117151122A, US7472552B2 };

function serveRecords() {
  return stubFetch((url) => {
    if (url.pathname !== '/api/product/patent/detail')
      return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
    const pn = url.searchParams.get('pn') ?? '';
    const record = RECORDS[pn.replace(/\s+/g, '').toUpperCase()];
    if (record) return { status: 200, body: { status: 1, message: '', data: record } };
    return {
      status: 404,
      body: { status: 0, message: `未找到专利 ${pn}：本库未收录该号码`, data: { code: 'PATENT_NOT_FOUND' } },
    };
  });
}

/** Text that must never reach the screen from a missing field. */
function expectNoMissingValueText(): void {
  const text = document.body.textContent ?? '';
  for (const bad of ['undefined', 'null', 'Invalid Date', 'NaN', '[object Object]']) expect(text).not.toContain(bad);
}

async function visitEveryTab(): Promise<void> {
  // Role queries compute accessible names over antd's large DOM and are slow in jsdom; select directly.
  const tabs = () => document.querySelectorAll<HTMLElement>('.patent-detail [role=tab]');
  await waitFor(() => expect(tabs()).toHaveLength(DETAIL_TABS.length));
  for (const [i] of DETAIL_TABS.entries()) {
    const tab = tabs()[i];
    if (!tab) throw new Error(`tab ${i} missing`);
    fireEvent.click(tab);
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    expectNoMissingValueText();
  }
}

describe('patent detail page', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a sparse CN record (title, abstract, CPC only) without any missing-value text', async () => {
    const calls = serveRecords();
    const { router } = renderApp('/innovationSpace/searchDetail?pn=CN117151122A');
    expect(await screen.findByText(CN117151122A.title?.text ?? '', { selector: 'h3' })).toBeTruthy();
    expect(screen.getByText('G06F16/3329')).toBeTruthy();
    expect(screen.getAllByText(/本发明涉及人工智能技术领域/).length).toBeGreaterThan(0);
    expect(document.title).toBe('Patlas - 专利详情');
    // The page's first call (the header's message badge asks its own).
    const detailCalls = calls.filter((call) => !call.url.pathname.startsWith('/api/product/message/'));
    expect(detailCalls[0]?.headers.get('Accept-Language')).toBe('zh');
    expect(detailCalls[0]?.url.searchParams.get('pn')).toBe('CN117151122A');
    // Fields the record lacks have no label on the page.
    expect(screen.queryByText('申请日')).toBeNull();
    expect(screen.queryByText('发明人')).toBeNull();
    expectNoMissingValueText();
    await visitEveryTab();
    expect(router.state.location.search).toContain('tab=value');
    const citations =
      document.querySelectorAll<HTMLElement>('.patent-detail [role=tab]')[DETAIL_TABS.indexOf('citations')];
    fireEvent.click(citations!);
    await waitFor(() => expect(router.state.location.search).toContain('tab=citations'));
    expect(await screen.findByText('本专利暂无引证信息')).toBeTruthy();
  });

  it('shows a US grant with inventors, assignee and citations, linking the cited patent the database holds', async () => {
    serveRecords();
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2&tab=citations');
    expect(await screen.findByText('US3382682A')).toBeTruthy();
    expect(screen.getByText('KR10-2001-0017165A')).toBeTruthy();
    expect(screen.getByText('1968-05')).toBeTruthy();
    expect(screen.getByText('审查员引证')).toBeTruthy();
    const held = screen.getByText('US6351955B1').closest('a');
    expect(held?.getAttribute('href')).toBe('/innovationSpace/searchDetail?pn=US6351955B1');
    expect(screen.getByText('US3382682A').closest('a')).toBeNull();
    expectNoMissingValueText();

    fireEvent.click(screen.getByText('基本信息'));
    expect(await screen.findByText('An, Si-Yoen; Lee, Bom-Sik; Kwon, Oh-Chul; Kim, Ill-Shin')).toBeTruthy();
    expect(screen.getAllByText('LG Electronics Inc.').length).toBeGreaterThan(0);
    expect(screen.getByText('Birch, Stewart, Kolasch & Birch, LLP')).toBeTruthy();
    expect(screen.getAllByText('2009-01-06').length).toBeGreaterThan(0);
    expectNoMissingValueText();
    await visitEveryTab();
  });

  it('keeps claim numbering in the original text tab', async () => {
    serveRecords();
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2&tab=fulltext');
    const claim = await screen.findByText(/^2\. The method of claim 1/);
    expect(claim.tagName).toBe('P');
    expect(screen.getByText('TECHNICAL FIELD')).toBeTruthy();
  });

  it('renders in English when the UI language is en', async () => {
    const calls = serveRecords();
    renderApp('/innovationSpace/searchDetail?pn=US7472552B2', 'en');
    expect(await screen.findByText('Basic info')).toBeTruthy();
    expect(screen.getAllByText('Invention grant').length).toBeGreaterThan(0);
    expect(
      calls.find((call) => !call.url.pathname.startsWith('/api/product/message/'))?.headers.get('Accept-Language'),
    ).toBe('en');
    await waitFor(() => expect(document.title).toBe('Patlas - Patent detail'));
    expectNoMissingValueText();
  });

  it('explains an unknown number with the server message, the number asked and a box to try another', async () => {
    serveRecords();
    const { router } = renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=CN000000A');
    expect(await screen.findByText('未找到专利 CN000000A：本库未收录该号码')).toBeTruthy();
    expect(screen.getByText('您查询的号码：CN000000A')).toBeTruthy();
    const input = screen.getByDisplayValue('CN000000A');
    fireEvent.change(input, { target: { value: ' us 7472552 b2 ' } });
    pressEnter(input);
    await waitFor(() => expect(router.state.location.search).toBe('?pn=us+7472552+b2'));
    expect(await screen.findByText(US7472552B2.title?.text ?? '', { selector: 'h3' })).toBeTruthy();
  });

  it('redirects the legacy /search/detail path keeping the query', async () => {
    serveRecords();
    const { router } = renderApp('/search/detail?pn=CN117151122A');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchDetail'));
    expect(router.state.location.search).toBe('?pn=CN117151122A');
    expect(await screen.findByText(CN117151122A.title?.text ?? '', { selector: 'h3' })).toBeTruthy();
  });
});
