import type Database from 'better-sqlite3';
import { FTS_COLUMNS } from '../index-schema.js';
import { unicode61Tokens } from './posting-source.js';
import {
  BlockReader,
  BlockWriter,
  BLOCK_BYTES,
  entryKey,
  INLINE_POSITIONS,
  keyBytes,
  OWN_BLOCK_BYTES,
  PositionsAt,
  type Entry,
} from './segment-blocks.js';
import {
  CHAR_LIST_MARK,
  decodeIds,
  decodeLengths,
  LENGTH_COLUMNS,
  segmentOwners,
  type SegmentRow,
} from './segment-store.js';
import { encodeSkips, SKIP_MIN } from './segment-skips.js';
import { ByteSink, ByteSource, encodeIds } from './varint.js';

/** A document as the writer indexes it: its id and its token strings in FTS_COLUMNS order. */
export interface PostingDoc {
  readonly id: number;
  readonly fts: readonly string[];
}

/** A token whose first character is at or above this has a character list (native/patlas-postings.c). */
const CHAR_LIST_FROM = 0x1100;

/** A level merges into one segment of the next once it holds this many. */
export const MERGE_FACTOR = 10;

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
  private readonly stmt: WriterStatements;
  private readonly sink = new ByteSink();
  private readonly posSink = new ByteSink();

  /**
   * Whether entries are written and merged in C (native/patlas-segments.c), byte for byte as below:
   * on every connection that loaded the engine's extension, which the engine's own always do. This
   * file's JavaScript stays the reference the tests compare with, and the path of a merge whose
   * members hold replaced documents.
   */
  readonly native: boolean;
  private readonly nativeWrite: Database.Statement | undefined;
  private readonly nativeMerges = new Map<number, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    options: { native?: boolean } = {},
  ) {
    this.native = options.native ?? hasNativeSegments(db);
    this.nativeWrite = this.native ? db.prepare('SELECT patlas_post_write(?, ?)') : undefined;
    this.stmt = {
      nextSeg: db.prepare('SELECT coalesce(max(seg), 0) + 1, coalesce(max(ord), 0) + 1 FROM post_segs').raw(),
      insertSeg: db.prepare(
        'INSERT INTO post_segs (seg, ord, level, ndocs, docs, ndead, dead, lens) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertBlock: db.prepare('INSERT INTO post_blocks (seg, key, data) VALUES (?, ?, ?)'),
      insertPositions: db.prepare('INSERT INTO post_pos (seg, key, pos) VALUES (?, ?, ?)'),
      insertSkips: db.prepare('INSERT INTO post_skips (seg, key, data) VALUES (?, ?, ?)'),
      segments: db.prepare('SELECT seg, ord, level, ndocs, docs, ndead, dead, lens FROM post_segs'),
      levels: db
        .prepare('SELECT level, count(*) FROM post_segs GROUP BY level HAVING count(*) >= ? ORDER BY level')
        .raw(),
      nextBlock: db.prepare('SELECT key, data FROM post_blocks WHERE seg = ? AND key > ? ORDER BY key LIMIT 1').raw(),
      positions: db.prepare('SELECT pos FROM post_pos WHERE seg = ? AND key = ?').pluck(),
      dropBlocks: db.prepare('DELETE FROM post_blocks WHERE seg = ?'),
      dropPositions: db.prepare('DELETE FROM post_pos WHERE seg = ?'),
      dropSkips: db.prepare('DELETE FROM post_skips WHERE seg = ?'),
      hasSkips: db.prepare('SELECT 1 FROM post_skips WHERE seg = ? LIMIT 1'),
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
    const lengths = new ByteSink();
    for (const doc of sorted) {
      for (let c = 0; c < columns.length; c++) {
        const text = doc.fts[c];
        const tokens = text ? unicode61Tokens(text) : [];
        addTokens(columns[c] as Map<string, Accumulator>, doc.id, tokens);
        if (c < LENGTH_COLUMNS) lengths.push(tokens.length);
      }
    }
    const entries: [string, Accumulator][] = [];
    for (let c = 0; c < columns.length; c++) {
      for (const [token, acc] of columns[c] as Map<string, Accumulator>) entries.push([entryKey(c, token), acc]);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const out = new SegmentOutput(this.stmt, seg);
    for (const [key, acc] of entries) this.addAccumulated(out, keyBytes(key), acc);
    out.flush();
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
      lengths.take(),
    );
  }

  /**
   * A segment of the entries the postings collector recorded (native/patlas-postings.c: the
   * block entry format, sorted by key) for the documents `ids` (ascending, as the collector was
   * given them), with their field lengths (`patlas_post_lengths()`), in the caller's transaction.
   */
  writeCollected(entries: Buffer | null, ids: readonly number[], lengths: Buffer): void {
    if (ids.length === 0) return;
    const [seg, ord] = this.stmt.nextSeg.get() as [number, number];
    if (this.nativeWrite) {
      this.nativeWrite.get(seg, entries ?? EMPTY);
    } else {
      const out = new SegmentOutput(this.stmt, seg);
      const reader = new BlockReader(entries ?? EMPTY);
      for (let e = reader.next(); e; e = reader.next())
        out.add(Buffer.from(e.key), e.n, e.docs, e.freqs, e.positionsAt, e.pos);
      out.flush();
    }
    this.stmt.insertSeg.run(seg, ord, 0, ids.length, encodeIds(ids, this.sink), 0, EMPTY, lengths);
  }

  /**
   * Skip data (segment-skips.ts) for the long entries of every segment written before it, a
   * transaction per segment; answers how many entries got it.
   */
  addSkipData(): number {
    let added = 0;
    for (const { seg } of this.stmt.segments.all() as SegmentRow[]) {
      if (this.stmt.hasSkips.get(seg)) continue;
      this.db
        .transaction(() => {
          const cursor = new BlockCursor(this.stmt, seg);
          const sink = new ByteSink();
          for (let e = cursor.peek(); e; cursor.advance(), e = cursor.peek()) {
            if (e.n < SKIP_MIN) continue;
            const key = Buffer.from(e.key);
            const pos = e.positionsAt === PositionsAt.Apart ? (this.stmt.positions.get(seg, key) as Buffer) : e.pos;
            this.stmt.insertSkips.run(
              seg,
              key,
              encodeSkips(e.n, e.docs, e.freqs, pos, e.positionsAt !== PositionsAt.None, sink),
            );
            added++;
          }
        })
        .immediate();
    }
    return added;
  }

  /** Merges every level that holds MERGE_FACTOR segments, lowest first (each merge its own transaction). */
  mergeFull(): void {
    for (;;) {
      const full = this.stmt.levels.all(MERGE_FACTOR) as [number, number][];
      if (full.length === 0) return;
      this.db.transaction(() => this.mergeLevel((full[0] as [number, number])[0])).immediate();
    }
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
    if (this.native && !members.some((m) => stale.has(m.seg))) this.mergeNative(seg, members);
    else this.mergeEntries(seg, members, owner, stale);
    this.finishMerge(seg, ord, level, members, owner, dropsTombstones);
  }

  /** The members' entries merged in C (native/patlas-segments.c): none holds a replaced document. */
  private mergeNative(seg: number, members: readonly SegmentRow[]): void {
    let merge = this.nativeMerges.get(members.length);
    if (!merge) {
      merge = this.db.prepare(`SELECT patlas_post_merge(?${', ?'.repeat(members.length)})`);
      this.nativeMerges.set(members.length, merge);
    }
    merge.get(seg, ...members.map((m) => m.seg));
  }

  /** The members' entries merged here: each token's live entries, read a block at a time from each member in key order. */
  private mergeEntries(
    seg: number,
    members: readonly SegmentRow[],
    owner: Int32Array,
    stale: ReadonlySet<number>,
  ): void {
    const cursors = members.map((m) => new BlockCursor(this.stmt, m.seg));
    const out = new SegmentOutput(this.stmt, seg);
    for (;;) {
      let head: Uint8Array | undefined;
      for (const c of cursors) {
        const e = c.peek();
        if (e && (!head || Buffer.compare(e.key, head) < 0)) head = e.key;
      }
      if (!head) break;
      const key = Buffer.from(head);
      const parts: Part[] = [];
      for (let k = 0; k < cursors.length; k++) {
        const cursor = cursors[k] as BlockCursor;
        const e = cursor.peek();
        if (e && Buffer.compare(e.key, key) === 0) {
          const seg = (members[k] as SegmentRow).seg;
          const pos = e.positionsAt === PositionsAt.Apart ? (this.stmt.positions.get(seg, key) as Buffer) : e.pos;
          parts.push({ seg, n: e.n, docs: e.docs, freqs: e.freqs, pos, charList: e.positionsAt === PositionsAt.None });
          cursor.advance();
        }
      }
      const charList = (parts[0] as Part).charList;
      const only = parts[0] as Part;
      if (parts.length === 1 && !stale.has(only.seg)) {
        // In one member only and all live (most tokens): the entry as it is.
        out.add(key, only.n, only.docs, only.freqs, charList ? PositionsAt.None : PositionsAt.Inline, only.pos);
        continue;
      }
      if (parts.every((p) => !stale.has(p.seg))) {
        // Every entry is live: the ids are re-gapped, counts and positions copied as they are.
        const merged = concatenated(parts);
        if (merged) {
          out.add(
            key,
            merged.n,
            encodeIds(merged.ids, this.sink),
            merged.freqs,
            charList ? PositionsAt.None : PositionsAt.Inline,
            merged.pos,
          );
          continue;
        }
      }
      const acc = newAccumulator();
      appendLive(acc, parts, owner);
      if (acc.ids.length > 0) this.addAccumulated(out, key, acc, charList);
    }
    out.flush();
  }

  /** The merged segment's row (its live documents with their field lengths, tombstones kept) in place of the members'. */
  private finishMerge(
    seg: number,
    ord: number,
    level: number,
    members: readonly SegmentRow[],
    owner: Int32Array,
    dropsTombstones: boolean,
  ): void {
    // The live documents, each with its field lengths, in id order.
    const live: { id: number; at: number; lens: Uint32Array }[] = [];
    const dead: number[] = [];
    for (const m of members) {
      const ids = decodeIds(m.docs, m.ndocs);
      const lens = decodeLengths(m.lens, m.ndocs);
      for (let i = 0; i < ids.length; i++)
        if (owner[ids[i] as number] === m.seg) live.push({ id: ids[i] as number, at: i, lens });
      if (!dropsTombstones) for (const id of decodeIds(m.dead, m.ndead)) if (owner[id] === -m.seg) dead.push(id);
    }
    live.sort((a, b) => a.id - b.id);
    dead.sort((a, b) => a - b);
    const docs = live.map((d) => d.id);
    const lengths = new ByteSink();
    for (const d of live)
      for (let c = 0; c < LENGTH_COLUMNS; c++) lengths.push(d.lens[d.at * LENGTH_COLUMNS + c] as number);
    for (const m of members) {
      this.stmt.dropBlocks.run(m.seg);
      this.stmt.dropPositions.run(m.seg);
      this.stmt.dropSkips.run(m.seg);
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
      lengths.take(),
    );
  }

  private addAccumulated(out: SegmentOutput, key: Buffer, acc: Accumulator, charList = isCharListKey(key)): void {
    const docs = encodeIds(acc.ids, this.sink);
    if (charList) {
      // A character list: each document's count of tokens starting with the character, no positions.
      for (const f of acc.freqs) this.sink.push(f);
      out.add(key, acc.ids.length, docs, this.sink.take(), PositionsAt.None, EMPTY);
      return;
    }
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
    out.add(key, acc.ids.length, docs, this.sink.take(), PositionsAt.Inline, this.posSink.take());
  }
}

const EMPTY = Buffer.alloc(0);

/** Whether the connection has the engine's extension with its segment functions (native/patlas-segments.c). */
function hasNativeSegments(db: Database.Database): boolean {
  try {
    db.prepare('SELECT patlas_post_merge(0, 0)');
    return true;
  } catch {
    return false;
  }
}

/**
 * Skip data for a file whose postings were written before it (index_meta `skips` absent), once:
 * its segments' long entries are read and their skip data written. Answers how many entries got it.
 */
export function addMissingSkipData(db: Database.Database): number {
  if (db.prepare("SELECT 1 FROM index_meta WHERE key = 'skips'").get()) return 0;
  const added = new PostingsWriter(db).addSkipData();
  db.prepare("INSERT OR IGNORE INTO index_meta (key, value) VALUES ('skips', '1')").run();
  return added;
}

/** A CJK character's list: its key's token starts with CHAR_LIST_MARK (the unit after the column's). */
function isCharListKey(key: Uint8Array): boolean {
  return key.length >= 4 && key[2] === 0 && key[3] === CHAR_LIST_MARK.charCodeAt(0);
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
    // Every character from U+1100 on (the CJK scripts and beyond) has a list, as the collector makes them.
    if (first >= CHAR_LIST_FROM) {
      const key = CHAR_LIST_MARK + String.fromCodePoint(first);
      let chars = terms.get(key);
      if (!chars) terms.set(key, (chars = newAccumulator()));
      if (chars.last !== id) {
        chars.ids.push(id);
        chars.freqs.push(1);
        chars.last = id;
      } else {
        chars.freqs[chars.freqs.length - 1] = (chars.freqs[chars.freqs.length - 1] as number) + 1;
      }
    }
  }
}

/** One member's entry of the key being merged, positions read (inline or apart). */
interface Part {
  readonly seg: number;
  readonly n: number;
  readonly docs: Uint8Array;
  readonly freqs: Uint8Array;
  readonly pos: Uint8Array;
  readonly charList: boolean;
}

type WriterStatements = Readonly<
  Record<
    | 'nextSeg'
    | 'insertSeg'
    | 'insertBlock'
    | 'insertPositions'
    | 'insertSkips'
    | 'segments'
    | 'levels'
    | 'nextBlock'
    | 'positions'
    | 'dropBlocks'
    | 'dropPositions'
    | 'dropSkips'
    | 'hasSkips'
    | 'dropSeg',
    Database.Statement
  >
>;

/**
 * A segment's blocks as they are written: entries packed to BLOCK_BYTES, long ones alone, long
 * positions apart, and a long entry's skip data (segment-skips.ts).
 */
class SegmentOutput {
  private readonly block = new BlockWriter();
  private readonly skipSink = new ByteSink();
  private firstKey: Buffer | undefined;

  constructor(
    private readonly stmt: WriterStatements,
    private readonly seg: number,
  ) {}

  add(key: Buffer, n: number, docs: Uint8Array, freqs: Uint8Array, at: PositionsAt, pos: Uint8Array): void {
    if (n >= SKIP_MIN)
      this.stmt.insertSkips.run(
        this.seg,
        key,
        encodeSkips(n, docs, freqs, pos, at !== PositionsAt.None, this.skipSink),
      );
    let positionsAt = at;
    if (at === PositionsAt.Inline && pos.length > INLINE_POSITIONS) {
      this.stmt.insertPositions.run(this.seg, key, pos);
      positionsAt = PositionsAt.Apart;
    }
    const alone = docs.length + freqs.length > OWN_BLOCK_BYTES;
    if (alone) this.flush();
    this.firstKey ??= key;
    this.block.add(key, n, docs, freqs, positionsAt, positionsAt === PositionsAt.Inline ? pos : EMPTY);
    if (alone || this.block.length >= BLOCK_BYTES) this.flush();
  }

  flush(): void {
    if (!this.firstKey) return;
    this.stmt.insertBlock.run(this.seg, this.firstKey, this.block.take());
    this.firstKey = undefined;
  }
}

/** One member segment's entries in key order, a block at a time (no statement left open while writing). */
class BlockCursor {
  private reader: BlockReader | undefined;
  private entry: Entry | undefined;
  private lastBlockKey: Buffer = Buffer.alloc(0);
  private exhausted = false;

  constructor(
    private readonly stmt: WriterStatements,
    private readonly seg: number,
  ) {}

  peek(): Entry | undefined {
    while (!this.entry && !this.exhausted) {
      this.entry = this.reader?.next();
      if (this.entry) break;
      const row = this.stmt.nextBlock.get(this.seg, this.lastBlockKey) as [Buffer, Buffer] | undefined;
      if (!row) {
        this.exhausted = true;
        break;
      }
      this.lastBlockKey = row[0];
      this.reader = new BlockReader(row[1]);
    }
    return this.entry;
  }

  advance(): void {
    this.entry = undefined;
  }
}

/** Entries whose id ranges follow each other, as one: undefined when they interleave. */
function concatenated(parts: readonly Part[]): { n: number; ids: Int32Array; freqs: Buffer; pos: Buffer } | undefined {
  const lists = parts.map((p) => ({ part: p, ids: decodeIds(p.docs, p.n) }));
  lists.sort((a, b) => (a.ids[0] as number) - (b.ids[0] as number));
  for (let k = 1; k < lists.length; k++) {
    const prev = (lists[k - 1] as (typeof lists)[number]).ids;
    if ((prev[prev.length - 1] as number) >= ((lists[k] as (typeof lists)[number]).ids[0] as number)) return undefined;
  }
  let n = 0;
  for (const l of lists) n += l.ids.length;
  const ids = new Int32Array(n);
  let at = 0;
  for (const l of lists) {
    ids.set(l.ids, at);
    at += l.ids.length;
  }
  return {
    n,
    ids,
    freqs: Buffer.concat(lists.map((l) => l.part.freqs)),
    pos: Buffer.concat(lists.map((l) => l.part.pos)),
  };
}

/** The members' entries of one key whose document version is the member's own, in id order. */
function appendLive(acc: Accumulator, parts: readonly Part[], owner: Int32Array): void {
  const entries: { id: number; count: number; positions: number[] }[] = [];
  for (const { seg, n, docs, freqs, pos, charList } of parts) {
    const ids = decodeIds(docs, n);
    const f = new ByteSource(freqs);
    const p = new ByteSource(pos);
    for (let i = 0; i < n; i++) {
      const id = ids[i] as number;
      const count = f.next();
      const live = owner[id] === seg;
      const positions: number[] = [];
      let last = 0;
      // A character list has counts and no positions.
      for (let k = 0; k < count && !charList; k++) {
        last += p.next();
        if (live) positions.push(last);
      }
      if (live) entries.push({ id, count, positions });
    }
  }
  if (parts.length > 1) entries.sort((a, b) => a.id - b.id);
  for (const e of entries) {
    acc.ids.push(e.id);
    acc.freqs.push(e.count);
    for (const q of e.positions) acc.positions.push(q);
  }
}
