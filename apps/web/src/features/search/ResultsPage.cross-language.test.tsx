// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ResultsPage } from './ResultsPage';

const hit = {
  publicationNumber: 'US6980000B2',
  title: 'Lithium ion battery electrode',
  applicants: [],
  inventors: [],
  country: 'US',
  score: 3.2,
};

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

/** A server with or without a translation service; a search with crossLanguage answers the terms it added. */
function serve(translation: boolean) {
  return stubFetch((url, request) => {
    if (url.pathname.endsWith('/health')) return ok({ patents: 3, version: 'test', features: { translation } });
    if (url.pathname.endsWith('/search/searchNew')) {
      const body = request.body as { crossLanguage?: boolean };
      return ok({
        total: 1,
        page: 1,
        pageSize: 20,
        items: [hit],
        facets: {},
        expression: body.crossLanguage ? 'TI=(电池 OR battery)' : 'TI=电池',
        tookMs: 5,
        ...(body.crossLanguage
          ? {
              crossLanguage: {
                terms: [{ term: '电池', translation: 'battery', language: 'en' }],
                untranslated: ['正极'],
                timedOut: true,
              },
            }
          : {}),
      });
    }
    return ok({});
  });
}

const searches = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname.endsWith('/search/searchNew')).map((c) => c.body as { crossLanguage?: boolean });

/** Issue 43: the result page's cross-language switch and what the search added. */
describe('result page: cross-language search', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(cleanup);

  it('offers the switch with a translation service; switching it on searches with the translations and says which terms were added', async () => {
    const calls = serve(true);
    const { router } = renderPage(<ResultsPage />, `/innovationSpace/searchResult?q=${encodeURIComponent('TI=电池')}`);
    const toggle = await screen.findByTestId('cross-language-switch');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('跨语言检索')).toBeTruthy();
    await waitFor(() => expect(searches(calls).length).toBeGreaterThan(0));
    expect(searches(calls).every((body) => !body.crossLanguage)).toBe(true);
    expect(screen.queryByTestId('note-cross-language')).toBeNull();

    fireEvent.click(toggle);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('xl')).toBe('1'));
    const note = await screen.findByTestId('note-cross-language');
    expect(note.textContent).toContain('跨语言检索，已加入译词：');
    expect(note.textContent).toContain('电池 → battery');
    expect(note.textContent).toContain('翻译超时，以下词按原文检索：正极');
    expect(searches(calls).at(-1)?.crossLanguage).toBe(true);
    expect((await screen.findByTestId('cross-language-switch')).getAttribute('aria-checked')).toBe('true');
  });

  it('hides the switch without a translation service, and a link asking for it searches as written', async () => {
    const calls = serve(false);
    renderPage(<ResultsPage />, `/innovationSpace/searchResult?q=${encodeURIComponent('TI=电池')}&xl=1`);
    await waitFor(() => expect(searches(calls).length).toBeGreaterThan(0));
    await screen.findByText('Lithium ion battery electrode');
    expect(searches(calls).every((body) => !body.crossLanguage)).toBe(true);
    expect(screen.queryByTestId('cross-language-switch')).toBeNull();
    expect(screen.queryByText('跨语言检索')).toBeNull();
  });
});
