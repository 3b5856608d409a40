// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ResultsPage } from '../../features/search/ResultsPage';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

/** The user's history as the server describes it: #1 and #3 exist, #3 is a semantic search. */
function answerReferences(nos: number[], lang: 'zh' | 'en') {
  return nos.map((no) => {
    if (no === 1) return { no, found: true, expression: 'TI=电池 AND PA="比亚迪股份有限公司"', total: '1234' };
    if (no === 3) {
      const problem =
        lang === 'zh'
          ? '第 3 条历史记录是语义检索，不能参与组合检索'
          : 'History entry #3 is a semantic search and cannot be combined';
      return { no, found: true, total: '20', problem };
    }
    return { no, found: false };
  });
}

/** The editor's own search button (the header has a search entry too). */
const searchButton = () => document.querySelector('.expr-editor-submit') as HTMLButtonElement;

function stubServer() {
  return stubFetch((url, request) => {
    if (url.pathname.endsWith('/history/references')) {
      const { nos } = request.body as { nos: number[] };
      const lang = request.headers.get('accept-language')?.startsWith('en') ? 'en' : 'zh';
      return ok({ items: answerReferences(nos, lang) });
    }
    return ok({ total: 0, page: 1, pageSize: 20, items: [], facets: {}, expression: '', tookMs: 1 });
  });
}

describe('expression editor: history references (#n)', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows what each #n stands for, and a missing number as a positioned error that blocks searching', async () => {
    const calls = stubServer();
    renderPage(<ResultsPage />, '/innovationSpace/searchResult');
    const box = await screen.findByRole('textbox', { name: '检索式' });
    fireEvent.change(box, { target: { value: '#1 AND TI=(正极)' } });

    const preview = await screen.findByTestId('expression-references');
    await waitFor(() => expect(within(preview).getByText('TI=电池 AND PA="比亚迪股份有限公司"')).toBeTruthy());
    expect(within(preview).getByText('#1')).toBeTruthy();
    expect(within(preview).getByText('1,234 条')).toBeTruthy();
    expect(searchButton().hasAttribute('disabled')).toBe(false);
    const asked = calls.filter((c) => c.url.pathname.endsWith('/history/references'));
    expect(asked.at(-1)?.body).toEqual({ nos: [1] });

    // #9 does not exist: said at its column, underlined, and the search button is off.
    fireEvent.change(box, { target: { value: '#1 AND #9' } });
    const error = await screen.findByTestId('expression-error');
    await waitFor(() =>
      expect(error.textContent).toBe('检索式有误：第 8 列的 #9 不是您的检索历史（检索历史中没有序号为 9 的记录）'),
    );
    expect(within(preview).getByText('检索历史中没有这条记录')).toBeTruthy();
    const mirror = screen.getByTestId('expression-mirror');
    expect(mirror.querySelector('.expr-tok-error-span')?.textContent).toBe('#9');
    expect(mirror.querySelector('.expr-tok-reference')?.textContent).toBe('#1');
    expect(searchButton().hasAttribute('disabled')).toBe(true);
  });

  it('says in English why an entry cannot be referenced', async () => {
    stubServer();
    renderPage(<ResultsPage />, '/innovationSpace/searchResult', 'en');
    const box = await screen.findByRole('textbox', { name: 'Search expression' });
    fireEvent.change(box, { target: { value: '＃3 OR #1' } });
    const error = await screen.findByTestId('expression-error');
    await waitFor(() =>
      expect(error.textContent).toBe(
        'Expression incorrect at column 1: #3 cannot be used in an expression: History entry #3 is a semantic search and cannot be combined',
      ),
    );
    const preview = screen.getByTestId('expression-references');
    expect(within(preview).getByText('History entry #3 is a semantic search and cannot be combined')).toBeTruthy();
    expect(within(preview).getByText('TI=电池 AND PA="比亚迪股份有限公司"')).toBeTruthy();
  });
});
