// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { BatchSearchResponse } from '@patlas/contracts';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { BatchResult } from './BatchResult';

/** Issue 46 item 5: reading marks in the batch search's found records too, asked 200 numbers a call. */
const found = Array.from({ length: 250 }, (_, i) => ({
  input: `CN${110000000 + i}A`,
  publicationNumber: `CN${110000000 + i}A`,
  title: `记录 ${i}`,
  applicants: [],
  country: 'CN',
}));
const result: BatchSearchResponse = {
  mode: 'number',
  inputs: found.map((r) => r.input),
  found,
  foundApplicants: [],
  notFound: [],
  expression: 'PN=(CN110000000A)',
};

describe('reading marks in the batch search result', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['zh', '已读'],
    ['en', 'Read'],
  ] as const)('marks the records the user opened (%s)', async (lang, tag) => {
    const calls = stubFetch((url, request): FakeResponse => {
      if (url.pathname === '/api/product/patent/readMark/list') {
        const asked = (request.body as { publicationNumbers: string[] }).publicationNumbers;
        const read = asked
          .filter((pn) => pn === 'CN110000001A')
          .map((pn) => ({ publicationNumber: pn, readAt: '2026-12-03T08:30:00.000Z' }));
        return { status: 200, body: { status: 1, message: '', data: { read } } };
      }
      return { status: 200, body: { status: 1, message: '', data: {} } };
    });
    renderPage(<BatchResult result={result} />, '/search/batch', lang);
    const mark = await screen.findByTestId('read-mark-CN110000001A');
    expect(mark.textContent).toBe(tag);
    expect(screen.queryByTestId('read-mark-CN110000000A')).toBeNull();
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/product/patent/readMark/list')
          .map((c) => (c.body as { publicationNumbers: string[] }).publicationNumbers.length),
      ).toEqual([200, 50]),
    );
  });
});
