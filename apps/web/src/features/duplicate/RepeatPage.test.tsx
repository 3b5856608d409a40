// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DuplicateCheck, DuplicateQuickCheckResponse, DuplicateSummary } from '@patlas/contracts';
import { pressEnter, renderPage, stubFetch } from '../../test/render-page';
import { splitNumbers } from './QuickCheckCard';
import { RepeatPage } from './RepeatPage';

const CHECK: DuplicateCheck = {
  id: 'c1',
  title: '一种锂电池隔膜',
  source: 'text',
  filename: null,
  chars: 320,
  isShort: false,
  state: 'done',
  similarity: 0.42,
  patents: 2,
  error: null,
  createdAt: '2026-12-01T08:00:00.000Z',
  finishedAt: '2026-12-01T08:00:05.000Z',
};
const PATENT = {
  rank: 1,
  publicationNumber: 'CN117151122A',
  title: '锂电池隔膜',
  applicants: ['某公司'],
  applicationDate: '2023-01-01',
  similarity: 0.42,
  matchedSentences: 3,
  bySection: { title: 0, abstract: 0.3, claims: 0.12, description: 0 },
};
const SUMMARY: DuplicateSummary = {
  check: CHECK,
  similarity: 0.42,
  sentences: 8,
  matchedSentences: 3,
  bySection: { title: 0, abstract: 0.3, claims: 0.12, description: 0 },
  patents: [PATENT],
  stats: { candidates: 200, aligned: 50, ms: 1200 },
};
const TEXT = '一种锂电池隔膜。隔膜由聚乙烯制成。';
const QUICK: DuplicateQuickCheckResponse = {
  similarity: 0.5,
  sentences: [],
  patents: [
    {
      ...PATENT,
      similarity: 0.5,
      evidence: [
        {
          sentence: 0,
          inputSpans: [{ start: 2, end: 7 }],
          section: 'abstract',
          passageStart: 0,
          passageEnd: 8,
          passageText: '本发明涉及锂电池隔膜',
          passageSpans: [{ start: 5, end: 10 }],
          similarity: 0.8,
        },
      ],
    },
  ],
  notFound: ['US1234567B2'],
  warning: null,
};

function serve() {
  return stubFetch((url) => {
    const ok = (data: unknown) => ({ status: 200, body: { status: 1, message: '', data } });
    if (url.pathname === '/api/product/patent/getRepeatList')
      return ok({ total: 1, page: 1, pageSize: 20, items: [CHECK] });
    if (url.pathname === '/api/product/patent/similarity/summary') return ok(SUMMARY);
    if (url.pathname === '/api/product/patent/check') return ok(QUICK);
    return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
  });
}

describe('duplicate check page: quick comparison and summary', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('splits pasted numbers', () => {
    expect(splitNumbers(['cn117151122a, US1234567B2；CN117151122A'])).toEqual(['CN117151122A', 'US1234567B2']);
  });

  it('compares a text with given patents at once (/patent/check)', async () => {
    const calls = serve();
    renderPage(<RepeatPage />, '/innovationSpace/repeat');
    const card = await screen.findByTestId('duplicate-quick');
    fireEvent.change(within(card).getByRole('textbox', { name: '比对文本' }), { target: { value: TEXT } });
    const numbers = within(card).getByRole('combobox', { name: '输入公开号，回车或逗号分隔' });
    fireEvent.change(numbers, { target: { value: 'CN117151122A' } });
    pressEnter(numbers);
    fireEvent.change(numbers, { target: { value: 'US1234567B2' } });
    pressEnter(numbers);
    const run = within(card).getByRole('button', { name: '与指定专利比对' });
    await waitFor(() => expect(run.hasAttribute('disabled')).toBe(false));
    fireEvent.click(run);
    const result = await within(card).findByTestId('duplicate-quick-result');
    expect(calls.find((c) => c.url.pathname === '/api/product/patent/check')?.body).toEqual({
      text: TEXT,
      publicationNumbers: ['CN117151122A', 'US1234567B2'],
    });
    expect(within(result).getByText('本库未收录：US1234567B2')).toBeTruthy();
    expect(within(result).getByText('相似度 50.0%')).toBeTruthy();
    fireEvent.click(within(result).getByText('相似度 50.0%'));
    // The matching characters of the text as checked, beside the patent's passage.
    const evidence = await within(result).findByTestId('duplicate-quick-evidence');
    expect(evidence.textContent).toBe('摘要80.0%锂电池隔膜本发明涉及锂电池隔膜');
  });

  it("shows a finished check's similarity summary (/patent/similarity/summary) in English", async () => {
    const calls = serve();
    renderPage(<RepeatPage />, '/innovationSpace/repeat', 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Summary' }));
    const summary = await screen.findByTestId('duplicate-summary');
    expect(within(summary).getByText('CN117151122A')).toBeTruthy();
    expect(within(summary).getAllByText('42.0%').length).toBeGreaterThan(0);
    const request = calls.find((c) => c.url.pathname === '/api/product/patent/similarity/summary');
    expect(request?.url.searchParams.get('reportId')).toBe('c1');
    expect(request?.method).toBe('GET');
  });
});
