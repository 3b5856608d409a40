import type Database from 'better-sqlite3';
import { isCjkChar } from '../../../analysis/text-normalise.js';
import { unionAll } from '../id-sets.js';
import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { NO_POSTINGS, type PostingSource, type TermPostings } from './posting-source.js';
import { BlockReader, entryKey, keyBytes, PositionsAt, prefixEnd, type Entry } from './segment-blocks.js';
import { ByteSource, decodeIdsInto } from './varint.js';

export { POSTINGS_SCHEMA } from './postings-schema.js';

/** The token under which a CJK character's document list is kept (no token of unicode61 starts with it). */
export const CHAR_LIST_MARK = '\u0001';

function isLoneCjkChar(prefix: string): boolean {
  const chars = Array.from(prefix);
  return chars.length === 1 && isCjkChar(chars[0] as string);
}

export const COLUMN_NO: Readonly<Record<FtsColumn, number>> = Object.fromEntries(
  FTS_COLUMNS.map((c, i) => [c, i]),
) as Record<FtsColumn, number>;

export interface SegmentRow {
  readonly seg: number;
  readonly ord: number;
  readonly level: number;
  readonly ndocs: number;
  readonly docs: Buffer;
  readonly ndead: number;
  readonly dead: Buffer;
  readonly lens: Buffer;
}

export function decodeIds(bytes: Uint8Array, n: number): Int32Array {
  const out = new Int32Array(n);
  decodeIdsInto(bytes, n, out, 0);
  return out;
}

/** The ranked text fields whose lengths a segment keeps: FTS_COLUMNS' first five (clm, ti, ab, desc, tiw). */
export const LENGTH_COLUMNS = 5;

/** A segment's `lens`: LENGTH_COLUMNS lengths per document, in its documents' order. */
export function decodeLengths(bytes: Uint8Array, ndocs: number): Uint32Array {
  const out = new Uint32Array(ndocs * LENGTH_COLUMNS);
  const src = new ByteSource(bytes);
  for (let i = 0; i < out.length && !src.done; i++) out[i] = src.next();
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

/** Longer fields count as this long: the lengths are kept in 16 bits, and BM25F's normalisation flattens out long before. */
const MAX_LENGTH = 0xffff;

/**
 * The live documents over a run of segments, applied oldest first, each newer one overriding:
 * their owners (SegmentOwners) and, for ranking, each live document's field lengths and their
 * totals. A write adds a segment on top (`apply`), so readers update what they hold instead of
 * recomputing it from every segment; a merge (segments replaced) starts afresh.
 */
export class LiveDocs implements SegmentOwners {
  owner = new Int32Array(1024);
  readonly stale = new Set<number>();
  /** LENGTH_COLUMNS lengths per document id. */
  lengths = new Uint16Array(1024 * LENGTH_COLUMNS);
  /** Each field's total length over the live documents. */
  readonly totals = new Float64Array(LENGTH_COLUMNS);
  /** Live documents. */
  live = 0;

  /** Applies a segment newer than every one applied so far. */
  apply(s: SegmentRow): void {
    const docs = decodeIds(s.docs, s.ndocs);
    const dead = decodeIds(s.dead, s.ndead);
    const lens = decodeLengths(s.lens, s.ndocs);
    this.reserve(
      Math.max(
        docs.length ? (docs[docs.length - 1] as number) : 0,
        dead.length ? (dead[dead.length - 1] as number) : 0,
      ),
    );
    for (let i = 0; i < dead.length; i++) {
      const id = dead[i] as number;
      this.retire(id);
      this.owner[id] = -s.seg;
    }
    for (let i = 0; i < docs.length; i++) {
      const id = docs[i] as number;
      this.retire(id);
      this.owner[id] = s.seg;
      this.live++;
      for (let c = 0; c < LENGTH_COLUMNS; c++) {
        const length = Math.min(lens[i * LENGTH_COLUMNS + c] as number, MAX_LENGTH);
        this.lengths[id * LENGTH_COLUMNS + c] = length;
        this.totals[c] = (this.totals[c] as number) + length;
      }
    }
  }

  /** The document's live version, if any, is overridden: its segment turns stale and its lengths leave the totals. */
  private retire(id: number): void {
    const previous = this.owner[id] as number;
    if (previous <= 0) return;
    this.stale.add(previous);
    this.live--;
    for (let c = 0; c < LENGTH_COLUMNS; c++)
      this.totals[c] = (this.totals[c] as number) - (this.lengths[id * LENGTH_COLUMNS + c] as number);
  }

  private reserve(maxId: number): void {
    if (maxId < this.owner.length) return;
    let capacity = this.owner.length;
    while (capacity <= maxId) capacity *= 2;
    const owner = new Int32Array(capacity);
    owner.set(this.owner);
    this.owner = owner;
    const lengths = new Uint16Array(capacity * LENGTH_COLUMNS);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }
}

/** The live documents of these segments (any order). */
export function segmentOwners(segments: readonly SegmentRow[]): LiveDocs {
  const docs = new LiveDocs();
  for (const s of [...segments].sort((a, b) => a.ord - b.ord)) docs.apply(s);
  return docs;
}

interface SegmentView {
  readonly signature: string;
  readonly owners: LiveDocs;
  /** The segments, oldest first, each with its age. */
  readonly segs: readonly number[];
  readonly ords: ReadonlyMap<number, number>;
}

/** Bytes of blocks one connection keeps read (SegmentPostings.pool). */
const BLOCK_POOL_BYTES = 32 * 2 ** 20;

/** An entry found in one segment. */
interface Found {
  readonly seg: number;
  readonly entry: Entry;
}

/** Reads the postings of one connection (PostingSource) inside `read`, which takes one snapshot. */
export class SegmentPostings implements PostingSource {
  private readonly stmt;
  private view: SegmentView | undefined;
  /** Entries found during one `read`: a phrase asks for a token's documents, then its positions. */
  private readonly found = new Map<string, Found[]>();
  /** Each segment's block directory: the blocks' first keys, ascending. */
  private readonly directories = new Map<number, Buffer[]>();
  /** Blocks read lately (least recently used first), up to BLOCK_POOL_BYTES: SQLite's page cache hands out copies. */
  private readonly pool = new Map<string, Buffer>();
  private poolBytes = 0;
  /** Phrases' document counts (BM25F's idf, own-rank.ts) in the current segments, by phrase and columns. */
  readonly docFrequencies = new Map<string, number>();

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      signature: db.prepare("SELECT group_concat(seg || ':' || ndocs || ':' || ndead, ',') FROM post_segs").pluck(),
      ages: db.prepare('SELECT seg, ord FROM post_segs ORDER BY ord').raw(),
      segment: db.prepare('SELECT seg, ord, level, ndocs, docs, ndead, dead, lens FROM post_segs WHERE seg = ?'),
      // A segment's block directory (each block's first key), read once per segment: segments never change.
      blockKeys: db.prepare('SELECT key FROM post_blocks WHERE seg = ? ORDER BY key').pluck(),
      block: db.prepare('SELECT data FROM post_blocks WHERE seg = ? AND key = ?').pluck(),
      positions: db.prepare('SELECT pos FROM post_pos WHERE seg = ? AND key = ?').pluck(),
    };
  }

  /** Runs `read` in one read transaction, with the segments' owners of that snapshot. */
  read<T>(read: () => T): T {
    const run = (): T => {
      this.refresh();
      try {
        return read();
      } finally {
        this.found.clear();
      }
    };
    return this.db.inTransaction ? run() : this.db.transaction(run).deferred();
  }

  /**
   * Follows the segments when they changed (another connection wrote or merged): segments added
   * on top of the ones held are applied to the live documents; any other change (a merge) reads
   * them all afresh.
   */
  private refresh(): void {
    const signature = (this.stmt.signature.get() as string | null) ?? '';
    if (this.view?.signature === signature) return;
    const ages = this.stmt.ages.all() as [number, number][];
    const held = this.view;
    const newest = held ? Math.max(0, ...held.ords.values()) : 0;
    const added = ages.filter(([seg]) => !held?.ords.has(seg));
    const kept =
      held !== undefined && ages.length - added.length === held.segs.length && added.every(([, ord]) => ord > newest);
    const owners = kept ? held.owners : new LiveDocs();
    for (const [seg] of kept ? added : ages) owners.apply(this.stmt.segment.get(seg) as SegmentRow);
    this.view = { signature, owners, segs: ages.map(([seg]) => seg), ords: new Map(ages) };
    this.docFrequencies.clear();
    // A merged segment's blocks are gone: its directory and pooled blocks with it.
    const live = new Set(this.view.segs);
    for (const seg of this.directories.keys()) if (!live.has(seg)) this.directories.delete(seg);
    for (const [key, block] of this.pool) {
      if (!live.has(Number(key.slice(0, key.indexOf(':'))))) {
        this.pool.delete(key);
        this.poolBytes -= block.length;
      }
    }
  }

  /** The live documents of this read's snapshot: owners and field lengths (own-rank.ts). */
  liveDocs(): LiveDocs {
    return this.current().owners;
  }

  private directory(seg: number): Buffer[] {
    let keys = this.directories.get(seg);
    if (!keys) {
      keys = this.stmt.blockKeys.all(seg) as Buffer[];
      this.directories.set(seg, keys);
    }
    return keys;
  }

  /** The i-th block of a segment, from the pool or the file. */
  private block(seg: number, keys: readonly Buffer[], i: number): Buffer {
    const id = `${seg}:${i}`;
    let data = this.pool.get(id);
    if (data) {
      this.pool.delete(id);
      this.pool.set(id, data);
      return data;
    }
    data = this.stmt.block.get(seg, keys[i]) as Buffer;
    this.pool.set(id, data);
    this.poolBytes += data.length;
    for (const [old, block] of this.pool) {
      if (this.poolBytes <= BLOCK_POOL_BYTES) break;
      this.pool.delete(old);
      this.poolBytes -= block.length;
    }
    return data;
  }

  private current(): SegmentView {
    if (!this.view) this.refresh();
    return this.view as SegmentView;
  }

  docs(column: FtsColumn, token: string): Int32Array {
    return this.idsOf(this.find(entryKey(COLUMN_NO[column], token)));
  }

  prefixDocs(column: FtsColumn, prefix: string): Int32Array {
    if (isLoneCjkChar(prefix)) return this.docs(column, CHAR_LIST_MARK + prefix);
    const byKey = this.range(entryKey(COLUMN_NO[column], prefix));
    return unionAll([...byKey.values()].map((found) => this.idsOf(found)));
  }

  postings(column: FtsColumn, token: string, within?: Int32Array): TermPostings {
    const key = entryKey(COLUMN_NO[column], token);
    return this.postingsOf(this.find(key), keyBytes(key), within);
  }

  prefixPostings(column: FtsColumn, prefix: string, within?: Int32Array): TermPostings {
    const byKey = this.range(entryKey(COLUMN_NO[column], prefix));
    return mergePostings([...byKey].map(([key, found]) => this.postingsOf(found, keyBytes(key), within)));
  }

  counts(column: FtsColumn, token: string, within: Int32Array): Int32Array {
    const out = new Int32Array(within.length);
    const { owner, stale } = this.current().owners;
    for (const { seg, entry } of this.find(entryKey(COLUMN_NO[column], token))) {
      const ids = decodeIds(entry.docs, entry.n);
      const freqs = new ByteSource(entry.freqs);
      const check = stale.has(seg);
      let w = 0;
      for (let i = 0; i < ids.length && w < within.length; i++) {
        const id = ids[i] as number;
        const count = freqs.next();
        while (w < within.length && (within[w] as number) < id) w++;
        if (within[w] === id && (!check || owner[id] === seg)) out[w] = count;
      }
    }
    return out;
  }

  /** The key's entry in each segment holding it. */
  private find(key: string): Found[] {
    let found = this.found.get(key);
    if (!found) {
      found = this.findIn(key);
      this.found.set(key, found);
    }
    return found;
  }

  private findIn(key: string): Found[] {
    const target = keyBytes(key);
    const found: Found[] = [];
    for (const seg of this.current().segs) {
      const keys = this.directory(seg);
      const i = lastNotAfter(keys, target);
      if (i < 0) continue;
      const entry = findInBlock(this.block(seg, keys, i), target);
      if (entry) found.push({ seg, entry });
    }
    return found;
  }

  /** The entries of every key starting with `prefix`, by key, in each segment holding them. */
  private range(prefix: string): Map<string, Found[]> {
    const from = keyBytes(prefix);
    const to = keyBytes(prefixEnd(prefix));
    const byKey = new Map<string, Found[]>();
    for (const seg of this.current().segs) {
      const keys = this.directory(seg);
      const blocks: Buffer[] = [];
      for (let i = Math.max(0, lastNotAfter(keys, from)); i < keys.length; i++) {
        if (Buffer.compare(keys[i] as Buffer, to) >= 0) break;
        blocks.push(this.block(seg, keys, i));
      }
      for (const data of blocks) {
        const reader = new BlockReader(data);
        for (let e = reader.next(); e; e = reader.next()) {
          if (Buffer.compare(e.key, from) < 0) continue;
          if (Buffer.compare(e.key, to) >= 0) break;
          const key = Buffer.from(e.key).swap16().toString('utf16le');
          const list = byKey.get(key) ?? [];
          list.push({ seg, entry: e });
          byKey.set(key, list);
        }
      }
    }
    return byKey;
  }

  /** A key's documents over its segments' entries: live ones only, ascending. */
  private idsOf(found: readonly Found[]): Int32Array {
    if (found.length === 0) return new Int32Array(0);
    const { owner, stale } = this.current().owners;
    let total = 0;
    for (const f of found) total += f.entry.n;
    const out = new Int32Array(total);
    let at = 0;
    let sorted = true;
    for (const { seg, entry } of found) {
      const from = at;
      at = decodeIdsInto(entry.docs, entry.n, out, at);
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

  private postingsOf(found: readonly Found[], key: Buffer, within?: Int32Array): TermPostings {
    if (found.length === 0) return NO_POSTINGS;
    const { owner, stale } = this.current().owners;
    const parts = found.map(({ seg, entry }) => {
      const pos = entry.positionsAt === PositionsAt.Apart ? (this.stmt.positions.get(seg, key) as Buffer) : entry.pos;
      return decodePostings(
        entry.n,
        entry.docs,
        entry.freqs,
        pos,
        stale.has(seg) ? (id) => owner[id] === seg : undefined,
        within,
      );
    });
    return mergePostings(parts);
  }
}

/**
 * The entry of a key in a block, read without building an object for the entries before it
 * (a block holds hundreds): key bytes compared in place, the rest skipped by its lengths.
 */
export function findInBlock(data: Uint8Array, key: Uint8Array): Entry | undefined {
  const src = new ByteSource(data);
  while (!src.done) {
    const start = src.at;
    const keyLength = src.next();
    const keyAt = src.at;
    let c = 0;
    const common = Math.min(keyLength, key.length);
    for (let i = 0; i < common && c === 0; i++) c = (data[keyAt + i] as number) - (key[i] as number);
    if (c === 0) c = keyLength - key.length;
    if (c > 0) return undefined;
    src.at = keyAt + keyLength;
    if (c === 0) {
      src.at = start;
      return new BlockReader(data, start).next();
    }
    src.next(); // n
    skipBytes(src); // docs
    skipBytes(src); // freqs
    if (src.next() === PositionsAt.Inline) skipBytes(src);
  }
  return undefined;
}

/** The index of the last key not after `target` (-1 when all are after it). */
function lastNotAfter(keys: readonly Buffer[], target: Buffer): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Buffer.compare(keys[mid] as Buffer, target) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Past a length-prefixed run of bytes. */
function skipBytes(src: ByteSource): void {
  const length = src.next();
  src.at += length;
}

/** One row's postings, keeping the documents `keep` accepts (all without it). */
function decodePostings(
  n: number,
  docs: Uint8Array,
  freqs: Uint8Array,
  pos: Uint8Array,
  keep?: (id: number) => boolean,
  within?: Int32Array,
): TermPostings {
  const ids = decodeIds(docs, n);
  const f = new ByteSource(freqs);
  const p = new ByteSource(pos);
  const offsets = new Int32Array(n + 1);
  // Sized from the stream: every position takes at least one byte.
  let positions = new Int32Array(within ? Math.min(pos.length, 1024) : pos.length);
  let kept = 0;
  let at = 0;
  let w = 0;
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    const count = f.next();
    let take = keep === undefined || keep(id);
    if (take && within) {
      while (w < within.length && (within[w] as number) < id) w++;
      take = w < within.length && within[w] === id;
    }
    if (!take) {
      // Skipped: only the ends of its varints are looked for.
      const bytes = p.bytes;
      for (let k = 0; k < count; k++) while ((bytes[p.at++] as number) >= 0x80);
      continue;
    }
    if (at + count > positions.length) {
      const grown = new Int32Array(Math.max(positions.length * 2, at + count));
      grown.set(positions.subarray(0, at));
      positions = grown;
    }
    ids[kept] = id;
    offsets[kept] = at;
    let last = 0;
    for (let k = 0; k < count; k++) {
      last += p.next();
      positions[at++] = last;
    }
    kept++;
  }
  offsets[kept] = at;
  positions = positions.subarray(0, at);
  return kept === n
    ? { ids, offsets, positions }
    : { ids: ids.slice(0, kept), offsets: offsets.slice(0, kept + 1), positions };
}

/** Lists whose id ranges follow each other (segments written one after another), end to end. */
function concatenatePostings(lists: readonly TermPostings[]): TermPostings {
  let n = 0;
  let total = 0;
  for (const l of lists) {
    n += l.ids.length;
    total += l.positions.length;
  }
  const ids = new Int32Array(n);
  const offsets = new Int32Array(n + 1);
  const positions = new Int32Array(total);
  let at = 0;
  let base = 0;
  for (const l of lists) {
    ids.set(l.ids, at);
    for (let i = 0; i < l.ids.length; i++) offsets[at + i] = base + (l.offsets[i] as number) - (l.offsets[0] as number);
    positions.set(l.positions.subarray(l.offsets[0], l.offsets[l.ids.length]), base);
    at += l.ids.length;
    base += (l.offsets[l.ids.length] as number) - (l.offsets[0] as number);
  }
  offsets[n] = base;
  return { ids, offsets, positions };
}

/** Several lists as one: documents united, each document's positions merged in order. */
function mergePostings(parts: readonly TermPostings[]): TermPostings {
  const lists = parts.filter((p) => p.ids.length > 0);
  if (lists.length === 0) return NO_POSTINGS;
  if (lists.length === 1) return lists[0] as TermPostings;
  const ordered = [...lists].sort((a, b) => (a.ids[0] as number) - (b.ids[0] as number));
  if (ordered.every((l, k) => k === 0 || (l.ids[0] as number) > (ordered[k - 1]?.ids.at(-1) as number)))
    return concatenatePostings(ordered);
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
