import {
  formatErrorMessage,
  exportRowLimit,
  MAX_EXPORT_ROWS,
  type ExportFieldId,
  type ExportFormat,
  type ExportQuery,
  type ExportTarget,
  type Language,
} from '@patlas/contracts';

/**
 * What the dialog exports, as its opener knows it: a result page (its set, the page shown, the
 * selection kept across pages), or chosen patents (the detail page).
 */
export type ExportSource =
  | {
      kind: 'results';
      query: ExportQuery;
      page: number;
      pageSize: number;
      /** Hits of the whole set. */
      total: number;
      selected: readonly string[];
      /** The whole set is selected (issue 43 "select all N"): the selection is every hit, exported by the search. */
      allSelected?: boolean;
      /** The task's title on /download (the expression, the library's name). */
      title: string;
    }
  | { kind: 'patents'; publicationNumbers: readonly string[]; title: string };

/** Which rows of a result page: the page, the selection, the first N or "from … to …" (spec 2 §5). */
export type RowChoice =
  | { mode: 'page' }
  | { mode: 'selected' }
  | { mode: 'first'; count: number | null }
  | { mode: 'range'; from: number | null; to: number | null };

export type RowMode = RowChoice['mode'];

/** Rows on the page shown: the last page holds what is left. */
export function rowsOnPage(source: { page: number; pageSize: number; total: number }): number {
  return Math.max(0, Math.min(source.pageSize, source.total - (source.page - 1) * source.pageSize));
}

/** How many rows the choice asks for (before the server counts them); 0 while incomplete. */
export function requestedRows(source: ExportSource, choice: RowChoice): number {
  if (source.kind === 'patents') return source.publicationNumbers.length;
  switch (choice.mode) {
    case 'page':
      return rowsOnPage(source);
    case 'selected':
      return source.allSelected ? source.total : source.selected.length;
    case 'first':
      return choice.count ?? 0;
    case 'range':
      return choice.from !== null && choice.to !== null ? choice.to - choice.from + 1 : 0;
  }
}

/** Limits as the server's messages write them ("300,000"). */
const limitText = (max: number) => max.toLocaleString('en-US');

/**
 * Why the rows cannot be exported, in the spec's words (the server refuses the same with the same
 * catalogue messages): the end not above the start, more than 300,000 rows, a Word or PDF export
 * above its own limit.
 */
export function rowsProblem(
  source: ExportSource,
  choice: RowChoice,
  format: ExportFormat,
  lang: Language,
  fields: readonly string[] = [],
): string | undefined {
  if (source.kind === 'results' && choice.mode === 'range' && choice.from !== null && choice.to !== null) {
    if (choice.to <= choice.from) return formatErrorMessage('EXPORT_RANGE_INVALID', lang);
  }
  const rows = requestedRows(source, choice);
  if (rows > MAX_EXPORT_ROWS)
    return formatErrorMessage('EXPORT_RANGE_TOO_LARGE', lang, { max: limitText(MAX_EXPORT_ROWS) });
  // Word and PDF have their own limit; a table with a long-text field the smaller one (spec 2 §9).
  const { max, code } = exportRowLimit(format, fields);
  if (rows > max) return formatErrorMessage(code, lang, { max: limitText(max) });
  return undefined;
}

/** Whether the choice names rows at all (a count or both ends given, a selection made). */
export function isChoiceComplete(source: ExportSource, choice: RowChoice): boolean {
  return requestedRows(source, choice) > 0;
}

/** The export's target in the API's terms. */
export function targetOf(source: ExportSource, choice: RowChoice): ExportTarget {
  if (source.kind === 'patents') return { kind: 'patents', publicationNumbers: [...source.publicationNumbers] };
  switch (choice.mode) {
    case 'selected':
      // The whole set by its search (its first `total` rows), never as a list of N numbers.
      if (source.allSelected)
        return { kind: 'results', query: source.query, rows: { mode: 'first', count: source.total } };
      return { kind: 'patents', publicationNumbers: [...source.selected] };
    case 'page':
      return {
        kind: 'results',
        query: source.query,
        rows: { mode: 'page', page: source.page, pageSize: source.pageSize },
      };
    case 'first':
      return { kind: 'results', query: source.query, rows: { mode: 'first', count: choice.count ?? 0 } };
    case 'range':
      return {
        kind: 'results',
        query: source.query,
        rows: { mode: 'range', from: choice.from ?? 0, to: choice.to ?? 0 },
      };
  }
}

/** Whether a file name is refused: one made of spaces only (an empty one takes the default). */
export function isBlankFileName(name: string): boolean {
  return name.length > 0 && name.trim().length === 0;
}

/** Moves one chosen field a place up (-1) or down (+1). */
export function moveField(fields: readonly ExportFieldId[], index: number, step: -1 | 1): ExportFieldId[] {
  const next = [...fields];
  const other = index + step;
  const a = next[index];
  const b = next[other];
  if (a === undefined || b === undefined) return next;
  next[index] = b;
  next[other] = a;
  return next;
}

/**
 * The chosen fields after a group's checkboxes changed: those still chosen keep their place, new
 * ones go to the end.
 */
export function withGroupChoice(
  chosen: readonly ExportFieldId[],
  groupFields: readonly ExportFieldId[],
  groupValue: readonly ExportFieldId[],
): ExportFieldId[] {
  const kept = chosen.filter((id) => !groupFields.includes(id) || groupValue.includes(id));
  const added = groupValue.filter((id) => !chosen.includes(id));
  return [...kept, ...added];
}

/** The user's order of every field: the chosen ones first in export order, then the rest as before. */
export function fullOrder(chosen: readonly ExportFieldId[], order: readonly ExportFieldId[]): ExportFieldId[] {
  return [...chosen, ...order.filter((id) => !chosen.includes(id))];
}
