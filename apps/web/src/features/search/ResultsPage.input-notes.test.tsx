// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ResultsPage } from './ResultsPage';

const hit = {
  publicationNumber: 'CN107274400A',
  title: '一种虚拟现实头戴显示设备',
  abstract: '一种虚拟现实头戴显示设备',
  applicants: [],
  inventors: [],
  country: 'CN',
  score: 3.2,
};

function answer(total: number, extra: Record<string, unknown>): FakeResponse {
  return {
    status: 200,
    body: {
      status: 1,
      message: '',
      data: {
        total,
        page: 1,
        pageSize: 20,
        items: total > 0 ? [hit] : [],
        facets: {},
        expression: '',
        tookMs: 5,
        ...extra,
      },
    },
  };
}

/** Issue 43: how the server read the box, said on the result page. */
describe('result page: numbers, class symbols and phrases as the server read them', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(cleanup);

  it('says a Chinese run was searched as a phrase and links to the split search', async () => {
    stubFetch(() =>
      answer(1, {
        phraseTerms: {
          terms: ['虚拟现实头戴显示设备'],
          words: [['虚拟现实', '头戴', '显示', '设备']],
          searchExpre: '虚拟现实 头戴 显示 设备',
        },
      }),
    );
    const { router } = renderPage(
      <ResultsPage />,
      `/innovationSpace/searchResult?q=${encodeURIComponent('虚拟现实头戴显示设备')}`,
    );
    const note = await screen.findByTestId('note-phrase');
    expect(note.textContent).toContain('按短语检索：虚拟现实头戴显示设备');
    expect(note.textContent).toContain('试试拆分：虚拟现实 头戴 显示 设备');
    fireEvent.click(within(note).getByTestId('phrase-split-link'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('虚拟现实 头戴 显示 设备'),
    );
  });

  it('says a box of numbers was searched as numbers, and a number not held instead of the generic tips', async () => {
    stubFetch(() =>
      answer(0, {
        codeSearch: {
          numbers: ['CN999999999A'],
          classes: [],
          searchExpre: 'PN=CN999999999A',
          notHeld: ['CN999999999A'],
        },
      }),
    );
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=CN999999999A');
    expect((await screen.findByTestId('note-code-search')).textContent).toContain('按号码检索： PN=CN999999999A');
    expect(screen.getByTestId('note-not-held').textContent).toBe('该号码不在本库中：CN999999999A');
    expect(screen.getByTestId('empty-not-held').textContent).toContain('该号码不在本库中');
    expect(screen.queryByText(/同义词/)).toBeNull();
  });

  it('says class symbols were searched as classes, in English too', async () => {
    stubFetch(() =>
      answer(1, {
        codeSearch: { numbers: [], classes: ['G06F3/01'], searchExpre: 'IPC=G06F3/01 OR CPC=G06F3/01', notHeld: [] },
      }),
    );
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=G06F3%2F01', 'en');
    expect((await screen.findByTestId('note-code-search')).textContent).toContain(
      'Searched as classification symbols: IPC=G06F3/01 OR CPC=G06F3/01',
    );
    expect(screen.queryByTestId('note-not-held')).toBeNull();
  });
});
