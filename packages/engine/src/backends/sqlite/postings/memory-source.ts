import { unionAll } from '../id-sets.js';
import type { FtsColumn } from '../index-schema.js';
import {
  ListCursor,
  MergedCursor,
  NO_POSTINGS,
  unicode61Tokens,
  type PostingSource,
  type TermPostings,
} from './posting-source.js';

/** A document as the FTS5 table receives it: each column's token string (index-tokens.ts). */
export interface MemoryDocument {
  readonly id: number;
  readonly columns: Partial<Record<FtsColumn, string>>;
}

/**
 * Postings built in memory from token strings, cut as FTS5's unicode61 tokenizer cuts them: the
 * reference the evaluator's tests compare with FTS5 (match-eval.test.ts). Not for large corpora:
 * a prefix scans the column's vocabulary.
 */
export function memoryPostingSource(documents: readonly MemoryDocument[]): PostingSource {
  const byColumn = new Map<FtsColumn, Map<string, { ids: number[]; positions: number[][] }>>();
  const ordered = [...documents].sort((a, b) => a.id - b.id);
  for (const doc of ordered) {
    for (const [column, text] of Object.entries(doc.columns) as [FtsColumn, string | undefined][]) {
      if (!text) continue;
      let vocabulary = byColumn.get(column);
      if (!vocabulary) byColumn.set(column, (vocabulary = new Map()));
      unicode61Tokens(text).forEach((token, position) => {
        let entry = vocabulary.get(token);
        if (!entry) vocabulary.set(token, (entry = { ids: [], positions: [] }));
        if (entry.ids.at(-1) !== doc.id) {
          entry.ids.push(doc.id);
          entry.positions.push([]);
        }
        (entry.positions.at(-1) as number[]).push(position);
      });
    }
  }
  const postingsOf = (ids: readonly number[], positions: readonly (readonly number[])[]): TermPostings => {
    const offsets = new Int32Array(ids.length + 1);
    positions.forEach((p, i) => (offsets[i + 1] = (offsets[i] as number) + p.length));
    return { ids: Int32Array.from(ids), offsets, positions: Int32Array.from(positions.flat()) };
  };
  const lists = new Map<FtsColumn, Map<string, TermPostings>>();
  for (const [column, vocabulary] of byColumn) {
    const terms = new Map<string, TermPostings>();
    for (const [token, { ids, positions }] of vocabulary) terms.set(token, postingsOf(ids, positions));
    lists.set(column, terms);
  }
  const withPrefix = (column: FtsColumn, prefix: string): TermPostings[] =>
    [...(lists.get(column) ?? new Map<string, TermPostings>())]
      .filter(([token]) => token.startsWith(prefix))
      .map(([, postings]) => postings);
  const postings = (column: FtsColumn, token: string): TermPostings => lists.get(column)?.get(token) ?? NO_POSTINGS;
  return {
    docs: (column, token) => postings(column, token).ids,
    prefixDocs: (column, prefix) => {
      const matching = withPrefix(column, prefix);
      return matching.length === 0 ? NO_POSTINGS.ids : unionAll(matching.map((p) => p.ids));
    },
    cursor: (column, token) => new ListCursor(postings(column, token)),
    prefixCursor: (column, prefix) => new MergedCursor(withPrefix(column, prefix).map((p) => new ListCursor(p))),
  };
}
