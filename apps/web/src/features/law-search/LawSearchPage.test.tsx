// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { renderPage, stubFetch } from '../../test/render-page';
import { LawSearchPage } from './LawSearchPage';

/** The expression editor's textarea (the one textarea of the page). */
const editor = () => document.querySelector('.law-search-page textarea') as HTMLTextAreaElement;
const searchButton = () =>
  within(editor().closest('.ant-card') as HTMLElement).getByRole('button', { name: /检\s*索$|Search$/ });

describe('legal search and defence-declassified pages', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    stubFetch(() => ({ status: 200, body: { status: 1, message: '', data: {} } }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the litigation form from defaultActiveName, writes the expression and searches it', async () => {
    const { router } = renderPage(<LawSearchPage />, '/search/lawSearch?defaultActiveName=litigationSearch');
    const caseNumber = await screen.findByRole('textbox', { name: '诉讼案号' });
    expect(screen.getByRole('tab', { name: '诉讼', selected: true })).toBeTruthy();
    fireEvent.change(caseNumber, { target: { value: 'IPR2022*' } });
    fireEvent.change(screen.getByRole('textbox', { name: '原告' }), { target: { value: '"Apple Inc"' } });
    await waitFor(() => expect(editor().value).toBe('LITCN=(IPR2022*) AND LITPL=("Apple Inc")'));

    fireEvent.click(searchButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('LITCN=(IPR2022*) AND LITPL=("Apple Inc")');
  });

  it('switches forms through the URL, shows the length limit and resets', async () => {
    const { router } = renderPage(<LawSearchPage />, '/search/lawSearch');
    const status = await screen.findByRole('textbox', { name: '法律事件' });
    fireEvent.click(screen.getByRole('tab', { name: '质押' }));
    await waitFor(() => expect(router.state.location.search).toBe('?defaultActiveName=pledgeSearch'));
    const pledgee = await screen.findByRole('textbox', { name: '质权人' });
    fireEvent.change(pledgee, { target: { value: '银'.repeat(51) } });
    expect(await screen.findByText('最多输入 50 个字符')).toBeTruthy();
    fireEvent.click(searchButton());
    expect(await screen.findByText('请先修正表单中标红的输入')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/search/lawSearch');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(editor().value).toBe(''));
    expect(status).toBeTruthy();
  });

  it('keeps the declassified flag in the defence search (en)', async () => {
    const { router } = renderApp('/search/defense', 'en');
    const applicant = await screen.findByRole('textbox', { name: 'Applicant' });
    expect(screen.getByText(/only the records flagged as declassified/)).toBeTruthy();
    await waitFor(() => expect(editor().value).toBe('DEF=1'));
    fireEvent.change(applicant, { target: { value: '研究所' } });
    await waitFor(() => expect(editor().value).toBe('DEF=1 AND PA=(研究所)'));

    fireEvent.change(editor(), { target: { value: 'PA=(研究所)' } });
    fireEvent.click(searchButton());
    expect(await screen.findByText('A defence declassified search must keep DEF=1 in its expression')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/search/defense');

    fireEvent.change(applicant, { target: { value: '研究院' } });
    await waitFor(() => expect(editor().value).toBe('DEF=1 AND PA=(研究院)'));
    fireEvent.click(searchButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('DEF=1 AND PA=(研究院)');
  });
});
