import type Database from 'better-sqlite3';
import { isCjkChar } from '../../../analysis/text-normalise.js';
import { unionAll } from '../id-sets.js';
import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { NO_POSTINGS, type PostingSource, type TermPostings } from './posting-source.js';
import { ByteSource, decodeIdsInto } from './varint.js';

export { POSTINGS_SCHEMA } from './postings-schema.js';

/** The token under which a CJK character's document list is kept (no token of unicode61 starts with it). */
export const CHAR_LIST_MARK = '\u0001';

export function isLoneCjkChar(prefix: string): boolean {
  const chars = Array.from(prefix);
  return chars.length === 1 && isCjkChar(chars[0] as string);
}

export const COLUMN_NO: Readonly<Record<FtsColumn, number>> = Object.fromEntries(
  FTS_COLUMNS.map((c, i) => [c, i]),
) as Record<FtsColumn, number>;

/** Past every token starting with a prefix, in SQLite's BINARY (UTF-8) order. */
export const PREFIX_END = '\u{10FFFF}';

export interface SegmentRow {
  readonly seg: number;
  readonly ord: number;
  readonly level: number;
  readonly ndocs: number;
  readonly docs: Buffer;
  readonly ndead: number;
  readonly dead: Buffer;
}

export function decodeIds(bytes: Uint8Array, n: number): Int32Array {
  const out = new Int32Array(n);
  decodeIdsInto(bytes, n, out, 0);
  return out;
}

/**
 * Which segment holds each document's live version: `owner[id]` is the segment number, minus it
 * when that segment removed the document, 0 when no segment knows it. `stale` holds the segments
 * with entries another (newer) segment overrides: only their entries are checked on read.
 */
export interface SegmentOwners {
  readonly owner: Int32Array;
  readonly stale: ReadonlySet<number>;
}

export function segmentOwners(segments: readonly SegmentRow[]): SegmentOwners {
  const lists = segments.map((s) => ({ s, docs: decodeIds(s.docs, s.ndocs), dead: decodeIds(s.dead, s.ndead) }));
  let max = 0;
  for (const l of lists) {
    if (l.docs.length > 0) max = Math.max(max, l.docs[l.docs.length - 1] as number);
    if (l.dead.length > 0) max = Math.max(max, l.dead[l.dead.length - 1] as number);
  }
  const owner = new Int32Array(max + 1);
  const stale = new Set<number>();
  // Newest first: the first segment to claim a document holds its live version.
  for (const { s, docs, dead } of [...lists].sort((a, b) => b.s.ord - a.s.ord)) {
    for (let i = 0; i < dead.length; i++) {
      const id = dead[i] as number;
      if (owner[id] === 0) owner[id] = -s.seg;
    }
    for (let i = 0; i < docs.length; i++) {
      const id = docs[i] as number;
      if (owner[id] === 0) owner[id] = s.seg;
      else if (owner[id] !== s.seg) stale.add(s.seg);
    }
  }
  return { owner, stale };
}

interface SegmentView {
  readonly signature: string;
  readonly owners: SegmentOwners;
}

type TermRow = [seg: number, n: number, docs: Buffer];
type FullRow = [seg: number, n: number, docs: Buffer, freqs: Buffer, pos: Buffer];
type PrefixRow = [term: string, seg: number, n: number, docs: Buffer];
type FullPrefixRow = [term: string, seg: number, n: number, docs: Buffer, freqs: Buffer, pos: Buffer];

/** Reads the postings of one connection (PostingSource); call `refresh` inside the read transaction first. */
export class SegmentPostings implements PostingSource {
  private readonly stmt;
  private view: SegmentView | undefined;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      signature: db.prepare("SELECT group_concat(seg || ':' || ndocs || ':' || ndead, ',') FROM post_segs").pluck(),
      segments: db.prepare('SELECT seg, ord, level, ndocs, docs, ndead, dead FROM post_segs'),
      term: db.prepare('SELECT seg, n, docs FROM post WHERE col = ? AND term = ?').raw(),
      termFull: db.prepare('SELECT seg, n, docs, freqs, pos FROM post WHERE col = ? AND term = ?').raw(),
      prefix: db.prepare('SELECT term, seg, n, docs FROM post WHERE col = ? AND term >= ? AND term < ?').raw(),
      prefixFull: db
        .prepare('SELECT term, seg, n, docs, freqs, pos FROM post WHERE col = ? AND term >= ? AND term < ?')
        .raw(),
    };
  }

  /** Runs `read` in one read transaction, with the segments' owners of that snapshot. */
  read<T>(read: () => T): T {
    const run = (): T => {
      this.refresh();
      return read();
    };
    return this.db.inTransaction ? run() : this.db.transaction(run).deferred();
  }

  /** Reloads the owners when the segments changed (another connection wrote or merged). */
  private refresh(): void {
    const signature = (this.stmt.signature.get() as string | null) ?? '';
    if (this.view?.signature === signature) return;
    this.view = { signature, owners: segmentOwners(this.stmt.segments.all() as SegmentRow[]) };
  }

  private owners(): SegmentOwners {
    if (!this.view) this.refresh();
    return (this.view as SegmentView).owners;
  }

  docs(column: FtsColumn, token: string): Int32Array {
    return this.idsOf(this.stmt.term.all(COLUMN_NO[column], token) as TermRow[]);
  }

  prefixDocs(column: FtsColumn, prefix: string): Int32Array {
    if (isLoneCjkChar(prefix)) return this.docs(column, CHAR_LIST_MARK + prefix);
    const rows = this.stmt.prefix.all(COLUMN_NO[column], prefix, prefix + PREFIX_END) as PrefixRow[];
    const byTerm = new Map<string, TermRow[]>();
    for (const [term, seg, n, docs] of rows) {
      const list = byTerm.get(term) ?? [];
      list.push([seg, n, docs]);
      byTerm.set(term, list);
    }
    return unionAll([...byTerm.values()].map((r) => this.idsOf(r)));
  }

  postings(column: FtsColumn, token: string): TermPostings {
    return this.postingsOf(this.stmt.termFull.all(COLUMN_NO[column], token) as FullRow[]);
  }

  prefixPostings(column: FtsColumn, prefix: string): TermPostings {
    const rows = this.stmt.prefixFull.all(COLUMN_NO[column], prefix, prefix + PREFIX_END) as FullPrefixRow[];
    const byTerm = new Map<string, FullRow[]>();
    for (const [term, ...row] of rows) {
      const list = byTerm.get(term) ?? [];
      list.push(row);
      byTerm.set(term, list);
    }
    return mergePostings([...byTerm.values()].map((r) => this.postingsOf(r)));
  }

  /** A token's documents over its segments' rows: live entries only, ascending. */
  private idsOf(rows: readonly TermRow[]): Int32Array {
    if (rows.length === 0) return new Int32Array(0);
    const { owner, stale } = this.owners();
    let total = 0;
    for (const r of rows) total += r[1];
    const out = new Int32Array(total);
    let at = 0;
    let sorted = true;
    for (const [seg, n, docs] of rows) {
      const from = at;
      at = decodeIdsInto(docs, n, out, at);
      if (stale.has(seg)) {
        let kept = from;
        for (let i = from; i < at; i++) {
          const id = out[i] as number;
          if (owner[id] === seg) out[kept++] = id;
        }
        at = kept;
      }
      if (from > 0 && at > from && (out[from] as number) < (out[from - 1] as number)) sorted = false;
    }
    const ids = at === total ? out : out.slice(0, at);
    return sorted ? ids : ids.sort();
  }

  private postingsOf(rows: readonly FullRow[]): TermPostings {
    if (rows.length === 0) return NO_POSTINGS;
    const { owner, stale } = this.owners();
    const parts = rows.map(([seg, n, docs, freqs, pos]) =>
      decodePostings(n, docs, freqs, pos, stale.has(seg) ? (id) => owner[id] === seg : undefined),
    );
    return mergePostings(parts);
  }
}

/** One row's postings, keeping the documents `keep` accepts (all without it). */
export function decodePostings(
  n: number,
  docs: Uint8Array,
  freqs: Uint8Array,
  pos: Uint8Array,
  keep?: (id: number) => boolean,
): TermPostings {
  const ids = decodeIds(docs, n);
  const f = new ByteSource(freqs);
  const p = new ByteSource(pos);
  const offsets = new Int32Array(n + 1);
  // Sized from the stream: every position takes at least one byte.
  let positions = new Int32Array(pos.length);
  let kept = 0;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    const count = f.next();
    const take = keep === undefined || keep(id);
    let last = 0;
    if (take) {
      ids[kept] = id;
      offsets[kept] = at;
    }
    for (let k = 0; k < count; k++) {
      last += p.next();
      if (take) positions[at++] = last;
    }
    if (take) kept++;
  }
  offsets[kept] = at;
  positions = positions.subarray(0, at);
  return kept === n
    ? { ids, offsets, positions }
    : { ids: ids.slice(0, kept), offsets: offsets.slice(0, kept + 1), positions };
}

/** Several lists as one: documents united, each document's positions merged in order. */
export function mergePostings(parts: readonly TermPostings[]): TermPostings {
  const lists = parts.filter((p) => p.ids.length > 0);
  if (lists.length === 0) return NO_POSTINGS;
  if (lists.length === 1) return lists[0] as TermPostings;
  const ids = unionAll(lists.map((l) => l.ids));
  let total = 0;
  for (const l of lists) total += l.positions.length;
  const offsets = new Int32Array(ids.length + 1);
  const positions = new Int32Array(total);
  const cursor = new Int32Array(lists.length);
  let at = 0;
  for (let d = 0; d < ids.length; d++) {
    const id = ids[d] as number;
    offsets[d] = at;
    const from = at;
    for (let k = 0; k < lists.length; k++) {
      const l = lists[k] as TermPostings;
      const c = cursor[k] as number;
      if (c < l.ids.length && l.ids[c] === id) {
        for (let q = l.offsets[c] as number; q < (l.offsets[c + 1] as number); q++)
          positions[at++] = l.positions[q] as number;
        cursor[k] = c + 1;
      }
    }
    if (at - from > 1) positions.subarray(from, at).sort();
  }
  offsets[ids.length] = at;
  return { ids, offsets, positions: positions.subarray(0, at) };
}
