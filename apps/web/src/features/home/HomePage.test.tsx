// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { pressEnter, renderPage, stubFetch } from '../../test/render-page';
import { HomePage } from './HomePage';

/** The home page's calls: the special topics (`topics`), everything else the health answer. */
function serveHome(patents: number, topics: unknown[] = []) {
  return stubFetch((url) =>
    url.pathname === '/api/product/indexPage/getSpecialTopicInfo'
      ? { status: 200, body: { status: 1, message: '', data: topics } }
      : { status: 200, body: { status: 1, message: '', data: { patents, version: '0.1.0' } } },
  );
}

describe('home page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('redirects / to /home and shows the real size of the database in 万', async () => {
    serveHome(25_000);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('2.5万')).toBeTruthy();
    expect(document.title).toBe('Patlas - 首页');
  });

  it('answers an unknown address with the 404 page naming it, not a silent trip home', async () => {
    serveHome(3);
    // An address no screen answers (the libraries page answers /innovationSpace/collect now).
    const { router } = renderApp('/innovationSpace/noSuchScreen?tab=searchExp');
    expect((await screen.findByTestId('unknown-address')).textContent).toBe(
      '/innovationSpace/noSuchScreen?tab=searchExp',
    );
    expect(screen.getByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/innovationSpace/noSuchScreen');
    await waitFor(() => expect(document.title).toBe('Patlas - 页面不存在'));
  });

  it('opens a patent typed in any form on the detail page', async () => {
    serveHome(3);
    const { router } = renderPage(<HomePage />, '/home');
    fireEvent.click(await screen.findByText('按号码打开专利'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tabName')).toBe('number'));
    const input = await screen.findByPlaceholderText('输入公开（公告）号或申请号，如 CN117151122A');
    pressEnter(input);
    expect(await screen.findByText('请输入专利号')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' CN 117151122 A ' } });
    pressEnter(input);
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchDetail'));
    expect(new URLSearchParams(router.state.location.search).get('pn')).toBe('CN 117151122 A');
  });

  it('prefills the quick search from /search/quick?expre=', async () => {
    serveHome(3);
    const { router } = renderApp('/search/quick?expre=TI%3D%E7%94%B5%E6%B1%A0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(new URLSearchParams(router.state.location.search).get('tabName')).toBe('quick');
    const editor = await screen.findByRole('textbox', { name: '检索式' });
    expect((editor as HTMLTextAreaElement).value).toBe('TI=电池');
  });

  it('searches a pasted patent number as a number and shows the expression it will run (issue 14)', async () => {
    serveHome(3);
    const { router } = renderPage(<HomePage />, '/home');
    const editor = await screen.findByRole('textbox', { name: '检索式' });
    fireEvent.change(editor, { target: { value: 'US 8,930,553 B2' } });
    expect((await screen.findByTestId('quick-number-hint')).textContent).toBe(
      '将按专利号 / 申请号检索： PN=US8930553B2',
    );
    fireEvent.click(screen.getByRole('button', { name: /检\s*索/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('PN=US8930553B2');
  });

  it('searches a list of ten numbers in PN and AN, and leaves words to the expression search', async () => {
    serveHome(3);
    const { router } = renderPage(<HomePage />, '/home');
    const editor = await screen.findByRole('textbox', { name: '检索式' });
    fireEvent.change(editor, { target: { value: 'PM2.5 传感器' } });
    await waitFor(() => expect((editor as HTMLTextAreaElement).value).toBe('PM2.5 传感器'));
    expect(screen.queryByTestId('quick-number-hint')).toBeNull();
    const numbers = [
      'CN215644798U',
      'CN117151122A',
      'US8930553',
      'EP1000000A1',
      'CN202110123456.7',
      'JP2020123456A',
      'KR102345678B1',
      'WO2020123456A1',
      'CN 1234567 A',
      '2021101234567',
    ];
    fireEvent.change(editor, { target: { value: numbers.join('\n') } });
    await screen.findByTestId('quick-number-hint');
    fireEvent.click(screen.getByRole('button', { name: /检\s*索/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe(
      'PN=(CN215644798U OR CN117151122A OR US8930553 OR EP1000000A1 OR JP2020123456A OR KR102345678B1 OR ' +
        'WO2020123456A1 OR CN1234567A) OR AN=(US8930553 OR CN202110123456.7 OR 2021101234567)',
    );
  });

  it('sends /search/quick?tab=cbir to image search (spec 1 §2, version style 2)', async () => {
    serveHome(3);
    const { router } = renderApp('/search/quick?tab=cbir');
    // Signed out, the image-search guard sends the visitor to log in and back to /search/img.
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/search/quick'));
    const { pathname, search } = router.state.location;
    expect(`${pathname}${decodeURIComponent(search)}`).toMatch(/\/search\/img/);
    expect(pathname).not.toBe('/home');
  });

  it('switches to English, remembers it, and keeps the fixed home tab', async () => {
    const calls = serveHome(1_700_000);
    renderApp('/home');
    expect(await screen.findByText('170万')).toBeTruthy();
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('1.7M')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('patlas:1:language') ?? '{}')).toEqual({ v: 'en' });
    expect(calls.at(-1)?.headers.get('Accept-Language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    const storedTabs = JSON.parse(window.localStorage.getItem('patlas:1:tabs') ?? '{}') as {
      v: { key: string; isFixed: boolean }[];
    };
    expect(storedTabs.v[0]).toMatchObject({ key: '/home', isFixed: true });
  });

  it('shows the special topics as cards with their counts, each opening its result page', async () => {
    serveHome(3, [
      {
        id: 't1',
        name: '锂电池',
        description: '锂离子电池的材料与工艺',
        expression: 'TIABC=(锂电池 OR 锂离子电池)',
        pictureUrl: null,
        count: 12_345,
      },
      { id: 't2', name: '人工智能', description: '', expression: 'TIABC=(人工智能)', pictureUrl: null, count: null },
    ]);
    const { router } = renderPage(<HomePage />, '/home');
    expect(await screen.findByText('1.2万 件专利')).toBeTruthy();
    expect(screen.getByText('锂离子电池的材料与工艺')).toBeTruthy();
    expect(screen.getByText('数量暂不可用')).toBeTruthy();
    fireEvent.click(screen.getByText('锂电池'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('TIABC=(锂电池 OR 锂离子电池)');
  });
});
