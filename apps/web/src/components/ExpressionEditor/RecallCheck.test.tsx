// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecallCheckResponse } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../test/render-page';
import { patentDetailPath } from '../../app/paths';
import { ExpressionEditor } from './ExpressionEditor';

const EXPRESSION = 'TI=(锂电池 OR 蓄电池) AND AB=正极 NOT PA=比亚迪';
const span = (text: string) => {
  const start = EXPRESSION.indexOf(text);
  return { start, end: start + text.length };
};

/** What the server answers for EXPRESSION (recall-check.routes.test.ts checks the server's side). */
const ANSWER: RecallCheckResponse = {
  expression: EXPRESSION,
  editable: true,
  checked: 4,
  found: [{ input: 'CN110000002A', publicationNumber: 'CN110000002A', title: '一种蓄电池正极板' }],
  missed: [
    {
      input: 'CN110000001A',
      publicationNumber: 'CN110000001A',
      title: '一种锂离子电池正极材料',
      clause: {
        kind: 'terms',
        text: 'TI=(锂电池 OR 蓄电池)',
        span: span('锂电池 OR 蓄电池'),
        field: 'TI',
        terms: ['锂电池', '蓄电池'],
      },
      suggestion: {
        term: '锂离子电池',
        nearest: '锂电池',
        score: 0.542,
        foundIn: 'TI',
        snippet: '一种锂离子电池正极材料',
        matchStart: 2,
        matchEnd: 7,
      },
    },
    {
      input: 'CN110000003A',
      publicationNumber: 'CN110000003A',
      title: '一种锂电池负极结构',
      clause: { kind: 'terms', text: 'AB=正极', span: span('正极'), field: 'AB', terms: ['正极'] },
      suggestion: {
        term: '正电极',
        nearest: '正极',
        score: 0.4,
        foundIn: 'AB',
        snippet: '本发明的锂电池采用正电极片，提高安全性。',
        matchStart: 9,
        matchEnd: 12,
      },
    },
    {
      input: 'CN110000004A',
      publicationNumber: 'CN110000004A',
      title: '一种锂电池正极结构',
      clause: { kind: 'not', text: 'NOT PA=比亚迪', span: span('NOT PA=比亚迪'), field: null, terms: [] },
    },
  ],
  notInCorpus: ['CN999999999A'],
  tookMs: 12,
};

function Harness() {
  const [value, setValue] = useState(EXPRESSION);
  return (
    <>
      <ExpressionEditor value={value} onChange={setValue} onSubmit={() => {}} recallCheck />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('recall check in the expression editor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the pasted numbers, shows what was found and missed, and adds a suggested term to its clause', async () => {
    const calls = stubFetch((url) =>
      url.pathname === '/api/product/search/recall-check'
        ? { status: 200, body: { status: 1, message: '', data: ANSWER } }
        : { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } },
    );
    renderPage(<Harness />, '/editor');
    fireEvent.click(screen.getByRole('button', { name: /查全校验/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(await within(drawer).findByRole('textbox', { name: '已知相关的专利号' }), {
      target: { value: 'CN110000001A CN110000002A\nCN110000003A, CN110000004A CN999999999A' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: '开始校验' }));
    const result = await within(drawer).findByTestId('recall-result');
    expect(calls.find((c) => c.url.pathname === '/api/product/search/recall-check')?.body).toEqual({
      searchExpre: EXPRESSION,
      publicationNumbers: ['CN110000001A CN110000002A\nCN110000003A, CN110000004A CN999999999A'],
    });
    expect(within(result).getByText('检索式找到 1 / 4 件已知相关专利')).toBeTruthy();
    expect(within(result).getByTestId('recall-not-held').textContent).toContain('CN999999999A');
    const clauses = within(result)
      .getAllByTestId('recall-clause')
      .map((c) => c.textContent);
    expect(clauses).toEqual(['锂电池 OR 蓄电池', '正极', 'NOT PA=比亚迪']);
    // Each missed patent's number opens its detail page, as in other lists (the shared PatentNumber).
    const missedLinks = within(within(result).getByTestId('recall-missed'))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(missedLinks.map(([text]) => text)).toEqual(['CN110000001A', 'CN110000003A', 'CN110000004A']);
    expect(missedLinks[0]![1]).toBe(patentDetailPath('CN110000001A'));
    // The NOT clause takes no term.
    const adds = within(result).getAllByRole('button', { name: /加入该子句/ });
    expect(adds).toHaveLength(2);

    fireEvent.click(adds[1]!);
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe(
        'TI=(锂电池 OR 蓄电池) AND AB=(正极 OR 正电极) NOT PA=比亚迪',
      ),
    );
    // The other clause's place follows the edit: its term goes into the title group.
    fireEvent.click(within(result).getByRole('button', { name: /加入该子句/ }));
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe(
        'TI=(锂电池 OR 蓄电池 OR 锂离子电池) AND AB=(正极 OR 正电极) NOT PA=比亚迪',
      ),
    );
    expect(within(result).getAllByRole('button', { name: /已加入/ })).toHaveLength(2);
    expect(
      within(result)
        .getAllByTestId('recall-clause')
        .map((c) => c.textContent),
    ).toEqual(['锂电池 OR 蓄电池 OR 锂离子电池', '正极 OR 正电极', 'NOT PA=比亚迪']);
  });

  it('shows the server refusal in the user language', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        status: 0,
        message:
          'A recall check takes at most 500 patents; this one has 501. Give fewer numbers or pick a smaller library',
        data: { code: 'RECALL_CHECK_TOO_MANY' },
      },
    }));
    renderPage(<Harness />, '/editor', 'en');
    fireEvent.click(await screen.findByRole('button', { name: /Recall check/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(await within(drawer).findByRole('textbox', { name: 'Numbers of known relevant patents' }), {
      target: { value: 'CN110000001A' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/A recall check takes at most 500 patents/)).toBeTruthy();
  });
});
