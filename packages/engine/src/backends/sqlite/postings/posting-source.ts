import { seekId } from '../id-sets.js';
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

/**
 * One term's positions in one column, read document by document as a phrase or NEAR check asks,
 * and within a document only as far as the check reads: nothing is decoded for the documents
 * it never asks about (segment-store.ts walks the bytes).
 */
export interface PositionCursor {
  /** Moves to `doc`; false when the term is not in it. The documents asked ascend. */
  seek(doc: number): boolean;
  /** The next position in the document found by the last (true) seek, ascending; POSITIONS_END after the last. */
  next(): number;
}

/** Past every position: what PositionCursor.next answers at a document's end. */
export const POSITIONS_END = 0x7fffffff;

export interface PostingSource {
  /** Documents whose column holds the token, ascending; a kept list may be handed out as it is, so read only. */
  docs(column: FtsColumn, token: string): Int32Array;
  /** Documents whose column holds a token starting with `prefix`, ascending (read only, as docs). */
  prefixDocs(column: FtsColumn, prefix: string): Int32Array;
  /** The token's positions in the column. */
  cursor(column: FtsColumn, token: string): PositionCursor;
  /** The positions of every token starting with `prefix` in the column, each document's merged. */
  prefixCursor(column: FtsColumn, prefix: string): PositionCursor;
  /**
   * How often the token occurs in the column of each of `within` (ascending; 0 where absent),
   * without reading positions: BM25F's term frequencies (own-rank.ts). Optional: without it they
   * are counted from `cursor`.
   */
  counts?(column: FtsColumn, token: string, within: Int32Array): Int32Array;
  /** The same for every token starting with `prefix`, summed per document. */
  prefixCounts?(column: FtsColumn, prefix: string, within: Int32Array): Int32Array;
}

export const NO_POSTINGS: TermPostings = {
  ids: new Int32Array(0),
  offsets: new Int32Array(1),
  positions: new Int32Array(0),
};

/** Positions of one document, grown in place and reused across documents. */
export class PositionList {
  values = new Int32Array(16);
  length = 0;

  /** Room for `more` values after `length`. */
  reserve(more: number): Int32Array {
    if (this.length + more > this.values.length) {
      const grown = new Int32Array(Math.max(this.values.length * 2, this.length + more));
      grown.set(this.values.subarray(0, this.length));
      this.values = grown;
    }
    return this.values;
  }
}

export { seekId };

/** A cursor over a decoded list (memory-source.ts). */
export class ListCursor implements PositionCursor {
  private i = 0;
  private at = 0;
  private end = 0;

  constructor(private readonly list: TermPostings) {}

  seek(doc: number): boolean {
    const { ids, offsets } = this.list;
    this.i = seekId(ids, this.i, doc);
    if (ids[this.i] !== doc) return false;
    this.at = offsets[this.i] as number;
    this.end = offsets[this.i + 1] as number;
    return true;
  }

  next(): number {
    return this.at < this.end ? (this.list.positions[this.at++] as number) : POSITIONS_END;
  }
}

/** Several terms' cursors as one (a prefix's tokens): a document's positions of all of them, in order. */
export class MergedCursor implements PositionCursor {
  private readonly merged = new PositionList();
  private at = 0;

  constructor(private readonly cursors: readonly PositionCursor[]) {}

  seek(doc: number): boolean {
    const merged = this.merged;
    merged.length = 0;
    this.at = 0;
    for (const cursor of this.cursors) {
      if (!cursor.seek(doc)) continue;
      for (let p = cursor.next(); p !== POSITIONS_END; p = cursor.next()) {
        merged.reserve(1)[merged.length++] = p;
      }
    }
    // A position holds one token: no duplicates, only the order to restore.
    merged.values.subarray(0, merged.length).sort();
    return merged.length > 0;
  }

  next(): number {
    return this.at < this.merged.length ? (this.merged.values[this.at++] as number) : POSITIONS_END;
  }
}

/** A cursor's positions in the documents `ids` (ascending) as one list: what tests compare. */
export function readPostings(cursor: PositionCursor, ids: Int32Array): TermPostings {
  const found: number[] = [];
  const offsets = [0];
  const positions = new PositionList();
  for (const id of ids) {
    if (!cursor.seek(id)) continue;
    for (let p = cursor.next(); p !== POSITIONS_END; p = cursor.next()) positions.reserve(1)[positions.length++] = p;
    found.push(id);
    offsets.push(positions.length);
  }
  return {
    ids: Int32Array.from(found),
    offsets: Int32Array.from(offsets),
    positions: positions.values.slice(0, positions.length),
  };
}

/**
 * Tokens of a text as FTS5's `unicode61 remove_diacritics 0` tokenizer cuts them (index-schema.ts):
 * runs of letters, digits and private-use characters (its default categories `L* N* Co`), folded
 * to lower case. The index's token strings and the MATCH's quoted strings both go through it.
 */
export function unicode61Tokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN_RUN) ?? [];
}

const TOKEN_RUN = /[\p{L}\p{N}\p{Co}]+/gu;
