import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../linear-algebra/random.js';
import { BM25_WEIGHTS, FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { evaluateMatch } from './match-eval.js';
import { parseMatch } from './match-syntax.js';
import { ownScores, ownTopScores } from './own-match.js';
import { bm25fScores, idfAtFloor, rankedPhrases } from './own-rank.js';
import { LENGTH_COLUMNS, POSTINGS_SCHEMA, SegmentPostings } from './segment-store.js';
import { PostingsWriter } from './segment-writer.js';

/**
 * A phrase in more than half the documents has BM25F's floor idf whatever its exact count, so
 * own-match.ts takes its frequency from the skip data's floor on it (docCountAtLeast) instead of
 * reading its list: the scores must be those of the exact counts.
 */
describe('a common token’s idf from its skip data alone (own-match.ts flooredFrequency)', () => {
  const db = new Database(':memory:');
  db.exec(POSTINGS_SCHEMA);
  const writer = new PostingsWriter(db);
  const rand = createRandom(2026);
  // 电池 in ~80 % of the claims, 组 in ~45 %, 稀有 in a few: only the first is at the floor.
  const claim = (): string =>
    [rand() < 0.8 ? '电池' : '', rand() < 0.45 ? '组' : '', rand() < 0.02 ? '稀有' : '', 'x', 'y']
      .filter(Boolean)
      .join(' ');
  const fts = (text: string): string[] => FTS_COLUMNS.map((c: FtsColumn) => (c === 'clm' ? text : ''));
  db.transaction(() =>
    writer.writeSegment(Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, fts: fts(claim()) }))),
  )();
  // Rewrites and removals: the older segment's overridden documents are taken off the floor.
  db.transaction(() =>
    writer.writeSegment(
      Array.from({ length: 300 }, (_, i) => ({ id: 1 + i * 5, fts: fts(claim()) })),
      Array.from({ length: 40 }, (_, i) => 3 + i * 7),
    ),
  )();

  const match = '{clm}: ("电池" OR "组" OR "稀有")';
  const ast = parseMatch(match);
  const exactScores = (postings: SegmentPostings, ids: Int32Array): Float64Array =>
    postings.read(() =>
      bm25fScores(
        postings,
        postings.liveDocs(),
        LENGTH_COLUMNS,
        ast,
        ids,
        BM25_WEIGHTS,
        ({ phrase, columns }) => evaluateMatch(postings, phrase, columns).length,
      ),
    );

  it('takes the floor for the common token only, and scores as the exact counts do', () => {
    const postings = new SegmentPostings(db);
    const { ids, live, common } = postings.read(() => {
      const docs = postings.liveDocs();
      const commonDocs = evaluateMatch(postings, rankedPhrases(parseMatch('{clm}: "电池"'))[0]!.phrase, ['clm']);
      return { ids: evaluateMatch(postings, ast, FTS_COLUMNS), live: docs.live, common: commonDocs.length };
    });
    const floor = postings.read(() => postings.docCountAtLeast('clm', '电池', false));
    expect(floor).toBeGreaterThan(0);
    expect(floor).toBeLessThan(common);
    expect(idfAtFloor(live, floor)).toBe(true);
    expect(postings.read(() => postings.docCountAtLeast('clm', '组', false))).toBeGreaterThan(0);

    const fresh = new SegmentPostings(db);
    const got = ownScores(fresh, match, ids, BM25_WEIGHTS);
    const want = exactScores(new SegmentPostings(db), ids);
    got.forEach((score, i) => expect(score).toBe(want[i]));
    // The common token's frequency is its floor (its list was not counted); the others' are exact.
    const frequencies = [...fresh.docFrequencies.values()];
    expect(frequencies).toContain(floor);
    expect(frequencies).not.toContain(common);
  });

  it('gives the best hits in the full sort’s order', () => {
    const postings = new SegmentPostings(db);
    const ids = postings.read(() => evaluateMatch(postings, ast, FTS_COLUMNS));
    const exact = exactScores(postings, ids);
    for (const limit of [1, 20, 500]) {
      const top = ownTopScores(new SegmentPostings(db), match, BM25_WEIGHTS, limit);
      const want = [...ids.keys()]
        .sort((a, b) => (exact[b] as number) - (exact[a] as number) || (ids[a] as number) - (ids[b] as number))
        .slice(0, limit);
      expect([...top!.ids]).toEqual(want.map((i) => ids[i]));
      expect([...top!.scores]).toEqual(want.map((i) => exact[i]));
    }
  });
});
