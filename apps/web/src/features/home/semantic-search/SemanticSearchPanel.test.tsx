// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SemanticSearchResponse } from '@patlas/contracts';
import { ALL_PERMISSIONS, MAX_SEMANTIC_TEXT_LENGTH } from '@patlas/contracts';
import { renderApp } from '../../../test/render-app';
import { renderPage, stubFetch, type FakeResponse, type RecordedRequest } from '../../../test/render-page';
import { HomePage } from '../HomePage';
import { SESSION_NAMES } from '../../../session/session';
import { appStorage } from '../../../storage/app-storage';

const TEXT = '一种锂离子电池负极片，包括集流体和涂覆在集流体表面的硅碳负极活性层，活性层中含有导电剂和粘结剂。';

function answerOf(page: number, overrides: Partial<SemanticSearchResponse> = {}): SemanticSearchResponse {
  return {
    key: 'abcdefgh12',
    query: { searchContext: TEXT, ss_weights: '2,3,4,5', mode: 'hybrid', ss_dataSources: ['CN'] },
    total: 45,
    page,
    pageSize: 20,
    items: [
      {
        publicationNumber: `CN11${page}000001A`,
        title: `硅碳负极片及锂电池（第 ${page} 页）`,
        abstract: '本发明公开了一种硅碳负极片。',
        applicants: ['宁德时代新能源科技股份有限公司'],
        inventors: [],
        applicationDate: '2021-03-02',
        publicationDate: '2021-07-09',
        patentType: 'invention_application',
        country: 'CN',
        firstDrawing: 'CN110000001A-1.png',
        score: 0.031,
        relevance: 0.92,
        similarity: 0.8765,
      },
    ],
    model: 'lsa-256',
    keyTerms: [
      { term: '负极片', weight: 0.91 },
      { term: '硅碳', weight: 0.77 },
    ],
    expansions: [],
    tookMs: 38,
    ...overrides,
  };
}

/** The result page's answer for the semantic set: the first page of its ranking. */
function resultPageOf(request: RecordedRequest) {
  const first = answerOf(1).items[0]!;
  return {
    total: 45,
    page: 1,
    pageSize: 20,
    items: [{ ...first, setRank: 1, setScore: first.relevance, setBand: 'medium' as const, setSimilarity: 0.83 }],
    facets: {},
    expression: '',
    set: { kind: 'semantic', label: TEXT, size: 45, limit: 1000 },
    tookMs: 20,
    key: `state-of-${JSON.stringify(request.body).length}`,
  };
}

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });
const health = ok({ patents: 1200, version: '0.1.0' });

/** Answers the home page, the semantic calls by `answer`, and history saves. */
function stubSemantic(answer: (request: RecordedRequest) => FakeResponse) {
  return stubFetch((url, request) => {
    if (url.pathname === '/api/product/search/semantics') return answer(request);
    if (url.pathname === '/api/product/search/searchNew') return ok(resultPageOf(request));
    if (url.pathname === '/api/product/history' || url.pathname === '/api/product/operatehistory')
      return ok({ id: 'h1' });
    if (url.pathname === '/api/product/eventTracking/record') return ok({});
    if (url.pathname === '/api/product/indexPage/getSpecialTopicInfo') return ok([]);
    return health;
  });
}

function seedWeights(weights: string) {
  appStorage.set(SESSION_NAMES.userCustomConfig, {
    theme: 2,
    language: 'zh',
    semanticsSearchWeightInfo: weights,
    mergeType: 0,
    messageCount: 0,
    remind: {},
  });
}

async function textArea(): Promise<HTMLTextAreaElement> {
  return (await screen.findByRole('textbox', { name: '技术描述' })) as HTMLTextAreaElement;
}

function submitButton(): HTMLElement {
  const button = screen.getByText('语义检索', { selector: 'button span' }).closest('button');
  if (!button) throw new Error('no submit button');
  return button;
}

const semanticCalls = (calls: RecordedRequest[]) =>
  calls.filter((call) => call.url.pathname === '/api/product/search/semantics');

describe('semantic search tab', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a visitor to log in', async () => {
    stubSemantic(() => ok(answerOf(1)));
    const { router } = renderPage(<HomePage />, '/home?tabName=semantics', 'zh', { session: null });
    expect(await screen.findByText('语义检索需要登录后使用')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('semantic-login')).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/home?tabName=semantics');
  });

  it("shows the spec's message without the semantics permission", async () => {
    const calls = stubSemantic(() => ok(answerOf(1)));
    renderPage(<HomePage />, '/home?tabName=semantics&key=abcdefgh12', 'zh', {
      session: { menu: ALL_PERMISSIONS.filter((p) => p !== 'semantics') },
    });
    expect(await screen.findByText('暂无语义检索权限，请联系客服')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '技术描述' })).toBeNull();
    expect(semanticCalls(calls)).toHaveLength(0);
  });

  it('counts characters live and keeps an over-long text, refusing to search it', async () => {
    const calls = stubSemantic(() => ok(answerOf(1)));
    renderPage(<HomePage />, '/home?tabName=semantics');
    const area = await textArea();
    fireEvent.change(area, { target: { value: '锂电池' } });
    await waitFor(() => expect(screen.getByTestId('semantic-count').textContent).toBe('3 / 50,000 字'));

    const long = '电'.repeat(MAX_SEMANTIC_TEXT_LENGTH + 12);
    fireEvent.change(area, { target: { value: long } });
    await waitFor(() => expect(screen.getByTestId('semantic-count').textContent).toBe('50,012 / 50,000 字'));
    expect(screen.getByTestId('semantic-count').className).toContain('semantic-count-over');
    expect(
      await screen.findByText(
        '检索文本超出字数限制：最多 50000 个字符，当前 50012 个。已输入的内容不会丢失，请删减后再检索',
      ),
    ).toBeTruthy();
    fireEvent.click(submitButton());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(semanticCalls(calls)).toHaveLength(0);
    expect((await textArea()).value).toHaveLength(MAX_SEMANTIC_TEXT_LENGTH + 12);
  });

  it('refuses weights that are all 0', async () => {
    const calls = stubSemantic(() => ok(answerOf(1)));
    renderPage(<HomePage />, '/home?tabName=semantics');
    fireEvent.change(await textArea(), { target: { value: TEXT } });
    for (const label of ['标题', '摘要', '权利要求', '说明书']) {
      const input = screen.getByLabelText(label);
      fireEvent.change(input, { target: { value: '0' } });
      fireEvent.blur(input);
    }
    fireEvent.click(submitButton());
    expect(await screen.findByText('语义检索权重不能全部为 0')).toBeTruthy();
    expect(semanticCalls(calls)).toHaveLength(0);
  });

  // Two pages render (the tab, then the result page): more time than one page on a busy machine.
  it(
    'searches with the saved weights, opens the ranked patents on the result page and records the search',
    { timeout: 90_000 },
    async () => {
      seedWeights('2,3,4,5');
      const calls = stubSemantic(() => ok(answerOf(1)));
      const { router } = renderApp('/home?tabName=semantics');
      fireEvent.change(await textArea(), { target: { value: TEXT } });
      fireEvent.click(submitButton());

      await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
      const [request] = semanticCalls(calls);
      expect(new URLSearchParams(router.state.location.search).get('set')).toBe('semantic:abcdefgh12');
      expect(request?.body).toEqual({
        searchContext: TEXT,
        ss_weights: '2,3,4,5',
        mode: 'hybrid',
        page: 1,
        pageSize: 20,
      });

      // The normal result page, on the set: its text, its size, each hit with its rank and score.
      expect((await screen.findByTestId('result-total')).textContent).toBe('最相似的前 45 条');
      expect(screen.getByTestId('set-source-label').textContent).toContain(TEXT);
      expect(screen.getByText('硅碳负极片及锂电池（第 1 页）')).toBeTruthy();
      expect(screen.getByTestId('set-rank').getAttribute('aria-label')).toBe('相似度排名第 1 名，相关');
      const resultCall = calls.find((call) => call.url.pathname === '/api/product/search/searchNew');
      expect(resultCall?.body).toMatchObject({ searchExpre: '', set: { kind: 'semantic', key: 'abcdefgh12' } });

      await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/product/history')).toBe(true));
      const saved = calls.find((call) => call.url.pathname === '/api/product/history');
      const entry = JSON.parse((saved?.body as { content: string }).content) as Record<string, unknown>;
      expect(entry).toMatchObject({
        operationName: 'search',
        searchContext: TEXT,
        ss_dataSources: 'CN',
        ss_weights: '2,3,4,5',
        resultTotal: '45',
        router: '/innovationSpace/searchResult?set=semantic%3Aabcdefgh12',
      });
    },
  );

  it('fills the form from a stored search named in the URL and links to its results', async () => {
    const calls = stubSemantic((request) => ok(answerOf((request.body as { page: number }).page)));
    renderPage(<HomePage />, '/home?tabName=semantics&key=abcdefgh12');
    expect((await screen.findByTestId('semantic-open-results')).getAttribute('href')).toBe(
      '/innovationSpace/searchResult?set=semantic%3Aabcdefgh12',
    );
    expect(semanticCalls(calls)[0]?.body).toMatchObject({ key: 'abcdefgh12' });
    await waitFor(async () => expect((await textArea()).value).toBe(TEXT));
    expect(screen.getByLabelText('权利要求')).toHaveProperty('value', '4');
    // A reopened search is not recorded again.
    expect(calls.some((call) => call.url.pathname === '/api/product/history')).toBe(false);
  });

  it(
    'shows the "also searched" terms of a short text; removing one searches again without it',
    { timeout: 60_000 },
    async () => {
      const SHORT = { searchContext: '电池', ss_weights: '3,3,3,3', mode: 'hybrid' as const };
      const calls = stubSemantic((request) => {
        const body = request.body as { key?: string; excludeExpansions?: string[] };
        if (body.key) return ok(answerOf(1, { query: SHORT, expansions: ['蓄电池', '电芯', '锂电'] }));
        return ok(
          answerOf(1, {
            key: 'second-key-1',
            query: { ...SHORT, excludeExpansions: body.excludeExpansions ?? [] },
            expansions: ['蓄电池', '锂电'],
          }),
        );
      });
      const { router } = renderApp('/home?tabName=semantics&key=abcdefgh12');
      const box = await screen.findByTestId('semantic-also-searched');
      expect(box.textContent).toContain('同时检索：');
      expect(
        within(box)
          .getAllByTestId('semantic-expansion')
          .map((tag) => tag.textContent),
      ).toEqual(['蓄电池', '电芯', '锂电']);

      const chip = within(box).getAllByTestId('semantic-expansion')[1] as HTMLElement;
      fireEvent.click(chip.querySelector('.ant-tag-close-icon') as HTMLElement);
      await waitFor(() => expect(semanticCalls(calls)).toHaveLength(2));
      expect(semanticCalls(calls)[1]?.body).toEqual({ ...SHORT, excludeExpansions: ['电芯'], page: 1, pageSize: 20 });
      // The new search opens its results, as a search from the form does.
      await waitFor(() =>
        expect(new URLSearchParams(router.state.location.search).get('set')).toBe('semantic:second-key-1'),
      );
    },
  );

  it("shows the server's message in the user's language", async () => {
    stubSemantic((request) =>
      request.headers.get('Accept-Language') === 'en'
        ? {
            status: 404,
            body: {
              status: 0,
              message: 'This semantic search has expired; search again',
              data: { code: 'SEMANTIC_KEY_NOT_FOUND' },
            },
          }
        : {
            status: 404,
            body: { status: 0, message: '该语义检索结果已失效，请重新检索', data: { code: 'SEMANTIC_KEY_NOT_FOUND' } },
          },
    );
    renderPage(<HomePage />, '/home?tabName=semantics&key=gonegonegone', 'en');
    expect((await screen.findByTestId('semantic-error')).textContent).toContain(
      'This semantic search has expired; search again',
    );
    expect(screen.getByRole('textbox', { name: 'Technical description' })).toBeTruthy();
  });
});
