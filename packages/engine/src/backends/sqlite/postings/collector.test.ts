import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createIndexSchema, FTS_COLUMNS } from '../index-schema.js';
import { IndexWriter, type PreparedDoc } from '../index-writer.js';
import { loadNativeExtension } from '../native-extension.js';
import { BlockReader, PositionsAt } from './segment-blocks.js';
import { POSTINGS_SCHEMA } from './segment-store.js';
import { PostingsWriter } from './segment-writer.js';

/** Every entry of a file's postings: key → documents, counts, positions (as bytes, inline or apart). */
function entriesOf(db: Database.Database): Map<string, string> {
  const out = new Map<string, string>();
  const apart = db.prepare('SELECT pos FROM post_pos WHERE seg = ? AND key = ?').pluck();
  for (const { seg, data } of db.prepare('SELECT seg, data FROM post_blocks ORDER BY seg, key').all() as {
    seg: number;
    data: Buffer;
  }[]) {
    const reader = new BlockReader(data);
    for (let e = reader.next(); e; e = reader.next()) {
      const pos = e.positionsAt === PositionsAt.Apart ? (apart.get(seg, Buffer.from(e.key)) as Buffer) : e.pos;
      out.set(
        Buffer.from(e.key).toString('hex'),
        [
          e.n,
          Buffer.from(e.docs).toString('hex'),
          Buffer.from(e.freqs).toString('hex'),
          e.positionsAt === PositionsAt.None ? '-' : Buffer.from(pos).toString('hex'),
        ].join(' '),
      );
    }
  }
  return out;
}

const WORDS = [
  '电池',
  '池组',
  '组',
  '锂电',
  '电',
  'Batteri',
  'cell',
  'H01M4x525',
  'ＡＢＣ',
  'naïve',
  '데이터',
  '𠀋字',
  'x',
];

describe('the postings the tokenizer collects (native/patlas-postings.c)', () => {
  it('are the postings the reference builder makes of the same token strings', () => {
    const docs: PreparedDoc[] = [];
    let seed = 7;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 120; i++) {
      const fts = FTS_COLUMNS.map((_, c) =>
        c % 7 === 3 || rand() < 0.5
          ? ''
          : Array.from({ length: 1 + Math.floor(rand() * 60) }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(
              ' ',
            ),
      );
      docs.push({ pn: `CN${i}A`, row: '{}', texts: '', cols: '{}', fts, version: '1' });
    }
    const native = new Database(':memory:');
    loadNativeExtension(native);
    createIndexSchema(native, { postings: 'both' });
    native.exec('CREATE TABLE IF NOT EXISTS doc_cols (id INTEGER PRIMARY KEY, cols TEXT NOT NULL)');
    const ids = new IndexWriter(native).write({ docs, words: [] });

    const reference = new Database(':memory:');
    reference.exec(POSTINGS_SCHEMA);
    reference.transaction(() =>
      new PostingsWriter(reference).writeSegment(docs.map((d, i) => ({ id: ids[i] as number, fts: d.fts }))),
    )();

    const got = entriesOf(native);
    const want = entriesOf(reference);
    expect(got.size).toBeGreaterThan(100);
    expect([...got.keys()]).toEqual([...want.keys()]);
    for (const [key, value] of want) expect(got.get(key), key).toBe(value);
    // The field lengths (patlas_post_lengths) are the reference's token counts too.
    const lengthsOf = (db: Database.Database): string =>
      (db.prepare('SELECT lens FROM post_segs ORDER BY seg').pluck().all() as Buffer[])
        .map((b) => b.toString('hex'))
        .join(',');
    expect(lengthsOf(native).length).toBeGreaterThan(100);
    expect(lengthsOf(native)).toBe(lengthsOf(reference));
  });
});
