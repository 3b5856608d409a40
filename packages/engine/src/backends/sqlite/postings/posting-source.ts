import type { FtsColumn } from '../index-schema.js';

/**
 * The engine's own postings (issue 44): what the MATCH evaluator (match-eval.ts) reads, whoever
 * stores it. segment-store.ts keeps them in the index file beside FTS5; memory-source.ts builds
 * them from token strings for tests. Positions are token indexes within one column of one
 * document, as FTS5 counts them (index-tokens.ts: one token per unit).
 */
export interface TermPostings {
  /** Ascending document ids. */
  readonly ids: Int32Array;
  /** The positions of document ids[i] are positions[offsets[i] .. offsets[i + 1]), ascending. */
  readonly offsets: Int32Array;
  readonly positions: Int32Array;
}

export interface PostingSource {
  /** Documents whose column holds the token, ascending. */
  docs(column: FtsColumn, token: string): Int32Array;
  /** Documents whose column holds a token starting with `prefix`, ascending. */
  prefixDocs(column: FtsColumn, prefix: string): Int32Array;
  /**
   * The token's postings in the column, with positions. With `within` (ascending ids), only
   * those documents need be in it: the others' positions are skipped, not decoded.
   */
  postings(column: FtsColumn, token: string, within?: Int32Array): TermPostings;
  /** Every token starting with `prefix` in the column, as one list: each document's positions merged. */
  prefixPostings(column: FtsColumn, prefix: string, within?: Int32Array): TermPostings;
  /**
   * How often the token occurs in the column of each of `within` (ascending; 0 where absent),
   * without reading positions: BM25F's term frequencies (own-rank.ts). Optional: without it they
   * are counted from `postings`.
   */
  counts?(column: FtsColumn, token: string, within: Int32Array): Int32Array;
}

export const NO_POSTINGS: TermPostings = {
  ids: new Int32Array(0),
  offsets: new Int32Array(1),
  positions: new Int32Array(0),
};

/**
 * Tokens of a text as FTS5's `unicode61 remove_diacritics 0` tokenizer cuts them (index-schema.ts):
 * runs of letters, digits and private-use characters (its default categories `L* N* Co`), folded
 * to lower case. The index's token strings and the MATCH's quoted strings both go through it.
 */
export function unicode61Tokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN_RUN) ?? [];
}

const TOKEN_RUN = /[\p{L}\p{N}\p{Co}]+/gu;
