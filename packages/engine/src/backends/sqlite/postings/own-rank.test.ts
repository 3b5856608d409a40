import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../linear-algebra/random.js';
import { BM25_WEIGHTS, FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { parseMatch } from './match-syntax.js';
import { evaluateMatch } from './match-eval.js';
import { memoryPostingSource, type MemoryDocument } from './memory-source.js';
import {
  BM25F_B,
  BM25F_K1,
  bm25fScores,
  bm25fScoresTop,
  bm25fTop,
  HELD_PHRASE_COUNTS,
  holdsOnePhrase,
  isDisjunction,
  rankedPhrases,
  type RankedPhrase,
  type RankStatistics,
} from './own-rank.js';
import { unicode61Tokens } from './posting-source.js';

const LENGTH_COLUMNS = 5;
const COLUMNS: FtsColumn[] = ['clm', 'ti', 'ab', 'desc', 'tiw', 'pa'];
const VOCAB = ['电池', '池正', '正极', '极材', '材料', '电', 'cell', 'cells', 'cellar', 'anode', 'x'];

/** The score as the formula reads, from the documents' token lists alone. */
function directScores(docs: readonly MemoryDocument[], match: string, ids: readonly number[]): number[] {
  const tokens = new Map(
    docs.map((d) => [
      d.id,
      Object.fromEntries(COLUMNS.map((c) => [c, unicode61Tokens(d.columns[c] ?? '')])) as Record<FtsColumn, string[]>,
    ]),
  );
  const totals = COLUMNS.slice(0, LENGTH_COLUMNS).map((c) =>
    docs.reduce((sum, d) => sum + (tokens.get(d.id) as Record<FtsColumn, string[]>)[c].length, 0),
  );
  const occurrences = (list: readonly string[], terms: RankedPhrase['phrase']['terms']): number => {
    let n = 0;
    for (let s = 0; s + terms.length <= list.length; s++)
      if (terms.every((t, k) => (t.prefix ? list[s + k]?.startsWith(t.token) : list[s + k] === t.token))) n++;
    return n;
  };
  const phrases = rankedPhrases(parseMatch(match));
  return ids.map((id) => {
    const doc = tokens.get(id) as Record<FtsColumn, string[]>;
    let score = 0;
    for (const { phrase, columns } of phrases) {
      const df = docs.filter((d) =>
        columns.some((c) => occurrences((tokens.get(d.id) as Record<FtsColumn, string[]>)[c] ?? [], phrase.terms) > 0),
      ).length;
      const idf = Math.max(Math.log((docs.length - df + 0.5) / (df + 0.5)), 1e-6);
      let tf = 0;
      for (const c of columns) {
        const i = FTS_COLUMNS.indexOf(c);
        const count = occurrences(doc[c] ?? [], phrase.terms);
        if (count === 0) continue;
        const norm =
          i < LENGTH_COLUMNS ? 1 - BM25F_B + (BM25F_B * doc[c].length) / ((totals[i] as number) / docs.length) : 1;
        tf += ((BM25_WEIGHTS[i] as number) * count) / norm;
      }
      if (tf > 0) score += (idf * tf * (BM25F_K1 + 1)) / (tf + BM25F_K1);
    }
    return score;
  });
}

/** The field lengths and their totals of documents numbered 1…n (segment-store.ts LiveDocs, directly). */
function statisticsOf(docs: readonly MemoryDocument[]): RankStatistics {
  const lengths = new Uint32Array((docs.length + 1) * LENGTH_COLUMNS);
  const totals = new Float64Array(LENGTH_COLUMNS);
  for (const d of docs)
    for (let c = 0; c < LENGTH_COLUMNS; c++) {
      const length = unicode61Tokens(d.columns[FTS_COLUMNS[c] as FtsColumn] ?? '').length;
      lengths[d.id * LENGTH_COLUMNS + c] = length;
      totals[c] = (totals[c] as number) + length;
    }
  return { lengths, totals, live: docs.length };
}

function randomDocs(seed: number, n: number): MemoryDocument[] {
  const rand = createRandom(seed);
  const text = (max: number): string =>
    Array.from({ length: Math.floor(rand() * max) }, () => VOCAB[Math.floor(rand() * VOCAB.length)]).join(' ');
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    columns: { clm: text(40), ti: text(6), ab: text(20), desc: text(80), tiw: text(3), pa: text(2) },
  }));
}

describe('BM25F on the engine postings (own-rank.ts)', () => {
  const docs = randomDocs(44, 300);
  const source = memoryPostingSource(docs);
  const stats = statisticsOf(docs);
  const scoresOf = (match: string, ids: Int32Array): Float64Array =>
    bm25fScores(
      source,
      stats,
      LENGTH_COLUMNS,
      parseMatch(match),
      ids,
      BM25_WEIGHTS,
      ({ phrase, columns }) => evaluateMatch(source, phrase, columns).length,
    );

  it.each([
    '"电池"',
    '{ti tiw}: ("电池")',
    '"电池" + "池正" + "正极"',
    '{clm ab desc}: ("cell"*)',
    '("电池" OR "anode") NOT "x"',
    '{ti ab}: (NEAR("正极" "材料", 3)) AND "cell"',
    '{pa}: ("cells") OR {ti}: ("电" + "池正")',
  ])('scores %s as the formula computed from the token lists', (match) => {
    const ids = evaluateMatch(source, parseMatch(match), FTS_COLUMNS);
    expect(ids.length).toBeGreaterThan(0);
    const got = [...scoresOf(match, ids)];
    const want = directScores(docs, match, [...ids]);
    got.forEach((score, i) => expect(score).toBeCloseTo(want[i] as number, 9));
    expect(got.some((s) => s > 0)).toBe(true);
  });

  it('gives a document the same score whatever else is scored with it', () => {
    const match = '"电池" OR "cell"';
    const ids = evaluateMatch(source, parseMatch(match), FTS_COLUMNS);
    const all = scoresOf(match, ids);
    const some = ids.filter((_, i) => i % 4 === 1);
    const part = scoresOf(match, some);
    some.forEach((id, i) => expect(part[i]).toBe(all[ids.indexOf(id)]));
  });

  it('normalises each field by its own length: a title hit in a short title outweighs one in a long title', () => {
    const pair: MemoryDocument[] = [
      { id: 1, columns: { ti: '电池', desc: Array(200).fill('x').join(' ') } },
      { id: 2, columns: { ti: `电池 ${Array(20).fill('x').join(' ')}` } },
      ...randomDocs(7, 50).map((d) => ({ ...d, id: d.id + 2 })),
    ];
    const s = memoryPostingSource(pair);
    const [short, long] = bm25fScores(
      s,
      statisticsOf(pair),
      LENGTH_COLUMNS,
      parseMatch('{ti}: ("电池")'),
      Int32Array.of(1, 2),
      BM25_WEIGHTS,
      ({ phrase, columns }) => evaluateMatch(s, phrase, columns).length,
    );
    // Under FTS5's bm25() the long description of document 1 made it rank below document 2.
    expect(short).toBeGreaterThan(long as number);
  });
});

describe('the best hits of an OR of phrases without scoring every hit (bm25fTop)', () => {
  const docs = randomDocs(45, 400);
  // A rare word in a few titles: its bound is far above the common words'.
  for (const d of docs.slice(0, 12)) d.columns.ti = `稀有 ${d.columns.ti ?? ''}`;
  const source = memoryPostingSource(docs);
  const stats = statisticsOf(docs);
  const frequency = ({ phrase, columns }: RankedPhrase): number => evaluateMatch(source, phrase, columns).length;
  /** The full sort: every hit scored, best first, ties by id. */
  const fullSort = (match: string, limit: number): [number, number][] => {
    const ids = evaluateMatch(source, parseMatch(match), FTS_COLUMNS);
    const scores = bm25fScores(source, stats, LENGTH_COLUMNS, parseMatch(match), ids, BM25_WEIGHTS, frequency);
    return [...ids]
      .map((id, i): [number, number] => [id, scores[i] as number])
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit);
  };
  const top = (match: string, limit: number, asked: string[] = []): [number, number][] => {
    const { ids, scores } = bm25fTop(
      source,
      stats,
      LENGTH_COLUMNS,
      parseMatch(match),
      BM25_WEIGHTS,
      limit,
      frequency,
      (ranked) => {
        asked.push(`${ranked.columns.join(' ')}:${ranked.phrase.terms.map((t) => t.token).join(' ')}`);
        return evaluateMatch(source, ranked.phrase, ranked.columns);
      },
    );
    return [...ids].map((id, i) => [id, scores[i] as number]);
  };

  it.each([
    ['"电池"', 10],
    ['"电池" OR "cell" OR "x"', 1],
    ['"电池" OR "cell" OR "x"', 25],
    ['{ti tiw}: ("稀有") OR "x" OR "anode"', 5],
    ['{ti}: ("电池" OR "正极") OR {ab clm}: ("电" + "池正" OR "cell"*)', 40],
    ['{pa}: ("cells") OR {ti}: ("稀有")', 1000],
  ] as const)('finds the best of %s (limit %d) in the full sort’s order', (match, limit) => {
    expect(isDisjunction(parseMatch(match))).toBe(true);
    const want = fullSort(match, limit);
    const got = top(match, limit);
    expect(got.map(([id]) => id)).toEqual(want.map(([id]) => id));
    got.forEach(([, score], i) => expect(score).toBe((want[i] as [number, number])[1]));
  });

  it('never reads the documents of a common phrase the best hits do not need', () => {
    const asked: string[] = [];
    const match = '{ti tiw}: ("稀有") OR "x"';
    expect(top(match, 5, asked).map(([id]) => id)).toEqual(fullSort(match, 5).map(([id]) => id));
    expect(asked).toEqual(['ti tiw:稀有']);
    // With more asked for than the rare word finds, the common one is read too.
    const all: string[] = [];
    expect(top(match, 50, all).map(([id]) => id)).toEqual(fullSort(match, 50).map(([id]) => id));
    expect(all).toHaveLength(2);
  });

  it('is not taken for a MATCH whose hits are not the union of its phrases', () => {
    for (const match of ['"电池" AND "cell"', '"电池" NOT "x"', 'NEAR("正极" "材料", 3)'])
      expect(isDisjunction(parseMatch(match))).toBe(false);
  });
});

describe('only the best scored exactly (bm25fScoresTop)', () => {
  const docs = randomDocs(46, 500);
  const source = memoryPostingSource(docs);
  const stats = statisticsOf(docs);
  const frequency = ({ phrase, columns }: RankedPhrase): number => evaluateMatch(source, phrase, columns).length;

  it.each([
    ['"电池" + "池正" + "正极"', 3],
    ['"电池" + "池正" OR "正极" + "极材" OR "cell"', 20],
    ['{ti ab}: ("电" + "池正") OR {clm}: ("极材" + "材料" + "cell"*)', 7],
    ['"电池" + "池正" OR "anode"', 1],
    ['"电池" OR "cell"', 5],
  ] as const)('gives %s’s best %d exactly, in the full scoring’s order, and the rest below them', (match, k) => {
    const ast = parseMatch(match);
    const ids = evaluateMatch(source, ast, FTS_COLUMNS);
    expect(ids.length).toBeGreaterThan(k * 3);
    const exact = bm25fScores(source, stats, LENGTH_COLUMNS, ast, ids, BM25_WEIGHTS, frequency);
    const got = bm25fScoresTop(source, stats, LENGTH_COLUMNS, ast, ids, BM25_WEIGHTS, frequency, k);
    const bestOf = (scores: Float64Array): number[] =>
      [...ids.keys()].sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b).slice(0, k);
    const want = bestOf(exact);
    expect(bestOf(got)).toEqual(want);
    for (const i of want) expect(got[i]).toBe(exact[i]);
    const least = Math.min(...want.map((i) => exact[i] as number));
    // Every other entry: its exact score or a bound on it, below the k-th best.
    ids.forEach((_, i) => {
      if (want.includes(i)) return;
      expect(got[i]).toBeGreaterThanOrEqual(exact[i] as number);
      expect(got[i]).toBeLessThanOrEqual(least);
    });
  });
});

describe('the counts of a phrase every hit holds (HELD_PHRASE_COUNTS)', () => {
  // Applicant-like names: the phrase once in most, twice in some, and its rarest term besides it in others.
  const rand = createRandom(47);
  const names = [
    '华为 技术 有限 公司',
    '华为 技术 有限 公司 华为 技术 有限 公司',
    '华为 技术 有限 公司 华为 终端',
    '中兴 华为 技术 有限 公司 技术',
  ];
  const docs: MemoryDocument[] = Array.from({ length: 600 }, (_, i) => ({
    id: i + 1,
    columns: { pa: rand() < 0.4 ? (names[Math.floor(rand() * names.length)] as string) : '中兴 通讯 有限 公司' },
  }));
  const source = memoryPostingSource(docs);
  const stats = statisticsOf(docs);
  const frequency = ({ phrase, columns }: RankedPhrase): number => evaluateMatch(source, phrase, columns).length;

  it.each(['{pa}: "华为 技术 有限 公司"', '{pa}: ("华为 技术" NOT "终端")', '{pa}: "有限 公司"'])(
    'scores %s’s hits as the positions do',
    (match) => {
      const ast = parseMatch(match);
      expect(holdsOnePhrase(ast)).toBe(true);
      const ids = evaluateMatch(source, ast, FTS_COLUMNS);
      expect(ids.length).toBeGreaterThan(100);
      const exact = bm25fScores(source, stats, LENGTH_COLUMNS, ast, ids, BM25_WEIGHTS, frequency);
      const held = bm25fScores(source, stats, LENGTH_COLUMNS, ast, ids, BM25_WEIGHTS, frequency, HELD_PHRASE_COUNTS);
      expect([...held]).toEqual([...exact]);
      // Hits holding the phrase twice score above those holding it once.
      expect(new Set(exact).size).toBeGreaterThan(1);
    },
  );

  it('is not for a MATCH of several phrases or columns', () => {
    for (const match of ['{pa}: ("华为" OR "中兴")', '{pa ti}: "华为"', '"华为"'])
      expect(holdsOnePhrase(parseMatch(match))).toBe(false);
  });
});
