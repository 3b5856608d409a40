import Database from 'better-sqlite3';
import { createRandom } from '../../../linear-algebra/random.js';
import { describe, expect, it } from 'vitest';
import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { ownMatchIds } from './own-match.js';
import { readPostings, unicode61Tokens, type TermPostings } from './posting-source.js';
import { LENGTH_COLUMNS, POSTINGS_SCHEMA, SegmentPostings } from './segment-store.js';
import { SKIP_EVERY } from './segment-skips.js';
import { addMissingSkipData, MERGE_FACTOR, PostingsWriter } from './segment-writer.js';

const CLM = FTS_COLUMNS.indexOf('clm');
const TI = FTS_COLUMNS.indexOf('ti');

const VOCAB = ['电池', '池组', '组', '电', '电极', '极片', '片', 'batteri', 'cell', 'h01m4x525', 'Data', '数据', '据'];

function randomText(rand: () => number): string {
  const n = Math.floor(rand() * 12);
  return Array.from({ length: n }, () => VOCAB[Math.floor(rand() * VOCAB.length)]).join(' ');
}

function ftsOf(columns: Partial<Record<FtsColumn, string>>): string[] {
  return FTS_COLUMNS.map((c) => columns[c] ?? '');
}

/** What a (column, token) should hold: the live documents' positions, by a direct scan. */
function expected(live: Map<number, string[]>, col: number, match: (token: string) => boolean): TermPostings {
  const ids: number[] = [];
  const offsets: number[] = [0];
  const positions: number[] = [];
  for (const id of [...live.keys()].sort((a, b) => a - b)) {
    const tokens = unicode61Tokens((live.get(id) as string[])[col] ?? '');
    const at = tokens.flatMap((t, i) => (match(t) ? [i] : []));
    if (at.length === 0) continue;
    ids.push(id);
    positions.push(...at);
    offsets.push(positions.length);
  }
  return { ids: Int32Array.from(ids), offsets: Int32Array.from(offsets), positions: Int32Array.from(positions) };
}

/** An empty postings store in memory, with its writer and a reader. */
function newStore(): { db: Database.Database; writer: PostingsWriter; reader: SegmentPostings } {
  const db = new Database(':memory:');
  db.exec(POSTINGS_SCHEMA);
  return { db, writer: new PostingsWriter(db), reader: new SegmentPostings(db) };
}

describe('the engine postings segment store', () => {
  it('answers each token and prefix as a direct scan does, through writes, rewrites, removals and merges', () => {
    const { db, writer, reader } = newStore();
    const rand = createRandom(44);
    const live = new Map<number, string[]>();
    for (let round = 0; round < 60; round++) {
      const docs = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => {
        // New documents and rewrites of earlier ones, as upserts give them.
        const id =
          rand() < 0.3 && live.size > 0
            ? 1 + Math.floor(rand() * (live.size + 5))
            : 1 + live.size + Math.floor(rand() * 1000);
        return { id, fts: ftsOf({ clm: randomText(rand), ti: randomText(rand) }) };
      });
      const unique = [...new Map(docs.map((d) => [d.id, d])).values()];
      db.transaction(() => writer.writeSegment(unique))();
      for (const d of unique) live.set(d.id, [...d.fts]);
      if (round % 7 === 3) {
        const gone = [...live.keys()].filter(() => rand() < 0.2);
        db.transaction(() => writer.writeSegment([], gone))();
        for (const id of gone) live.delete(id);
      }
      writer.mergeFull();
      // The live documents the long-lived reader follows segment by segment are those a fresh
      // reader computes from all segments, and those written: owners, field lengths, totals.
      reader.read(() => {
        const followed = reader.liveDocs();
        const fresh = new SegmentPostings(db);
        fresh.read(() => {
          const all = fresh.liveDocs();
          expect(followed.live).toBe(live.size);
          expect([...followed.totals]).toEqual([...all.totals]);
          expect([...followed.stale].sort()).toEqual([...all.stale].sort());
          const totals = new Array<number>(LENGTH_COLUMNS).fill(0);
          for (const [id, fts] of live) {
            expect(followed.owner[id]).toBe(all.owner[id]);
            for (let c = 0; c < LENGTH_COLUMNS; c++) {
              const length = unicode61Tokens(fts[c] ?? '').length;
              expect(followed.lengths[id * LENGTH_COLUMNS + c]).toBe(length);
              totals[c] = (totals[c] as number) + length;
            }
          }
          expect([...followed.totals]).toEqual(totals);
        });
      });
      for (const token of ['电池', '组', 'batteri', 'h01m4x525', 'data']) {
        for (const col of [CLM, TI]) {
          const want = expected(live, col, (t) => t === token);
          const column = FTS_COLUMNS[col] as FtsColumn;
          reader.read(() => {
            expect([...reader.docs(column, token)]).toEqual([...want.ids]);
            const got = readPostings(reader.cursor(column, token), reader.docs(column, token));
            expect([...got.ids]).toEqual([...want.ids]);
            expect([...got.offsets]).toEqual([...want.offsets]);
            expect([...got.positions]).toEqual([...want.positions]);
            // Only some documents' positions asked for: those, exactly.
            const within = want.ids.filter((_, i) => i % 3 !== 1);
            const part = readPostings(reader.cursor(column, token), within);
            expect([...part.ids]).toEqual([...within]);
            const wanted = [...within].flatMap((id) => {
              const i = want.ids.indexOf(id);
              return [...want.positions.subarray(want.offsets[i], want.offsets[i + 1])];
            });
            expect([...part.positions]).toEqual(wanted);
            // Occurrence counts without positions (BM25F's term frequencies), 0 where absent.
            const countsAsked = Int32Array.from([0, ...want.ids.filter((_, i) => i % 2 === 0), 5000]).sort();
            const counts = [...reader.counts(column, token, countsAsked)];
            expect(counts).toEqual(
              [...countsAsked].map((id) => {
                const i = want.ids.indexOf(id);
                return i < 0 ? 0 : (want.offsets[i + 1] as number) - (want.offsets[i] as number);
              }),
            );
            // Every document asked, with the token or not, removed or never written: the same list.
            const asked = Int32Array.from({ length: (want.ids.at(-1) ?? 0) + 2 }, (_, i) => i);
            const all = readPostings(reader.cursor(column, token), asked);
            expect([...all.ids]).toEqual([...want.ids]);
            expect([...all.positions]).toEqual([...want.positions]);
          });
        }
      }
      for (const prefix of ['电', '数', 'bat', 'h01m4', '极']) {
        const want = expected(live, CLM, (t) => t.startsWith(prefix));
        reader.read(() => {
          expect([...reader.prefixDocs('clm', prefix)]).toEqual([...want.ids]);
          const got = readPostings(reader.prefixCursor('clm', prefix), reader.prefixDocs('clm', prefix));
          // Occurrences of every token with the prefix, per document asked, without positions.
          const asked = Int32Array.from([0, ...want.ids.filter((_, i) => i % 2 === 1), 5000]).sort();
          expect([...reader.prefixCounts('clm', prefix, asked)]).toEqual(
            [...asked].map((id) => {
              const i = want.ids.indexOf(id);
              return i < 0 ? 0 : (want.offsets[i + 1] as number) - (want.offsets[i] as number);
            }),
          );
          expect([...got.ids]).toEqual([...want.ids]);
          expect([...got.positions]).toEqual([...want.positions]);
        });
      }
    }
    const levels = db.prepare('SELECT level, count(*) AS n FROM post_segs GROUP BY level').all() as {
      level: number;
      n: number;
    }[];
    expect(levels.every((l) => l.n < MERGE_FACTOR)).toBe(true);
    expect(levels.some((l) => l.level > 0)).toBe(true);
  });

  it('keeps long decoded lists between reads, shares them, copies what leaves, and forgets them when the segments change', () => {
    const { db, writer, reader } = newStore();
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    db.transaction(() =>
      writer.writeSegment(ids.map((id) => ({ id, fts: ftsOf({ clm: `电池 ${id % 2 ? 'odd' : 'even'}` }) }))),
    )();
    expect([...reader.read(() => reader.docs('clm', '电池'))]).toEqual(ids);
    // The second read answers from the kept list.
    const again = reader.read(() => reader.docs('clm', '电池'));
    expect([...again]).toEqual(ids);
    expect(reader.shares(again)).toBe(true);
    // What leaves the postings is a copy: a caller reordering it changes nothing for the next one.
    const out = ownMatchIds(reader, '{clm}: "电池"');
    expect(reader.shares(out)).toBe(false);
    out.fill(0);
    expect([...ownMatchIds(reader, '{clm}: "电池"')]).toEqual(ids);
    expect([...reader.read(() => reader.docs('clm', '电池'))]).toEqual(ids);
    // Another write (a removal): the kept list is not answered any more.
    db.transaction(() => writer.writeSegment([], [1, 2, 3]))();
    expect([...reader.read(() => reader.docs('clm', '电池'))]).toEqual(ids.slice(3));
    expect(reader.read(() => reader.docs('clm', 'odd')).length).toBe(1498);
  });
  it('counts a few documents of a long list from its kept decoded ids as a full pass does, rewrites included', () => {
    const { db, writer, reader } = newStore();
    const text = (id: number, times: number): string => Array(times).fill('电池').join(' ') + ` x${id}`;
    const ids = Array.from({ length: 4000 }, (_, i) => i + 1);
    db.transaction(() => writer.writeSegment(ids.map((id) => ({ id, fts: ftsOf({ clm: text(id, 1 + (id % 3)) }) }))))();
    // A second long segment, and rewrites of the first's documents: their counts are the new ones.
    const more = Array.from({ length: 2000 }, (_, i) => 4001 + i);
    const rewritten = ids.filter((id) => id % 7 === 0);
    db.transaction(() =>
      writer.writeSegment([
        ...more.map((id) => ({ id, fts: ftsOf({ clm: text(id, 2) }) })),
        ...rewritten.map((id) => ({ id, fts: ftsOf({ clm: id % 2 ? text(id, 5) : 'gone' }) })),
      ]),
    )();
    const want = (id: number): number =>
      id > 6000 || id < 1 ? 0 : id > 4000 ? 2 : id % 7 === 0 ? (id % 2 ? 5 : 0) : 1 + (id % 3);
    const everyId = Int32Array.from({ length: 6002 }, (_, i) => i);
    const few = Int32Array.from([0, 5, 7, 14, 21, 700, 3999, 4000, 4001, 5999, 6000, 6001]);
    // More than the entries have runs of SKIP_EVERY, fewer than a quarter of their documents.
    const some = Int32Array.from({ length: 600 }, (_, i) => 1 + i * 10);
    for (let read = 0; read < 2; read++) {
      // A full pass over every id; a few (the runs holding them decoded from the skip data); some
      // (seeking in the decoded lists, twice: decoded, then kept); the few again, from the kept lists.
      expect([...reader.read(() => reader.counts('clm', '电池', everyId))]).toEqual([...everyId].map(want));
      expect([...reader.read(() => reader.counts('clm', '电池', few))]).toEqual([...few].map(want));
      expect([...reader.read(() => reader.counts('clm', '电池', some))]).toEqual([...some].map(want));
      expect([...reader.read(() => reader.counts('clm', '电池', few))]).toEqual([...few].map(want));
    }
    // A removal changes the segments: the kept lists go, and the removed document counts 0.
    db.transaction(() => writer.writeSegment([], [5]))();
    expect([...reader.read(() => reader.counts('clm', '电池', few))]).toEqual(
      [...few].map((id) => (id === 5 ? 0 : want(id))),
    );
  });

  it('seeks and counts in long entries through their skip data as a direct scan does, across merges and rewrites', () => {
    const { db, writer, reader } = newStore();
    const rand = createRandom(128);
    // Long texts so some documents' counts and positions take several bytes each.
    const text = (): string =>
      Array.from({ length: 1 + Math.floor(rand() * (rand() < 0.1 ? 300 : 20)) }, () =>
        rand() < 0.3 ? '电池' : rand() < 0.5 ? '组' : 'x',
      ).join(' ');
    const live = new Map<number, string[]>();
    const write = (docs: { id: number; fts: string[] }[], dead: number[] = []): void => {
      db.transaction(() => writer.writeSegment(docs, dead))();
      for (const d of docs) live.set(d.id, d.fts);
      for (const id of dead) live.delete(id);
      writer.mergeFull();
    };
    // MERGE_FACTOR segments of 700 documents merge into one of 7,000; then rewrites and removals.
    for (let s = 0; s < MERGE_FACTOR; s++)
      write(Array.from({ length: 700 }, (_, i) => ({ id: 1 + s * 700 + i, fts: ftsOf({ clm: text() }) })));
    expect(db.prepare('SELECT count(*) FROM post_skips').pluck().get()).toBeGreaterThan(0);
    const check = (): void => {
      reader.read(() => {
        // A floor on each long list's live documents from its skip data alone: never above the
        // count, rewritten and removed documents taken off, and within a run per segment of it.
        const segments = db.prepare('SELECT count(*) FROM post_segs').pluck().get() as number;
        const retired = [...reader.liveDocs().retired.values()].reduce((sum, n) => sum + n, 0);
        for (const [token, prefix] of [
          ['电池', false],
          ['组', false],
          ['电', true],
        ] as const) {
          const want = expected(live, CLM, (t) => (prefix ? t.startsWith(token) : t === token)).ids.length;
          const atLeast = reader.docCountAtLeast('clm', token, prefix);
          expect(atLeast).toBeLessThanOrEqual(want);
          expect(atLeast).toBeGreaterThan(want - segments * SKIP_EVERY - retired);
        }
        // Nothing cheap to tell for another prefix, nor for a list too short for skip data.
        expect(reader.docCountAtLeast('clm', 'x', true)).toBe(0);
        expect(reader.docCountAtLeast('ti', '电池', false)).toBe(0);
      });
      for (const token of ['电池', '组']) {
        const want = expected(live, CLM, (t) => t === token);
        reader.read(() => {
          for (const every of [3000, 1000, 500, 97, 3, 1]) {
            const within = want.ids.filter((_, i) => (i * 7919) % every === 0);
            // Past the list's last document too: the cursor answers nothing more.
            const got = readPostings(reader.cursor('clm', token), Int32Array.from([...within, 99998, 99999]));
            expect([...got.ids]).toEqual([...within]);
            const positions = [...within].flatMap((id) => {
              const i = want.ids.indexOf(id);
              return [...want.positions.subarray(want.offsets[i], want.offsets[i + 1])];
            });
            expect([...got.positions]).toEqual(positions);
            const asked = Int32Array.from(new Set([0, ...within, ...within.map((id) => id + 1), 99999])).sort();
            expect([...reader.counts('clm', token, asked)]).toEqual(
              [...asked].map((id) => {
                const i = want.ids.indexOf(id);
                return i < 0 ? 0 : (want.offsets[i + 1] as number) - (want.offsets[i] as number);
              }),
            );
          }
        });
      }
    };
    check();
    // A file written before skip data: its segments get it once, as a merge would have written it.
    const skipRows = db.prepare('SELECT seg, key, data FROM post_skips ORDER BY seg, key');
    const written = skipRows.all();
    db.exec('DELETE FROM post_skips; CREATE TABLE index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    expect(addMissingSkipData(db)).toBe(written.length);
    expect(skipRows.all()).toEqual(written);
    expect(addMissingSkipData(db)).toBe(0);
    check();
    write(
      Array.from({ length: 800 }, (_, i) => ({ id: 3 + i * 8, fts: ftsOf({ clm: text() }) })),
      // Removed documents other than those rewritten (a batch never does both to one).
      Array.from({ length: 50 }, (_, i) => 5 + i * 131).filter((id) => (id - 3) % 8 !== 0),
    );
    check();
  });

  it('reads every segment’s block directory when it catches up, so a search after a write does not', () => {
    const { db, writer, reader } = newStore();
    const rand = createRandom(9);
    const live = new Map<number, string[]>();
    for (let s = 0; s < 3; s++) {
      const docs = Array.from({ length: 40 }, (_, i) => ({
        id: 1 + s * 40 + i,
        fts: ftsOf({ clm: randomText(rand) }),
      }));
      db.transaction(() => writer.writeSegment(docs))();
      for (const d of docs) live.set(d.id, d.fts);
    }
    // The first call sees the segments; the next, finding them the same, reads their directories.
    reader.catchUp();
    reader.catchUp();
    const late = new SegmentPostings(db);
    // Without its directory index a segment's directory cannot be read: the reader holds them all.
    db.exec('DROP INDEX post_blocks_dir');
    reader.read(() => {
      for (const token of ['电池', 'cell'])
        expect([...reader.docs('clm', token)]).toEqual([...expected(live, CLM, (t) => t === token).ids]);
    });
    // A reader that did not catch up reads them in its first search; so does one that caught up
    // once only, right after the write (the segments may still move: a load under way).
    const other = newStore();
    other.db.transaction(() => other.writer.writeSegment([{ id: 1, fts: ftsOf({ clm: '电池' }) }]))();
    other.reader.catchUp();
    other.db.exec('DROP INDEX post_blocks_dir');
    expect(() => other.reader.read(() => other.reader.docs('clm', '电池'))).toThrow(/post_blocks_dir/);
    expect(() => late.read(() => late.docs('clm', '电池'))).toThrow(/post_blocks_dir/);
  });
});
