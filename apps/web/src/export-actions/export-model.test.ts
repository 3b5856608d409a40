import { describe, expect, it } from 'vitest';
import {
  fullOrder,
  isBlankFileName,
  moveField,
  requestedRows,
  rowsProblem,
  targetOf,
  withGroupChoice,
  type ExportSource,
} from './export-model';

const QUERY = { searchExpre: 'TI=电池', filters: [], mergeType: 0 };
const RESULTS: ExportSource = {
  kind: 'results',
  query: QUERY,
  page: 3,
  pageSize: 20,
  total: 45,
  selected: ['CN1A', 'CN2B'],
  title: 'TI=电池',
};

describe('export model', () => {
  it('counts the rows of each choice: the last page holds what is left', () => {
    expect(requestedRows(RESULTS, { mode: 'page' })).toBe(5);
    expect(requestedRows(RESULTS, { mode: 'selected' })).toBe(2);
    expect(requestedRows(RESULTS, { mode: 'first', count: 30 })).toBe(30);
    expect(requestedRows(RESULTS, { mode: 'range', from: 11, to: 20 })).toBe(10);
    expect(requestedRows(RESULTS, { mode: 'range', from: 11, to: null })).toBe(0);
  });

  it("refuses a range whose end does not exceed its start, and more than 300,000 rows, in the spec's words", () => {
    expect(rowsProblem(RESULTS, { mode: 'range', from: 5, to: 5 }, 'xlsx', 'en')).toBe(
      'The end value must be greater than the start value',
    );
    expect(rowsProblem(RESULTS, { mode: 'range', from: 1, to: 300_000 }, 'csv', 'zh')).toBeUndefined();
    expect(rowsProblem(RESULTS, { mode: 'range', from: 1, to: 300_001 }, 'csv', 'zh')).toBe(
      '导出范围过大，一次最多导出 300,000 条',
    );
    // Spec 2 §9: a long-text field caps a table at 10,000 rows.
    expect(rowsProblem(RESULTS, { mode: 'first', count: 10_001 }, 'xlsx', 'zh', ['title', 'description'])).toBe(
      '导出权利要求或说明书全文时，一次最多导出 10,000 条',
    );
    expect(rowsProblem(RESULTS, { mode: 'first', count: 10_001 }, 'xlsx', 'zh', ['title', 'abstract'])).toBeUndefined();
    expect(rowsProblem(RESULTS, { mode: 'first', count: 1001 }, 'pdf', 'zh')).toBe(
      '导出范围过大，一次最多导出 1,000 条',
    );
  });

  it('sends the selection as chosen patents and the other choices as rows of the result set', () => {
    expect(targetOf(RESULTS, { mode: 'selected' })).toEqual({ kind: 'patents', publicationNumbers: ['CN1A', 'CN2B'] });
    expect(targetOf(RESULTS, { mode: 'page' })).toEqual({
      kind: 'results',
      query: QUERY,
      rows: { mode: 'page', page: 3, pageSize: 20 },
    });
  });

  it('exports the whole set selected (issue 43 "select all N") by its search, not as a list of numbers', () => {
    const all: ExportSource = { ...RESULTS, selected: [], allSelected: true, total: 250_000 };
    expect(requestedRows(all, { mode: 'selected' })).toBe(250_000);
    expect(targetOf(all, { mode: 'selected' })).toEqual({
      kind: 'results',
      query: QUERY,
      rows: { mode: 'first', count: 250_000 },
    });
    // The limits hold: Word and PDF take 1,000 rows.
    expect(rowsProblem(all, { mode: 'selected' }, 'pdf', 'zh')).toBe('导出范围过大，一次最多导出 1,000 条');
  });

  it('keeps the chosen order when a group changes, moves fields and puts the chosen first in the full order', () => {
    expect(withGroupChoice(['title', 'applicants'], ['applicants', 'inventors'], ['inventors'])).toEqual([
      'title',
      'inventors',
    ]);
    expect(moveField(['title', 'applicants', 'inventors'], 2, -1)).toEqual(['title', 'inventors', 'applicants']);
    expect(moveField(['title', 'applicants'], 0, -1)).toEqual(['title', 'applicants']);
    expect(fullOrder(['inventors', 'title'], ['title', 'applicants', 'inventors'])).toEqual([
      'inventors',
      'title',
      'applicants',
    ]);
  });

  it('refuses a file name of spaces only; an empty one takes the default', () => {
    expect(isBlankFileName('   ')).toBe(true);
    expect(isBlankFileName('')).toBe(false);
    expect(isBlankFileName(' 电池 ')).toBe(false);
  });
});
