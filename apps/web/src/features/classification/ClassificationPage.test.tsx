// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClassificationNode } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ClassificationPage } from './ClassificationPage';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

const node = (code: string, depth: number, title: string, count: number, extra: Partial<ClassificationNode> = {}) => ({
  code,
  symbol: depth === 3 ? `${code}/00` : code,
  depth,
  title,
  titleInLanguage: true,
  count,
  hasChildren: depth < 3,
  ...extra,
});

const TREE: Record<string, ReturnType<typeof node>[]> = {
  '': [node('G', 0, '物理', 3), node('H', 0, '电学', 7)],
  H: [node('H01', 1, '电气元件', 7)],
  H01: [
    node('H01L', 2, 'SEMICONDUCTOR DEVICES', 0, { titleInLanguage: false, hasChildren: false }),
    node('H01M', 2, '用于直接转变化学能为电能的方法或装置，例如电池组', 7),
  ],
  H01M: [node('H01M4', 3, 'Electrodes', 5, { titleInLanguage: false }), node('H01M10', 3, 'Secondary cells', 0)],
};

function serve() {
  return stubFetch((url) => {
    const scheme = url.searchParams.get('scheme');
    const code = url.searchParams.get('code') ?? '';
    if (url.pathname.endsWith('/classification/children')) {
      const all = Object.values(TREE).flat();
      return ok({ scheme, parent: all.find((n) => n.code === code) ?? null, children: TREE[code] ?? [] });
    }
    if (url.pathname.endsWith('/classification/path')) {
      const chain = ['H', 'H01', 'H01M', 'H01M4'];
      const all = Object.values(TREE).flat();
      return ok({ scheme, path: chain.slice(0, chain.indexOf(code) + 1).map((c) => all.find((n) => n.code === c)) });
    }
    if (url.pathname.endsWith('/classification/search')) {
      return ok({ scheme, total: 1, items: [TREE.H01M![0]] });
    }
    return ok({});
  });
}

describe('classification page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the tree at the deep-linked symbol and links its count to IPC=…', async () => {
    const calls = serve();
    renderPage(<ClassificationPage />, '/innovationSpace/ipc?scheme=ipc&code=H01M4');
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('5'));
    // The ancestors are opened: the main groups of H01M are rows of the tree.
    await screen.findByText('Secondary cells');
    const count = await screen.findByTestId('count-H01M4');
    expect(count.getAttribute('href')).toBe('/innovationSpace/searchResult?q=IPC%3DH01M4');
    // A node without patents has no link.
    expect(screen.queryByTestId('count-H01M10')).toBeNull();
    const button = screen.getByRole('link', { name: /检索 IPC=H01M4/ });
    expect(button.getAttribute('href')).toBe('/innovationSpace/searchResult?q=IPC%3DH01M4');
    expect(
      calls.some((c) => c.url.pathname.endsWith('/classification/path') && c.url.searchParams.get('code') === 'H01M4'),
    ).toBe(true);
  });

  it('shows Chinese titles as titles and English fallbacks greyed, and names the Chinese edition', async () => {
    serve();
    renderPage(<ClassificationPage />, '/innovationSpace/ipc?scheme=ipc&code=H01M4');
    const subclass = await screen.findByText('用于直接转变化学能为电能的方法或装置，例如电池组', {
      selector: '.classification-title',
    });
    expect(subclass.classList.contains('fallback')).toBe(false);
    const fallback = await screen.findByText('SEMICONDUCTOR DEVICES', { selector: '.classification-title' });
    expect(fallback.classList.contains('fallback')).toBe(true);
    fireEvent.mouseEnter(fallback);
    await screen.findByText('暂无中文名称，显示英文');
    screen.getByText(/中文名称取自国家知识产权局《国际专利分类表》2026\.01 版/);
  });

  it('switches to CPC, searches symbols, and selects a match', async () => {
    const calls = serve();
    const { router } = renderApp('/search/ipc');
    await screen.findByText('电学');
    expect(router.state.location.pathname).toBe('/innovationSpace/ipc');
    fireEvent.click(screen.getByText('CPC'));
    await waitFor(() => expect(router.state.location.search).toContain('scheme=cpc'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname.endsWith('/children') && c.url.searchParams.get('scheme') === 'cpc'),
      ).toBe(true),
    );
    const input = screen.getByPlaceholderText('输入分类号（如 H01M4）或分类名称关键词');
    fireEvent.change(input, { target: { value: 'electrode' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('匹配 1 个分类号');
    expect(
      calls.some((c) => c.url.pathname.endsWith('/search') && c.url.searchParams.get('keyword') === 'electrode'),
    ).toBe(true);
    fireEvent.click(screen.getByText('Electrodes', { selector: '.classification-match span' }));
    await waitFor(() => expect(router.state.location.search).toContain('code=H01M4'));
    await waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('5'));
  });
});
