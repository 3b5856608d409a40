import type Database from 'better-sqlite3';
import { isCjkChar } from '../../../analysis/text-normalise.js';
import { FTS_COLUMNS } from '../index-schema.js';
import { unicode61Tokens } from './posting-source.js';
import { CHAR_LIST_MARK, decodeIds, segmentOwners, type SegmentRow } from './segment-store.js';
import { ByteSink, ByteSource, encodeIds } from './varint.js';

/** A document as the writer indexes it: its id and its token strings in FTS_COLUMNS order. */
export interface PostingDoc {
  readonly id: number;
  readonly fts: readonly string[];
}

/** A level merges into one segment of the next once it holds this many. */
export const MERGE_FACTOR = 8;

/** One (column, token)'s postings while a segment is built or merged. */
interface Accumulator {
  ids: number[];
  freqs: number[];
  /** Positions, absolute within each document. */
  positions: number[];
  last: number;
}

const newAccumulator = (): Accumulator => ({ ids: [], freqs: [], positions: [], last: -1 });

/**
 * Writes the engine's own postings (segment-store.ts): a segment per write, in the caller's
 * transaction, and merges of a level's segments in transactions of their own, so a crash during a
 * merge leaves the segments it read (kill -9 then verify: nothing to repair).
 */
export class PostingsWriter {
  private readonly stmt;
  private readonly sink = new ByteSink();
  private readonly posSink = new ByteSink();

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      nextSeg: db.prepare('SELECT coalesce(max(seg), 0) + 1, coalesce(max(ord), 0) + 1 FROM post_segs').raw(),
      insertSeg: db.prepare(
        'INSERT INTO post_segs (seg, ord, level, ndocs, docs, ndead, dead) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      insertRow: db.prepare('INSERT INTO post (col, term, seg, n, docs, freqs, pos) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      segments: db.prepare('SELECT seg, ord, level, ndocs, docs, ndead, dead FROM post_segs'),
      levels: db
        .prepare('SELECT level, count(*) FROM post_segs GROUP BY level HAVING count(*) >= ? ORDER BY level')
        .raw(),
      page: db
        .prepare(
          'SELECT col, term, n, docs, freqs, pos FROM post WHERE seg = ? AND (col, term) > (?, ?) ORDER BY col, term LIMIT ?',
        )
        .raw(),
      dropRows: db.prepare('DELETE FROM post WHERE seg = ?'),
      dropSeg: db.prepare('DELETE FROM post_segs WHERE seg = ?'),
    };
  }

  /**
   * A segment holding these documents' postings (written or rewritten) and the removal of `dead`,
   * in the caller's transaction.
   */
  writeSegment(docs: readonly PostingDoc[], dead: readonly number[] = []): void {
    if (docs.length === 0 && dead.length === 0) return;
    const [seg, ord] = this.stmt.nextSeg.get() as [number, number];
    const sorted = [...docs].sort((a, b) => a.id - b.id);
    const columns = FTS_COLUMNS.map(() => new Map<string, Accumulator>());
    for (const doc of sorted) {
      for (let c = 0; c < columns.length; c++) {
        const text = doc.fts[c];
        if (text) addTokens(columns[c] as Map<string, Accumulator>, doc.id, unicode61Tokens(text));
      }
    }
    for (let c = 0; c < columns.length; c++) {
      const terms = [...(columns[c] as Map<string, Accumulator>).entries()].sort((a, b) => compareTerms(a[0], b[0]));
      for (const [term, acc] of terms) this.insertRow(c, term, seg, acc);
    }
    const deadIds = Int32Array.from(new Set(dead)).sort();
    this.stmt.insertSeg.run(
      seg,
      ord,
      0,
      sorted.length,
      encodeIds(
        sorted.map((d) => d.id),
        this.sink,
      ),
      deadIds.length,
      encodeIds(deadIds, this.sink),
    );
  }

  /** Merges every level that holds MERGE_FACTOR segments, lowest first (each merge its own transaction). */
  mergeFull(): void {
    for (;;) {
      const full = this.stmt.levels.all(MERGE_FACTOR) as [number, number][];
      if (full.length === 0) return;
      this.db.transaction(() => this.mergeLevel((full[0] as [number, number])[0])).immediate();
    }
  }

  /** Merges all segments into one (after a bulk load): each token then has one row. */
  mergeAll(): void {
    const segments = this.stmt.segments.all() as SegmentRow[];
    if (segments.length <= 1 && segments.every((s) => s.ndead === 0)) return;
    this.db
      .transaction(() => this.merge(segments, segments, Math.max(...segments.map((s) => s.level)) + 1))
      .immediate();
  }

  private mergeLevel(level: number): void {
    const segments = this.stmt.segments.all() as SegmentRow[];
    const members = segments.filter((s) => s.level === level);
    if (members.length >= 2) this.merge(segments, members, level + 1);
  }

  /**
   * Replaces `members` (a run of segments adjacent in age) by one segment: each token's live
   * entries, read a page at a time from each member in (column, token) order.
   */
  private merge(all: readonly SegmentRow[], members: readonly SegmentRow[], level: number): void {
    const { owner, stale } = segmentOwners(all);
    const oldest = Math.min(...all.map((s) => s.ord));
    const dropsTombstones = members.some((m) => m.ord === oldest);
    const [seg] = this.stmt.nextSeg.get() as [number, number];
    const ord = Math.max(...members.map((m) => m.ord));
    const cursors = members.map((m) => new PageCursor(this.stmt.page, m.seg));
    for (;;) {
      let head: [number, string] | undefined;
      for (const c of cursors) {
        const row = c.peek();
        if (row && (!head || row[0] < head[0] || (row[0] === head[0] && compareTerms(row[1], head[1]) < 0)))
          head = [row[0], row[1]];
      }
      if (!head) break;
      const parts: { seg: number; row: PageRow }[] = [];
      for (let k = 0; k < cursors.length; k++) {
        const row = (cursors[k] as PageCursor).peek();
        if (row && row[0] === head[0] && row[1] === head[1]) {
          parts.push({ seg: (members[k] as SegmentRow).seg, row });
          (cursors[k] as PageCursor).advance();
        }
      }
      if (parts.every((p) => !stale.has(p.seg))) {
        // Every entry is live: the ids are re-gapped, counts and positions copied as they are.
        const merged = concatenated(parts.map((p) => p.row));
        if (merged) {
          this.stmt.insertRow.run(
            head[0],
            head[1],
            seg,
            merged.n,
            encodeIds(merged.ids, this.sink),
            merged.freqs,
            merged.pos,
          );
          continue;
        }
      }
      const acc = newAccumulator();
      appendLive(acc, parts, owner);
      if (acc.ids.length > 0) this.insertRow(head[0], head[1], seg, acc);
    }
    const docs: number[] = [];
    const dead: number[] = [];
    for (const m of members) {
      for (const id of decodeIds(m.docs, m.ndocs)) if (owner[id] === m.seg) docs.push(id);
      if (!dropsTombstones) for (const id of decodeIds(m.dead, m.ndead)) if (owner[id] === -m.seg) dead.push(id);
    }
    docs.sort((a, b) => a - b);
    dead.sort((a, b) => a - b);
    for (const m of members) {
      this.stmt.dropRows.run(m.seg);
      this.stmt.dropSeg.run(m.seg);
    }
    this.stmt.insertSeg.run(
      seg,
      ord,
      level,
      docs.length,
      encodeIds(docs, this.sink),
      dead.length,
      encodeIds(dead, this.sink),
    );
  }

  private insertRow(col: number, term: string, seg: number, acc: Accumulator): void {
    const docs = encodeIds(acc.ids, this.sink);
    let freqs: Buffer;
    let pos: Buffer;
    if (term.startsWith(CHAR_LIST_MARK)) {
      freqs = EMPTY;
      pos = EMPTY;
    } else {
      let at = 0;
      for (const f of acc.freqs) {
        this.sink.push(f);
        let last = 0;
        for (let k = 0; k < f; k++) {
          const p = acc.positions[at++] as number;
          this.posSink.push(p - last);
          last = p;
        }
      }
      freqs = this.sink.take();
      pos = this.posSink.take();
    }
    this.stmt.insertRow.run(col, term, seg, acc.ids.length, docs, freqs, pos);
  }
}

const EMPTY = Buffer.alloc(0);

/** SQLite's BINARY order of TEXT (UTF-8 bytes), which the merge's pages follow. */
function compareTerms(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function addTokens(terms: Map<string, Accumulator>, id: number, tokens: readonly string[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    let acc = terms.get(token);
    if (!acc) terms.set(token, (acc = newAccumulator()));
    if (acc.last !== id) {
      acc.ids.push(id);
      acc.freqs.push(1);
      acc.last = id;
    } else {
      const f = acc.freqs;
      f[f.length - 1] = (f[f.length - 1] as number) + 1;
    }
    acc.positions.push(i);
    const first = token.codePointAt(0) as number;
    if (first >= 0x2e80) {
      const ch = String.fromCodePoint(first);
      if (isCjkChar(ch)) {
        const key = CHAR_LIST_MARK + ch;
        let chars = terms.get(key);
        if (!chars) terms.set(key, (chars = newAccumulator()));
        if (chars.last !== id) {
          chars.ids.push(id);
          chars.freqs.push(0);
          chars.last = id;
        }
      }
    }
  }
}

type PageRow = [col: number, term: string, n: number, docs: Buffer, freqs: Buffer, pos: Buffer];

const PAGE_ROWS = 256;

/** One member segment's rows in (column, token) order, a page at a time (no statement left open while writing). */
class PageCursor {
  private rows: PageRow[] = [];
  private at = 0;
  private exhausted = false;
  private lastKey: [number, string] = [-1, ''];

  constructor(
    private readonly page: Database.Statement,
    private readonly seg: number,
  ) {}

  peek(): PageRow | undefined {
    if (this.at >= this.rows.length && !this.exhausted) {
      this.rows = this.page.all(this.seg, this.lastKey[0], this.lastKey[1], PAGE_ROWS) as PageRow[];
      this.at = 0;
      if (this.rows.length < PAGE_ROWS) this.exhausted = true;
      const last = this.rows[this.rows.length - 1];
      if (last) this.lastKey = [last[0], last[1]];
    }
    return this.rows[this.at];
  }

  advance(): void {
    this.at++;
  }
}

/** Rows whose id ranges follow each other, as one: undefined when they interleave. */
function concatenated(
  rows: readonly PageRow[],
): { n: number; ids: Int32Array; freqs: Buffer; pos: Buffer } | undefined {
  if (rows.length === 1) {
    const [, , n, docs, freqs, pos] = rows[0] as PageRow;
    return { n, ids: decodeIds(docs, n), freqs, pos };
  }
  const lists = rows.map((r) => decodeIds(r[3], r[2]));
  lists.sort((a, b) => (a[0] as number) - (b[0] as number));
  const order = rows.map((_, i) => i).sort((a, b) => decodeFirst(rows[a] as PageRow) - decodeFirst(rows[b] as PageRow));
  for (let k = 1; k < lists.length; k++) {
    const prev = lists[k - 1] as Int32Array;
    if ((prev[prev.length - 1] as number) >= ((lists[k] as Int32Array)[0] as number)) return undefined;
  }
  let n = 0;
  for (const l of lists) n += l.length;
  const ids = new Int32Array(n);
  let at = 0;
  for (const l of lists) {
    ids.set(l, at);
    at += l.length;
  }
  return {
    n,
    ids,
    freqs: Buffer.concat(order.map((i) => (rows[i] as PageRow)[4])),
    pos: Buffer.concat(order.map((i) => (rows[i] as PageRow)[5])),
  };
}

/** The first id of a row's list. */
function decodeFirst(row: PageRow): number {
  return new ByteSource(row[3]).next();
}

/** The members' entries of one token whose document version is the member's own, in id order. */
function appendLive(acc: Accumulator, parts: readonly { seg: number; row: PageRow }[], owner: Int32Array): void {
  const entries: { id: number; positions: number[] }[] = [];
  const charList = parts.some((p) => p.row[1].startsWith(CHAR_LIST_MARK));
  for (const { seg, row } of parts) {
    const [, , n, docs, freqs, pos] = row;
    const ids = decodeIds(docs, n);
    const f = new ByteSource(freqs);
    const p = new ByteSource(pos);
    for (let i = 0; i < n; i++) {
      const id = ids[i] as number;
      const count = charList ? 0 : f.next();
      const live = owner[id] === seg;
      const positions: number[] = [];
      let last = 0;
      for (let k = 0; k < count; k++) {
        last += p.next();
        if (live) positions.push(last);
      }
      if (live) entries.push({ id, positions });
    }
  }
  if (parts.length > 1) entries.sort((a, b) => a.id - b.id);
  for (const e of entries) {
    acc.ids.push(e.id);
    acc.freqs.push(e.positions.length);
    for (const q of e.positions) acc.positions.push(q);
  }
}
