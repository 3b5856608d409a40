// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClauseTreeResponse } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../test/render-page';
import { searchResultPath } from '../../app/paths';
import { ClauseTree } from './ClauseTree';

const CLAUSES = '/api/product/search/expression/clauses';

/** `TI=(电池 OR 散热) AND PA=比亚迪` as the server answers it. */
const TREE: ClauseTreeResponse = {
  expression: 'TI=(电池 OR 散热) AND PA=比亚迪',
  nodes: 5,
  truncated: false,
  tookMs: 3,
  root: {
    kind: 'And',
    start: 0,
    end: 25,
    text: 'TI=(电池 OR 散热) AND PA=比亚迪',
    searchExpre: 'TI=(电池 OR 散热) AND PA=比亚迪',
    total: 2,
    loses: 0,
    costs: 0,
    children: [
      {
        kind: 'Or',
        start: 3,
        end: 14,
        text: '(电池 OR 散热)',
        searchExpre: 'TI=(电池 OR 散热)',
        total: 1234,
        without: 3,
        loses: 0,
        costs: 1,
        children: [
          {
            kind: 'Term',
            start: 4,
            end: 6,
            text: '电池',
            searchExpre: 'TI=电池',
            total: 1200,
            without: 1,
            loses: 1,
            costs: 0,
          },
          {
            kind: 'Term',
            start: 10,
            end: 12,
            text: '散热',
            searchExpre: 'TI=散热',
            total: 40,
            without: 2,
            loses: 0,
            costs: 0,
          },
        ],
      },
      {
        kind: 'Term',
        start: 22,
        end: 25,
        text: '比亚迪',
        searchExpre: 'PA=比亚迪',
        total: 7,
        without: 1234,
        loses: 0,
        costs: 1232,
      },
    ],
  },
};

const answer = (data: unknown) => ({ status: 200, body: { status: 1, message: '', data } });

function Harness({ initial }: { initial: string }) {
  const [expression, setExpression] = useState(initial);
  return (
    <>
      <input aria-label="expression" value={expression} onChange={(e) => setExpression(e.target.value)} />
      <ClauseTree expression={expression} source="cn" />
    </>
  );
}

const open = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('the clause tree (issue 48)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each clause with its own hits and what the whole loses or costs without it', async () => {
    const calls = stubFetch((url) => (url.pathname === CLAUSES ? answer(TREE) : { status: 404, body: {} }));
    renderPage(<ClauseTree expression={TREE.expression} source="cn" />, '/home');
    // Nothing is asked while the panel is closed.
    expect(calls).toHaveLength(0);
    open(/子句命中/);
    const tree = await screen.findByRole('tree');
    expect(calls.find((c) => c.url.pathname === CLAUSES)?.body).toEqual({ searchExpre: TREE.expression, source: 'cn' });
    const rows = within(tree).getAllByRole('treeitem');
    expect(rows).toHaveLength(5);
    const row = (clause: string) => tree.querySelector(`[data-clause="${clause}"]`) as HTMLElement;
    expect(within(row('TI=(电池 OR 散热)')).getByTestId('clause-own').textContent).toBe('命中 1,234 件');
    expect(within(row('TI=电池')).getByTestId('clause-effect').textContent).toBe('去掉它少 1 件');
    expect(within(row('PA=比亚迪')).getByTestId('clause-effect').textContent).toBe('去掉它多 1,232 件');
    expect(within(row('TI=散热')).getByTestId('clause-effect').textContent).toBe('去掉它命中不变');
    expect(within(row(TREE.expression)).getByTestId('clause-effect').textContent).toBe('整个检索式');
  });

  it('says it in English', async () => {
    stubFetch((url) => (url.pathname === CLAUSES ? answer(TREE) : { status: 404, body: {} }));
    renderPage(<ClauseTree expression={TREE.expression} />, '/home', 'en');
    open(/Clause counts/);
    const tree = await screen.findByRole('tree');
    const row = tree.querySelector('[data-clause="PA=比亚迪"]') as HTMLElement;
    expect(within(row).getByTestId('clause-own').textContent).toBe('7 hits');
    expect(within(row).getByTestId('clause-effect').textContent).toBe('costs 1,232 hits (+1,232 without it)');
  });

  it("opens a clause's own result page", async () => {
    stubFetch((url) => (url.pathname === CLAUSES ? answer(TREE) : { status: 404, body: {} }));
    const { router } = renderPage(<ClauseTree expression={TREE.expression} source="cn" />, '/home');
    open(/子句命中/);
    fireEvent.click(await screen.findByRole('link', { name: '打开子句 TI=散热 的检索结果' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        searchResultPath('TI=散热', 'cn'),
      ),
    );
  });

  it('cancels the request an edit supersedes', async () => {
    const signals: { body: unknown; signal: AbortSignal | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { searchExpre: string };
        signals.push({ body, signal: init?.signal ?? undefined });
        // The first expression's tree never comes: only its cancellation ends it.
        if (body.searchExpre === 'TI=电池')
          return new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
        return new Response(JSON.stringify({ status: 1, message: '', data: TREE }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderPage(<Harness initial="TI=电池" />, '/home');
    open(/子句命中/);
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.signal?.aborted).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'expression' }), { target: { value: TREE.expression } });
    // Asked once typing pauses: the new expression's request, the old one cancelled.
    await screen.findByRole('tree');
    expect(signals.map((s) => (s.body as { searchExpre: string }).searchExpre)).toEqual(['TI=电池', TREE.expression]);
    expect(signals[0]!.signal?.aborted).toBe(true);
  });

  it('asks nothing for an expression that does not parse', async () => {
    const calls = stubFetch(() => answer(TREE));
    renderPage(<ClauseTree expression="TI=(电池 AND" />, '/home');
    open(/子句命中/);
    await screen.findByText('输入有效的检索式后显示各子句的命中数');
    expect(calls).toHaveLength(0);
  });
});
