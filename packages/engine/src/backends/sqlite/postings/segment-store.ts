import type Database from 'better-sqlite3';
import { isCjkChar } from '../../../analysis/text-normalise.js';
import { unionAll } from '../id-sets.js';
import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import {
  ListCursor,
  MergedCursor,
  NO_POSTINGS,
  type PositionCursor,
  POSITIONS_END,
  type PostingSource,
  seekId,
} from './posting-source.js';
import { BlockReader, entryKey, keyBytes, PositionsAt, prefixEnd, type Entry } from './segment-blocks.js';
import { ByteBoundedCache } from './byte-bounded-cache.js';
import { decodeSkips, runOf, Skip, SKIP_EVERY, SKIP_FIELDS, SKIP_MIN } from './segment-skips.js';
import { ByteSource, decodeIdsInto, varintAt, varintEnd } from './varint.js';

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
  /** By segment, how many of its documents a newer segment overrides or removed (docCountAtLeast). */
  readonly retired = new Map<number, number>();

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
    this.retired.set(previous, (this.retired.get(previous) ?? 0) + 1);
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

/**
 * Decoded document lists one connection keeps (SegmentPostings.decoded), and the shortest kept:
 * whole lists for docs(), and each segment's ids with their counts for counts() over a few of a
 * long list's documents (a semantic search's common back-off character, read again and again).
 */
const DECODED_BYTES = 48 * 2 ** 20;
const DECODED_MIN_IDS = 1024;
/** counts() of fewer documents than a long entry's 1/SPARSE_COUNTS seeks in its decoded ids. */
const SPARSE_COUNTS = 4;

/**
 * Bytes of blocks one connection keeps read (SegmentPostings.pool). The 2000-character expression
 * of the search bench touches ~80 MB of blocks at 100k records: with 32 MB each query read them all
 * again from SQLite (~65 µs a block, 1.1 s a query); with 128 MB, 0.6 s.
 */
const BLOCK_POOL_BYTES = 128 * 2 ** 20;
/** Bytes of decoded skip data one connection keeps (~125 KB for a list of 800,000 documents). */
const SKIP_POOL_BYTES = 16 * 2 ** 20;
const NO_SKIPS = new Int32Array(0);

/** An entry found in one segment; its documents once decoded (a phrase reads them twice: candidates, then positions). */
interface Found {
  readonly seg: number;
  /** The entry's key (entryKey). */
  readonly key: string;
  readonly entry: Entry;
  ids?: Int32Array;
  /** Its skip data (segment-skips.ts), decoded; empty when it has none. */
  skips?: Int32Array;
}

/** Reads the postings of one connection (PostingSource) inside `read`, which takes one snapshot. */
export class SegmentPostings implements PostingSource {
  private readonly stmt;
  private view: SegmentView | undefined;
  /** Entries found during one `read`: a phrase asks for a token's documents, then its positions. */
  private readonly found = new Map<string, Found[]>();
  /** Each segment's block directory: the blocks' first keys, ascending. */
  private readonly directories = new Map<number, BlockDirectory>();
  /** Blocks read lately (least recently used first), up to BLOCK_POOL_BYTES: SQLite's page cache hands out copies. */
  private readonly pool = new ByteBoundedCache<Buffer>(BLOCK_POOL_BYTES);
  /** Phrases' document counts (BM25F's idf, own-rank.ts) in the current segments, by phrase and columns. */
  readonly docFrequencies = new Map<string, number>();
  /**
   * Long document lists decoded lately, by key, in the current segments (least recently used
   * first): a search evaluates its terms, then ranks by them, and the next page asks again.
   */
  private readonly decoded = new ByteBoundedCache<Int32Array>(DECODED_BYTES);
  /** Long entries' skip data, decoded, by segment and key. */
  private readonly skipPool = new ByteBoundedCache<Int32Array>(SKIP_POOL_BYTES);
  /** The buffers of the lists `decoded` holds or held (shares). */
  private readonly sharedBuffers = new WeakSet<ArrayBufferLike>();
  /** catchUp: the segments' signature at its last call, and the one whose directories it read. */
  private settling: string | undefined;
  private caughtUp: string | undefined;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      signature: db.prepare("SELECT group_concat(seg || ':' || ndocs || ':' || ndead, ',') FROM post_segs").pluck(),
      ages: db.prepare('SELECT seg, ord FROM post_segs ORDER BY ord').raw(),
      segment: db.prepare('SELECT seg, ord, level, ndocs, docs, ndead, dead, lens FROM post_segs WHERE seg = ?'),
      // A segment's block directory (each block's first key), read once per segment: segments never change.
      blockKeys: db
        .prepare(
          `SELECT key FROM post_blocks ${hasDirectoryIndex(db) ? 'INDEXED BY post_blocks_dir' : ''} WHERE seg = ? ORDER BY key`,
        )
        .pluck(),
      block: db.prepare('SELECT data FROM post_blocks WHERE seg = ? AND key = ?').pluck(),
      positions: db.prepare('SELECT pos FROM post_pos WHERE seg = ? AND key = ?').pluck(),
      // A file from before skip data, opened read-only, has no table for it: its entries are walked.
      skips: hasTable(db, 'post_skips')
        ? db.prepare('SELECT data FROM post_skips WHERE seg = ? AND key = ?').pluck()
        : undefined,
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
    this.decoded.clear();
    // A merged segment's blocks are gone: its directory and pooled blocks with it.
    const live = new Set(this.view.segs);
    for (const seg of this.directories.keys()) if (!live.has(seg)) this.directories.delete(seg);
    this.pool.deleteWhere((key) => !live.has(Number(key.slice(0, key.indexOf(':')))));
    this.skipPool.deleteWhere((key) => !live.has(Number(key.slice(0, key.indexOf(':')))));
  }

  /**
   * Follows the segments and reads the block directory of each new one (what a search would do
   * first after a write or a merge: ~100 ms at 300k records after a bulk load's merges), once they
   * have settled: called again and again while idle, it waits for the segments to be the same on
   * two calls, so the segments of a bulk load under way, soon merged away, are not read.
   */
  catchUp(): void {
    const signature = (this.stmt.signature.get() as string | null) ?? '';
    if (signature !== this.settling) {
      this.settling = signature;
      return;
    }
    if (this.caughtUp === signature) return;
    this.read(() => {
      for (const seg of this.current().segs) this.directory(seg);
    });
    this.caughtUp = signature;
  }

  /** The live documents of this read's snapshot: owners and field lengths (own-rank.ts). */
  liveDocs(): LiveDocs {
    return this.current().owners;
  }

  private directory(seg: number): BlockDirectory {
    let keys = this.directories.get(seg);
    if (!keys) {
      keys = new BlockDirectory(this.stmt.blockKeys.all(seg) as Buffer[]);
      this.directories.set(seg, keys);
    }
    return keys;
  }

  /** The i-th block of a segment, from the pool or the file. */
  private block(seg: number, keys: BlockDirectory, i: number): Buffer {
    return this.pooled(`${seg}:${i}`, () => this.stmt.block.get(seg, keys.key(i)) as Buffer);
  }

  /** An entry's positions kept apart (`post_pos`), pooled like blocks: a phrase of common tokens reads ~100 KB of them. */
  private apartPositions(seg: number, key: string): Buffer {
    return this.pooled(`${seg}:p:${key}`, () => this.stmt.positions.get(seg, keyBytes(key)) as Buffer);
  }

  /** A found entry's skip data, decoded (empty when it is short or was written without). */
  private skipsOf(found: Found, key: string): Int32Array {
    if (found.skips) return found.skips;
    if (found.entry.n < SKIP_MIN) return (found.skips = NO_SKIPS);
    return (found.skips = this.skipData(found.seg, key));
  }

  /** A segment's skip data for a key, decoded and pooled, read without the entry's block (empty when it has none). */
  private skipData(seg: number, key: string): Int32Array {
    if (!this.stmt.skips) return NO_SKIPS;
    const id = `${seg}:${key}`;
    let skips = this.skipPool.get(id);
    if (!skips) {
      const data = this.stmt.skips.get(seg, keyBytes(key)) as Buffer | undefined;
      skips = data ? decodeSkips(data) : NO_SKIPS;
      this.skipPool.set(id, skips);
    }
    return skips;
  }

  /**
   * A floor on how many live documents hold a token (or a lone CJK character's prefix) in a
   * column, from the long entries' skip data alone, without reading their blocks: every run of
   * SKIP_EVERY documents but an entry's last is full, and each segment's documents a newer one
   * overrides or removed are taken off (a live document is in one segment's entry only). Short
   * entries (no skip data) and other prefixes count 0. Enough to know that a common token's idf
   * is BM25F's floor (own-match.ts) without its ~600,000 documents read at 1M.
   */
  docCountAtLeast(column: FtsColumn, token: string, prefix: boolean): number {
    if (prefix && !isLoneCjkChar(token)) return 0;
    const key = entryKey(COLUMN_NO[column], prefix ? CHAR_LIST_MARK + token : token);
    const { segs, owners } = this.current();
    let atLeast = 0;
    for (const seg of segs) {
      const runs = this.skipData(seg, key).length / SKIP_FIELDS;
      if (runs > 0) atLeast += Math.max(0, (runs - 1) * SKIP_EVERY + 1 - (owners.retired.get(seg) ?? 0));
    }
    return atLeast;
  }

  /** Bytes from the pool (under an id starting with the segment number and ':'), else loaded and pooled. */
  private pooled(id: string, load: () => Buffer): Buffer {
    let data = this.pool.get(id);
    if (!data) {
      data = load();
      this.pool.set(id, data);
    }
    return data;
  }

  private current(): SegmentView {
    if (!this.view) this.refresh();
    return this.view as SegmentView;
  }

  /** Kept lists are handed out as they are (no copy): the evaluator only reads them, and ownMatchIds copies what it returns (shares). */
  docs(column: FtsColumn, token: string): Int32Array {
    const key = entryKey(COLUMN_NO[column], token);
    const kept = this.decoded.get(key);
    if (kept) return kept;
    const found = this.find(key);
    const ids = this.idsOf(found);
    // A list merged from several segments' long lists is kept too (one segment's is kept by idsIn).
    if (ids.length >= DECODED_MIN_IDS && found.length > 1) this.keep(key, ids);
    return ids;
  }

  /** Whether `ids` is (a view of) a list this connection keeps: a caller that may change it takes a copy. */
  shares(ids: Int32Array): boolean {
    return this.sharedBuffers.has(ids.buffer);
  }

  /** Keeps a decoded list (the `decoded` cache), marking its buffer as shared. */
  private keep(key: string, ids: Int32Array): void {
    this.decoded.set(key, ids);
    this.sharedBuffers.add(ids.buffer);
  }

  prefixDocs(column: FtsColumn, prefix: string): Int32Array {
    if (isLoneCjkChar(prefix)) return this.docs(column, CHAR_LIST_MARK + prefix);
    const byKey = this.range(entryKey(COLUMN_NO[column], prefix));
    return unionAll([...byKey.values()].map((found) => this.idsOf(found)));
  }

  cursor(column: FtsColumn, token: string): PositionCursor {
    const key = entryKey(COLUMN_NO[column], token);
    return this.cursorOf(this.find(key), key);
  }

  prefixCursor(column: FtsColumn, prefix: string): PositionCursor {
    const byKey = this.range(entryKey(COLUMN_NO[column], prefix));
    const cursors = [...byKey].map(([key, found]) => this.cursorOf(found, key));
    return cursors.length === 1 ? (cursors[0] as PositionCursor) : new MergedCursor(cursors);
  }

  counts(column: FtsColumn, token: string, within: Int32Array): Int32Array {
    const out = new Int32Array(within.length);
    const key = entryKey(COLUMN_NO[column], token);
    this.addCounts(this.find(key), within, out);
    return out;
  }

  prefixCounts(column: FtsColumn, prefix: string, within: Int32Array): Int32Array {
    // A lone CJK character: its own list counts the tokens starting with it.
    if (isLoneCjkChar(prefix)) return this.counts(column, CHAR_LIST_MARK + prefix, within);
    const out = new Int32Array(within.length);
    for (const found of this.range(entryKey(COLUMN_NO[column], prefix)).values()) this.addCounts(found, within, out);
    return out;
  }

  /** Adds each of `within`'s live occurrence counts in these entries to `out` (aligned with `within`). */
  private addCounts(found: readonly Found[], within: Int32Array, out: Int32Array): void {
    const { owner, stale } = this.current().owners;
    for (const one of found) {
      const { seg, key, entry } = one;
      if (entry.n >= DECODED_MIN_IDS && within.length * SPARSE_COUNTS < entry.n) {
        const keptKey = `${seg}\u0000${key}`;
        const kept = this.decoded.get(keptKey);
        const skips = kept ? NO_SKIPS : this.skipsOf(one, key);
        // Fewer documents asked than the entry has runs: only the runs holding them are decoded.
        if (skips.length > 0 && within.length * SKIP_FIELDS * 2 < skips.length)
          addSkippedCounts(entry, skips, within, out, stale.has(seg) ? seg : -1, owner);
        else
          this.addSparseCounts(kept ?? this.decodedCounts(keptKey, one), within, out, stale.has(seg) ? seg : -1, owner);
        continue;
      }
      // Ids and counts decoded in step, in place: a prefix has thousands of short entries.
      const docs = entry.docs;
      const freqs = entry.freqs;
      const check = stale.has(seg);
      let d = 0;
      let f = 0;
      let id = 0;
      let w = 0;
      for (let i = 0; i < entry.n && w < within.length; i++) {
        let byte = docs[d++] as number;
        let gap = byte & 0x7f;
        for (let shift = 7; byte >= 0x80; shift += 7) {
          byte = docs[d++] as number;
          gap |= (byte & 0x7f) << shift;
        }
        id += gap >>> 0;
        byte = freqs[f++] as number;
        let count = byte & 0x7f;
        for (let shift = 7; byte >= 0x80; shift += 7) {
          byte = freqs[f++] as number;
          count |= (byte & 0x7f) << shift;
        }
        // Galloping: a prefix's short lists each touch a few of many documents asked.
        w = seekId(within, w, id);
        if (within[w] === id && (!check || owner[id] === seg)) out[w] = (out[w] as number) + count;
      }
    }
  }

  /** A long entry's ids then its counts (2n values), decoded and kept among the decoded lists under `cacheKey`. */
  private decodedCounts(cacheKey: string, one: Found): Int32Array {
    const { entry } = one;
    const n = entry.n;
    const both = new Int32Array(2 * n);
    // Its ids as decoded for a phrase or a list, when they are kept: copied, not decoded again.
    const ids = one.ids ?? this.decoded.get(`${one.seg}\u0002${one.key}`);
    if (ids) both.set(ids);
    else decodeIdsInto(entry.docs, n, both, 0);
    const counts = new ByteSource(entry.freqs);
    for (let i = 0; i < n; i++) both[n + i] = counts.next();
    this.keep(cacheKey, both);
    // One copy of the ids is enough.
    this.decoded.delete(`${one.seg}\u0002${one.key}`);
    return both;
  }

  /** addCounts from decoded ids and counts: each of `within` sought by galloping (`stale`: the segment to check owners for, or -1). */
  private addSparseCounts(
    both: Int32Array,
    within: Int32Array,
    out: Int32Array,
    stale: number,
    owner: Int32Array,
  ): void {
    const n = both.length / 2;
    const ids = both.subarray(0, n);
    let j = 0;
    for (let w = 0; w < within.length && j < n; w++) {
      const target = within[w] as number;
      j = seekId(ids, j, target);
      if (ids[j] === target && (stale < 0 || owner[target] === stale))
        out[w] = (out[w] as number) + (both[n + j] as number);
    }
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
      const i = keys.lastNotAfter(target);
      if (i < 0) continue;
      const entry = findInBlock(this.block(seg, keys, i), target);
      if (entry) found.push({ seg, key, entry });
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
      for (let i = Math.max(0, keys.lastNotAfter(from)); i < keys.length; i++) {
        if (compareBytes(keys.key(i), to) >= 0) break;
        blocks.push(this.block(seg, keys, i));
      }
      for (const data of blocks) {
        const reader = new BlockReader(data);
        for (let e = reader.next(); e; e = reader.next()) {
          if (compareBytes(e.key, from) < 0) continue;
          if (compareBytes(e.key, to) >= 0) break;
          const key = Buffer.from(e.key).swap16().toString('utf16le');
          const list = byKey.get(key) ?? [];
          list.push({ seg, key, entry: e });
          byKey.set(key, list);
        }
      }
    }
    return byKey;
  }

  /**
   * A found entry's documents, decoded once per read; a long entry's are kept among the decoded
   * lists across reads (a phrase's candidates, its cursors and the next query share them), with
   * its counts when those were decoded: a list of 800,000 documents decoded per query was 3 MB of
   * garbage each time, and the collector's work took more than the decoding.
   */
  private idsIn(found: Found): Int32Array {
    if (found.ids) return found.ids;
    const { seg, key, entry } = found;
    if (entry.n < DECODED_MIN_IDS) return (found.ids = decodeIds(entry.docs, entry.n));
    const withCounts = this.decoded.get(`${seg}\u0000${key}`);
    if (withCounts) return (found.ids = withCounts.subarray(0, entry.n));
    const idsKey = `${seg}\u0002${key}`;
    let ids = this.decoded.get(idsKey);
    if (!ids) {
      ids = decodeIds(entry.docs, entry.n);
      this.keep(idsKey, ids);
    }
    return (found.ids = ids);
  }

  /** A key's documents over its segments' entries: live ones only, ascending. */
  private idsOf(found: readonly Found[]): Int32Array {
    if (found.length === 0) return new Int32Array(0);
    const { owner, stale } = this.current().owners;
    // One segment and no newer version elsewhere: its list as decoded (never written to by readers).
    if (found.length === 1 && !stale.has((found[0] as Found).seg)) return this.idsIn(found[0] as Found);
    let total = 0;
    for (const f of found) total += f.entry.n;
    const out = new Int32Array(total);
    let at = 0;
    let sorted = true;
    for (const f of found) {
      const from = at;
      const ids = this.idsIn(f);
      if (stale.has(f.seg)) {
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i] as number;
          if (owner[id] === f.seg) out[at++] = id;
        }
      } else {
        out.set(ids, at);
        at += ids.length;
      }
      if (from > 0 && at > from && (out[from] as number) < (out[from - 1] as number)) sorted = false;
    }
    const ids = at === total ? out : out.slice(0, at);
    return sorted ? ids : ids.sort();
  }

  private cursorOf(found: readonly Found[], key: string): PositionCursor {
    if (found.length === 0) return new ListCursor(NO_POSTINGS);
    const walks = found.map(
      (f) =>
        new EntryWalk(
          f.seg,
          this.idsIn(f),
          f.entry.freqs,
          f.entry.positionsAt === PositionsAt.Apart ? this.apartPositions(f.seg, key) : f.entry.pos,
          this.skipsOf(f, key),
        ),
    );
    return new SegmentCursor(walks, this.current().owners.owner);
  }
}

/**
 * A key's positions over its segments' entries. A document's live version is in one segment
 * (`owner`), so each document asked is looked for in that segment's entry alone: no merge of the
 * segments' lists, and a stale segment's dead documents are never asked of it.
 */
class SegmentCursor implements PositionCursor {
  private current: EntryWalk | undefined;

  constructor(
    private readonly walks: readonly EntryWalk[],
    private readonly owner: Int32Array,
  ) {}

  seek(doc: number): boolean {
    const seg = this.owner[doc];
    // Documents ascend, and segments mostly hold runs of them: the segment changes seldom.
    if (this.current?.seg !== seg) {
      const walk = this.walks.find((w) => w.seg === seg);
      if (!walk) return false;
      this.current = walk;
    }
    return (this.current as EntryWalk).seek(doc);
  }

  next(): number {
    return (this.current as EntryWalk).next();
  }
}

/**
 * One segment's entry walked document by document straight from its bytes. Its documents are
 * the decoded list (shared with the candidates' intersection); the counts and positions of the
 * documents passed over are skipped by their varint ends, and a document's positions are decoded
 * only as far as they are read.
 */
class EntryWalk {
  /** The document the byte offsets below stand at. */
  private i = 0;
  private freqAt = 0;
  private posAt = 0;
  /** The positions of document i: how many are left to read, where the next is, the last read. */
  private left = 0;
  private at = 0;
  private last = 0;

  constructor(
    readonly seg: number,
    private readonly ids: Int32Array,
    private readonly freqs: Uint8Array,
    private readonly pos: Uint8Array,
    /** Skip data (segment-skips.ts); empty for a short entry. */
    private readonly skips: Int32Array,
  ) {}

  seek(doc: number): boolean {
    const ids = this.ids;
    const freqs = this.freqs;
    let i = this.i;
    let f = this.freqAt;
    let p = this.posAt;
    if (this.skips.length > 0) {
      // Past the run of document i: a jump to the start of the run holding `doc`.
      const runEnd = ((i / SKIP_EVERY) | 0) * SKIP_EVERY + SKIP_EVERY;
      if (runEnd < ids.length && (ids[runEnd - 1] as number) < doc) {
        // The run of the first document at or after `doc`, or the last run when none is.
        const run = (Math.min(seekId(ids, runEnd, doc), ids.length - 1) / SKIP_EVERY) | 0;
        i = run * SKIP_EVERY;
        f = this.skips[run * SKIP_FIELDS + Skip.FreqsAt] as number;
        p = this.skips[run * SKIP_FIELDS + Skip.PosAt] as number;
      }
    }
    // Walks the documents before `doc` in its run, summing their counts: each is visited for its
    // count anyway, so the walk is linear rather than a galloping search.
    let skip = 0;
    while (i < ids.length && (ids[i] as number) < doc) {
      let byte = freqs[f++] as number;
      let v = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = freqs[f++] as number;
        v |= (byte & 0x7f) << shift;
      }
      skip += v;
      i++;
    }
    const pos = this.pos;
    // Branch-free: a varint ends at a byte below 0x80, and which bytes do is not predictable.
    while (skip > 0) skip -= ((pos[p++] as number) >> 7) ^ 1;
    this.i = i;
    this.freqAt = f;
    this.posAt = p;
    if (ids[i] !== doc) return false;
    let byte = freqs[f++] as number;
    let count = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = freqs[f++] as number;
      count |= (byte & 0x7f) << shift;
    }
    this.left = count;
    this.at = p;
    this.last = 0;
    return true;
  }

  next(): number {
    if (this.left === 0) return POSITIONS_END;
    this.left--;
    const pos = this.pos;
    let p = this.at;
    let byte = pos[p++] as number;
    let v = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = pos[p++] as number;
      v |= (byte & 0x7f) << shift;
    }
    this.at = p;
    this.last += v;
    return this.last;
  }
}

/**
 * Each block's entry offsets, found on its first search and kept while the block is (weakly: the
 * pool's eviction drops both). A block holds up to ~500 small entries: a key is then a binary
 * search, not a walk through the entries before it (~25 µs for a full block).
 */
const blockOffsets = new WeakMap<Uint8Array, Int32Array>();

function entryOffsets(data: Uint8Array): Int32Array {
  let offsets = blockOffsets.get(data);
  if (offsets) return offsets;
  const found: number[] = [];
  let at = 0;
  while (at < data.length) {
    found.push(at);
    // Past the key, n, the documents' and the counts' bytes (each after its length), where the positions are, and inline ones.
    let length = varintAt(data, at);
    at = varintEnd + length;
    while ((data[at++] as number) >= 0x80);
    length = varintAt(data, at);
    at = varintEnd + length;
    length = varintAt(data, at);
    at = varintEnd + length;
    const positionsAt = varintAt(data, at);
    at = varintEnd;
    if (positionsAt === PositionsAt.Inline) {
      length = varintAt(data, at);
      at = varintEnd + length;
    }
  }
  offsets = Int32Array.from(found);
  blockOffsets.set(data, offsets);
  return offsets;
}

/** The entry of a key in a block, found by its entries' offsets, without reading the others. */
export function findInBlock(data: Uint8Array, key: Uint8Array): Entry | undefined {
  const offsets = entryOffsets(data);
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = offsets[mid] as number;
    const keyLength = varintAt(data, at);
    const from = varintEnd;
    let c = 0;
    const common = Math.min(keyLength, key.length);
    for (let i = 0; i < common && c === 0; i++) c = (data[from + i] as number) - (key[i] as number);
    if (c === 0) c = keyLength - key.length;
    if (c === 0) return new BlockReader(data, at).next();
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}

/**
 * addCounts of a few documents from a long entry's skip data: each run holding one of `within` is
 * decoded from its start, the others are never read (`stale`: the segment to check owners for, or -1).
 */
function addSkippedCounts(
  entry: Entry,
  skips: Int32Array,
  within: Int32Array,
  out: Int32Array,
  stale: number,
  owner: Int32Array,
): void {
  const { docs, freqs, n } = entry;
  // The next document to decode (index i at d, f); `id` the last decoded, or the run's id before.
  let i = 0;
  let d = 0;
  let f = 0;
  let id = 0;
  let count = 0;
  let decoded = false;
  for (let w = 0; w < within.length; w++) {
    const target = within[w] as number;
    if (!decoded || id < target) {
      // The last run starting below `target`; when past document i's run, a jump to its start.
      const run = runOf(skips, (i / SKIP_EVERY) | 0, target);
      if (run * SKIP_EVERY > i) {
        i = run * SKIP_EVERY;
        d = skips[run * SKIP_FIELDS + Skip.DocsAt] as number;
        f = skips[run * SKIP_FIELDS + Skip.FreqsAt] as number;
        id = skips[run * SKIP_FIELDS + Skip.IdBefore] as number;
        decoded = false;
      }
      while (i < n && (!decoded || id < target)) {
        id += varintAt(docs, d);
        d = varintEnd;
        count = varintAt(freqs, f);
        f = varintEnd;
        decoded = true;
        i++;
      }
      if (id < target) return;
    }
    if (decoded && id === target && (stale < 0 || owner[target] === stale)) out[w] = (out[w] as number) + count;
  }
}

/** Whether the file has the blocks' key index (postings-schema.ts; a read-only connection cannot add it). */
function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function hasDirectoryIndex(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'post_blocks_dir'").get() !== undefined
  );
}

/**
 * A segment's block directory: each block's first key, ascending, packed into one buffer (a
 * connection keeps every segment's; ~400,000 keys at 1M records, which as separate Buffers cost
 * ~100 bytes of object each).
 */
export class BlockDirectory {
  private readonly bytes: Buffer;
  private readonly ends: Int32Array;
  readonly length: number;

  constructor(keys: readonly Buffer[]) {
    this.length = keys.length;
    this.ends = new Int32Array(keys.length);
    let total = 0;
    keys.forEach((k, i) => (this.ends[i] = total += k.length));
    this.bytes = Buffer.allocUnsafe(total);
    keys.forEach((k, i) => k.copy(this.bytes, i === 0 ? 0 : (this.ends[i - 1] as number)));
  }

  key(i: number): Buffer {
    return this.bytes.subarray(i === 0 ? 0 : (this.ends[i - 1] as number), this.ends[i] as number);
  }

  /** The index of the last key not after `target` (-1 when all are after it). */
  lastNotAfter(target: Uint8Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(mid, target) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** compareBytes(key(i), target) without a view of the key. */
  private compareAt(i: number, target: Uint8Array): number {
    const start = i === 0 ? 0 : (this.ends[i - 1] as number);
    const length = (this.ends[i] as number) - start;
    const common = Math.min(length, target.length);
    const bytes = this.bytes;
    for (let j = 0; j < common; j++) {
      const c = (bytes[start + j] as number) - (target[j] as number);
      if (c !== 0) return c;
    }
    return length - target.length;
  }
}

/** Buffer.compare in JavaScript: keys are a few bytes, shorter to compare here than to call into C++. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) {
    const c = (a[i] as number) - (b[i] as number);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}
