// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { AdvancedSearchPage } from './AdvancedSearchPage';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

const TEMPLATES = [
  { id: 'tpl-default', name: '默认模板', fields: ['TI', 'PA', 'AD', 'CC'], isDefault: true, createdAt: '2026-11-01' },
  { id: 'tpl-mine', name: '电池', fields: ['AB', 'PV'], isDefault: false, createdAt: '2026-11-02' },
];

function stubTemplateCalls() {
  return stubFetch((url, request) => {
    if (url.pathname.endsWith('/initDefaultTemplate')) return ok(TEMPLATES);
    if (url.pathname.endsWith('/getLastSearchFields')) return ok({ fields: [] });
    if (url.pathname.endsWith('/addLastSearchFields')) return ok(request.body);
    if (url.pathname.endsWith('/addTemplate')) {
      const body = request.body as { name: string; fields: string[] };
      return ok({ id: 'tpl-new', ...body, isDefault: false, createdAt: '2026-11-03' });
    }
    return ok({});
  });
}

/**
 * The expression editor's textarea, by its own class: the page may hold other textareas (the
 * keyword-extract and recall-check panels, antd's hidden auto-size measurer), and whichever comes
 * first in the document would otherwise take the test's typing.
 */
const editor = () => document.querySelector('.advanced-search-page textarea.expr-editor-input') as HTMLTextAreaElement;

describe('advanced search page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the default template, writes the expression live and searches it with the fields remembered', async () => {
    const calls = stubTemplateCalls();
    const { router } = renderPage(<AdvancedSearchPage />, '/search/advance');

    const title = await screen.findByRole('textbox', { name: '标题' });
    expect(screen.getByRole('textbox', { name: '申请人' })).toBeTruthy();
    fireEvent.change(title, { target: { value: '电池 正极' } });
    await waitFor(() => expect(editor().value).toBe('TI=(电池 AND 正极)'));
    fireEvent.change(screen.getByRole('textbox', { name: '申请人' }), { target: { value: '宁德时代' } });
    await waitFor(() => expect(editor().value).toBe('TI=(电池 AND 正极) AND PA=(宁德时代)'));

    // The expression can be edited by hand; the form writes it again on request.
    fireEvent.change(editor(), { target: { value: 'TI=(电池)' } });
    await waitFor(() => expect(editor().value).toBe('TI=(电池)'));
    fireEvent.click(screen.getByRole('button', { name: /按表单重新生成/ }));
    await waitFor(() => expect(editor().value).toBe('TI=(电池 AND 正极) AND PA=(宁德时代)'));

    fireEvent.click(within(editor().closest('.ant-card') as HTMLElement).getByRole('button', { name: /检\s*索$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('TI=(电池 AND 正极) AND PA=(宁德时代)');
    const remembered = calls.find((c) => c.url.pathname.endsWith('/addLastSearchFields'));
    expect(remembered?.body).toEqual({ fields: ['TI', 'PA', 'AD', 'CC'] });
  });

  it('offers the nearest terms of the term under the caret and adds the picked one to its group', async () => {
    const calls = stubFetch((url, request) => {
      if (url.pathname.endsWith('/semantics/nearTerms')) {
        return ok({
          term: url.searchParams.get('term'),
          terms: [
            { term: '蓄电池', similarity: 0.81 },
            { term: '锂电池', similarity: 0.78 },
          ],
        });
      }
      if (url.pathname.endsWith('/initDefaultTemplate')) return ok(TEMPLATES);
      if (url.pathname.endsWith('/getLastSearchFields')) return ok({ fields: [] });
      return ok(request.body ?? {});
    });
    renderPage(<AdvancedSearchPage />, '/search/advance');
    await screen.findByRole('textbox', { name: '标题' });
    act(() => editor().focus());
    fireEvent.change(editor(), { target: { value: 'TI=(电池) AND PD>=2020' } });
    // The caret placed by a click, as a user does: React reads the selection on mouseup. (It keeps
    // whether a button is down in module state, shared by the web files of one fork: a file that
    // pressed without releasing stopped onSelect here, so the press is released.)
    editor().setSelectionRange(6, 6);
    fireEvent.mouseDown(editor());
    fireEvent.mouseUp(editor());

    // The caret's last place is what counts (a number at the end is never asked for).
    await waitFor(() => expect(screen.getByTestId('expression-near-terms').textContent).toContain('“电池”的近义词'));
    const list = screen.getByTestId('expression-near-terms');
    const asked = calls.find((c) => c.url.pathname.endsWith('/semantics/nearTerms'));
    expect(asked?.url.searchParams.get('term')).toBe('电池');
    fireEvent.mouseDown(within(list).getByText('蓄电池'));
    fireEvent.mouseUp(within(list).getByText('蓄电池'));
    await waitFor(() => expect(editor().value).toBe('TI=(电池 OR 蓄电池) AND PD>=2020'));
  });

  it('switches template from the URL and saves the rows as a new template', async () => {
    const calls = stubTemplateCalls();
    const { router } = renderPage(<AdvancedSearchPage />, '/search/advance?template=tpl-mine', 'en');

    expect(await screen.findByRole('textbox', { name: 'Abstract' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: /minimum/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    fireEvent.change(screen.getByRole('spinbutton', { name: /minimum/ }), { target: { value: '8' } });
    await waitFor(() => expect(editor().value).toBe('PV>=8'));

    fireEvent.click(screen.getByRole('button', { name: /Save as template/ }));
    const name = await screen.findByRole('textbox', { name: 'Template name' });
    fireEvent.change(name, { target: { value: 'value only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/addTemplate'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/addTemplate'))?.body).toEqual({
      name: 'value only',
      fields: ['AB', 'PV'],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?template=tpl-new'));
  });

  it('does not offer to delete the default template', async () => {
    stubTemplateCalls();
    renderPage(<AdvancedSearchPage />, '/search/advance?template=tpl-default');
    await screen.findByRole('textbox', { name: '标题' });
    const remove = screen.getByRole('button', { name: /删除模板/ });
    expect(remove.hasAttribute('disabled')).toBe(true);
  });
});
