/**
 * The keyword side of a semantic search at the search benchmark's scale (issue 24: "query latency
 * p95 at the 1M benchmark index ≤ 150 ms"): short texts searched with the shipped word vectors'
 * key terms, whole phrase, expansion and back-off, ranked by BM25 on the index search.bench.ts
 * built (`--size`, `--profile`, reused; build it with that benchmark first). The vector side (query
 * vector and the HNSW index) is bench/semantic-ann.bench.ts; a search's time is about the sum.
 *
 *   npx tsx --conditions=@patlas/source bench/semantic-latency.bench.ts --size 1000000 --profile full
 *
 * Queries: Chinese words of 2–4 characters and English words from the generator's vocabulary
 * (bench/corpus-stats.json, by document frequency rank, so common and rare terms both appear), and
 * a few sentences, the forms users type into the semantic tab.
 *
 * `--postings fts5,own` (the default): each run on FTS5's postings and bm25(), then on the engine's
 * own postings and BM25F (issue 44), on the same file (search.bench.ts builds it with both).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSqliteEngine, loadWordVectors, type PostingsMode } from '@patlas/engine';
import { loadCorpusStats } from './corpus.js';
import { outFile, REPO_ROOT } from './src/paths.js';
import { formatMs, percentile } from './src/search-stats.js';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '42' },
    profile: { type: 'string', default: 'full' },
    queries: { type: 'string', default: '60' },
    // `--expand false`: without the shipped vectors' expansion terms (the keyword side before issue 24 added them).
    expand: { type: 'string', default: 'true' },
    vectors: { type: 'string', default: path.join(REPO_ROOT, 'data/vectors/patlas-ft.vec') },
    postings: { type: 'string', default: 'fts5,own' },
  },
});

const file = outFile(`search-${args.size}-${args.seed}-${args.profile}.db`);
if (!existsSync(file)) {
  console.log(
    `no index at ${path.relative(process.cwd(), file)}: run bench/search.bench.ts with the same --size and --profile first`,
  );
  process.exit(1);
}
let t = performance.now();
const wordVectors = loadWordVectors(readFileSync(args.vectors));
console.log(`shipped vectors loaded in ${formatMs(performance.now() - t)} ms`);

const stats = loadCorpusStats();
const count = Number(args.queries);
const zh = stats.zh.vocab.values.filter((w) => /^[\u4e00-\u9fff]{2,4}$/.test(w));
const en = stats.en.vocab.values.filter((w) => /^[a-z]{5,}$/.test(w));
// Every k-th word from rank 50 on: common and rare terms alike.
const pick = (words: readonly string[], n: number): string[] => {
  const step = Math.max(1, Math.floor((words.length - 50) / n));
  return Array.from({ length: n }, (_, i) => words[50 + i * step]).filter((w): w is string => !!w);
};
const texts = [
  ...pick(zh, Math.ceil(count * 0.6)),
  ...pick(en, Math.ceil(count * 0.25)),
  '一种锂离子电池正极材料及其制备方法',
  '基于深度学习的图像识别方法和装置',
  '无人机电池快速更换装置',
  'a method for wireless charging of an electric vehicle battery',
];

console.log(`expansion ${args.expand !== 'false' ? 'on' : 'off'}`);
for (const postings of args.postings.split(',') as PostingsMode[]) {
  t = performance.now();
  // Every run from nothing (no condition kept between runs, clause-cache.ts): comparable with earlier rounds.
  const engine = createSqliteEngine({ file, wordVectors, clauseCache: { maxMb: 0 }, postings });
  console.log(
    `postings ${postings}: index ${path.relative(process.cwd(), file)} opened in ${formatMs(performance.now() - t)} ms (${await engine.size()} patents)`,
  );
  for (const mode of ['bm25', 'hybrid'] as const) {
    const times: number[] = [];
    let expanded = 0;
    let refused = 0;
    for (const text of texts) {
      const start = performance.now();
      try {
        const res = await engine.semanticSearch({
          text,
          weights: [3, 3, 3, 3],
          mode,
          expand: true,
          page: 1,
          pageSize: 20,
        });
        times.push(performance.now() - start);
        if ((res.expansions?.length ?? 0) > 0) expanded++;
      } catch {
        // A text with no searchable word (a stop word): refused at once, as the product refuses it.
        refused++;
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `${mode} (keyword side${mode === 'hybrid' ? ' + fusion; this index has no document vectors' : ''}): ` +
        `${times.length} texts (${refused} refused: no searchable word), ${expanded} expanded; p50 ${formatMs(percentile(times, 50))} ms, ` +
        `p95 ${formatMs(percentile(times, 95))} ms, max ${formatMs(times[times.length - 1] ?? 0)} ms`,
    );
  }
  await engine.close();
}
