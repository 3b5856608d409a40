import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../linear-algebra/random.js';
import { FTS_COLUMNS } from '../index-schema.js';
import { loadNativeExtension } from '../native-extension.js';
import { INLINE_POSITIONS, OWN_BLOCK_BYTES } from './segment-blocks.js';
import { SKIP_MIN } from './segment-skips.js';
import { POSTINGS_SCHEMA, SegmentPostings } from './segment-store.js';
import { MERGE_FACTOR, PostingsWriter } from './segment-writer.js';

/**
 * Segments written and merged in C (native/patlas-segments.c) against the JavaScript writer, the
 * reference: every row of every postings table, byte for byte, through the collector's batches,
 * merges of batches whose ids follow each other (a bulk load), merges of interleaved ones, and a
 * merge whose members hold rewritten documents (left to JavaScript).
 */

// Common words make entries long enough for skip data, apart positions and blocks of their own.
const COMMON = ['电池', '池组', 'cell', 'anode'];
const RARE = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}`);
const CJK = ['电极', '极片', '隔膜', '锂离子', '正极材料', '𠀋字', '데이터'];

function textOf(rand: () => number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i++) {
    const r = rand();
    words.push(
      r < 0.35
        ? (COMMON[Math.floor(rand() * COMMON.length)] as string)
        : r < 0.6
          ? (CJK[Math.floor(rand() * CJK.length)] as string)
          : (RARE[Math.floor(rand() * RARE.length)] as string),
    );
  }
  return words.join(' ');
}

function docFts(rand: () => number): string[] {
  return FTS_COLUMNS.map((_, c) => (c < 4 && rand() < 0.8 ? textOf(rand, 1 + Math.floor(rand() * 40)) : ''));
}

/** A file with the engine's extension (the collector and the C writer) and the postings tables. */
function openFile(): Database.Database {
  const db = new Database(':memory:');
  loadNativeExtension(db);
  db.exec(POSTINGS_SCHEMA);
  return db;
}

/** Every row of the postings tables, as hex, in key order. */
function rowsOf(db: Database.Database): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [table, order] of [
    ['post_segs', 'seg'],
    ['post_blocks', 'seg, key'],
    ['post_pos', 'seg, key'],
    ['post_skips', 'seg, key'],
  ] as const) {
    out[table] = (db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).raw().all() as unknown[][]).map((row) =>
      row.map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : String(v))).join(' '),
    );
  }
  return out;
}

/** The collector's entries and field lengths for these documents (ids ascending), as the index writer takes them. */
function collect(db: Database.Database, docs: readonly { id: number; fts: string[] }[]): [Buffer, Buffer] {
  const index = db.prepare(`SELECT patlas_post_index(?${', ?'.repeat(FTS_COLUMNS.length)})`);
  for (const d of docs) index.get(d.id, ...d.fts);
  const lengths = db.prepare('SELECT patlas_post_lengths()').pluck().get() as Buffer;
  return [db.prepare('SELECT patlas_post_take()').pluck().get() as Buffer, lengths];
}

/** Writes each batch through the collector into both files (C and JavaScript), merging as the index writer does. */
function writeBoth(
  files: { db: Database.Database; writer: PostingsWriter }[],
  batches: readonly { id: number; fts: string[] }[][],
): void {
  for (const batch of batches) {
    for (const { db, writer } of files) {
      db.transaction(() => {
        const [entries, lengths] = collect(db, batch);
        writer.writeCollected(
          entries,
          batch.map((d) => d.id),
          lengths,
        );
      }).immediate();
      writer.mergeFull();
    }
  }
}

describe('postings segments written and merged in C (native/patlas-segments.c)', () => {
  const pair = () => {
    const c = openFile();
    const js = openFile();
    const files = [
      { db: c, writer: new PostingsWriter(c) },
      { db: js, writer: new PostingsWriter(js, { native: false }) },
    ];
    return { c, js, files };
  };

  it('are on every connection that loaded the extension, and not on one that did not', () => {
    expect(new PostingsWriter(openFile()).native).toBe(true);
    const plain = new Database(':memory:');
    plain.exec(POSTINGS_SCHEMA);
    expect(new PostingsWriter(plain).native).toBe(false);
  });

  it('are the JavaScript writer’s rows, byte for byte, through batches whose ids follow each other and their merges', () => {
    const { c, js, files } = pair();
    const rand = createRandom(4401);
    let id = 0;
    // Two levels of merges: MERGE_FACTOR² batches.
    const batches = Array.from({ length: MERGE_FACTOR * MERGE_FACTOR + 3 }, () =>
      Array.from({ length: 20 + Math.floor(rand() * 30) }, () => ({
        id: (id += 1 + Math.floor(rand() * 3)),
        fts: docFts(rand),
      })),
    );
    writeBoth(files, batches);
    const got = rowsOf(c);
    const want = rowsOf(js);
    // The paths the C writer has: skip data, positions apart, entries alone in their block, both merge levels.
    expect(got.post_skips?.length).toBeGreaterThan(3);
    expect(got.post_pos?.length).toBeGreaterThan(3);
    expect(c.prepare('SELECT max(level) FROM post_segs').pluck().get()).toBe(2);
    const longest = c.prepare('SELECT max(length(data)) FROM post_blocks').pluck().get() as number;
    expect(longest).toBeGreaterThan(OWN_BLOCK_BYTES);
    expect(c.prepare('SELECT max(length(pos)) FROM post_pos').pluck().get()).toBeGreaterThan(INLINE_POSITIONS);
    expect(id).toBeGreaterThan(SKIP_MIN * 4);
    expect(got).toEqual(want);
  });

  it('are the JavaScript writer’s rows when the merged segments’ ids interleave', () => {
    const { c, js, files } = pair();
    const rand = createRandom(4402);
    // Batch k holds the ids ≡ k (mod MERGE_FACTOR): every common token's lists interleave in a merge.
    const batches = Array.from({ length: MERGE_FACTOR }, (_, k) =>
      Array.from({ length: 60 }, (_, i) => ({ id: 1 + i * MERGE_FACTOR + k, fts: docFts(rand) })),
    );
    writeBoth(files, batches);
    expect(c.prepare('SELECT count(*), max(level) FROM post_segs').raw().get()).toEqual([1, 1]);
    expect(rowsOf(c)).toEqual(rowsOf(js));
  });

  it('leave a merge whose members hold rewritten documents to JavaScript, and read back as a direct scan of the live documents', () => {
    const { c, js, files } = pair();
    const rand = createRandom(4403);
    const live = new Map<number, string[]>();
    const batches = Array.from({ length: MERGE_FACTOR }, (_, k) => {
      // Every other batch rewrites some earlier documents: their first segments turn stale.
      const ids = new Set<number>(Array.from({ length: 40 }, (_, i) => 1 + k * 40 + i));
      if (k % 2 === 1) for (let i = 0; i < 10; i++) ids.add(1 + Math.floor(rand() * k * 40));
      return [...ids].sort((a, b) => a - b).map((id) => ({ id, fts: docFts(rand) }));
    });
    for (const batch of batches) for (const d of batch) live.set(d.id, d.fts);
    writeBoth(files, batches);
    expect(rowsOf(c)).toEqual(rowsOf(js));
    // The merged segment answers a common token as the live documents hold it.
    const reader = new SegmentPostings(c);
    const col = FTS_COLUMNS.indexOf('clm');
    const want = [...live.keys()]
      .filter((id) => ((live.get(id) as string[])[col] ?? '').split(' ').includes('cell'))
      .sort((a, b) => a - b);
    expect([...reader.docs('clm', 'cell')]).toEqual(want);
  });

  it('refuse a malformed blob of entries with an error, writing nothing', () => {
    const db = openFile();
    const writer = new PostingsWriter(db);
    const [entries, lengths] = collect(db, [{ id: 1, fts: docFts(createRandom(1)) }]);
    expect(() =>
      db.transaction(() => writer.writeCollected(entries.subarray(0, entries.length - 3), [1], lengths)).immediate(),
    ).toThrow(/malformed postings entry/);
    expect(db.prepare('SELECT count(*) FROM post_blocks').pluck().get()).toBe(0);
  });
});
