/**
 * Semantic search quality and speed (issue 7: "Quality is measured, not assumed"; issue 24: the
 * shipped word vectors against the corpus-learned LSA space).
 *
 *   PATLAS_SHARED_DATA=../shared/data npx tsx --conditions=@patlas/source bench/semantic.bench.ts \
 *     [--queries 400] [--no-distractors] [--demo] [--skip-lsa] [--new-corpus 500] [--skip-english]
 *     [--rows "label;label"] [--limit 100,1000] [--levers [--rm3-char k:terms:λ,…] [--rm3-engine k:terms:mode,…]]
 *     [--field-sweep]
 *
 * 1. Chinese keyphrase → patents: every record of KPPatent-ZH (../shared/data/cn-kppatent-zh: the
 *    200 title+abstract+claims dev records and the 3,024 abstracts of data_A) is indexed with its
 *    gold keyphrases; a keyphrase is a query and the records listing it are its relevant set. The
 *    CN G06F records of cn-g06f-cpc-liaoleyuan are added as distractors (`--demo`: every record of
 *    data/demo as well, the full demo corpus). recall@100, nDCG@10 and MRR for:
 *    - a plain character uni+bigram BM25 over title, abstract and claims (the baseline the issue names);
 *    - the engine with the corpus-learned LSA space (before issue 24): BM25, vectors, hybrid;
 *    - the engine with the shipped vectors (data/vectors/patlas-ft.vec): BM25 without and with the
 *      short-query expansion, vectors, hybrid.
 *    The dev file's 200 records were left out of the vectors' training (bench/scripts/train-vectors.ts);
 *    the `unseen` column is recall@100 over the queries whose relevant records are all among them.
 *    `--levers` (issue 49 item 2) adds, each with its sweep on this dev split: RM3 pseudo-relevance
 *    feedback over character BM25 and over the engine's hybrid, and a re-ranker of a first stage's
 *    top 200 on term proximity and vector similarity (bench/src/semantic-levers.ts);
 *    `--field-sweep` the vector ranking under other title/abstract/claims weights.
 * 2. English phrase matching (relevance-patent-phrase-matching-dev, 3,246 human-scored pairs):
 *    Spearman correlation of the vector cosine of anchor and target with the human score, for LSA
 *    learned from the USPTO abstracts (us-uspto-random10k-pygrams) and for the shipped vectors.
 * Reads ../shared/data beside the repository (benchmarks may; the product and its tests do not).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Patent } from '@patlas/contracts';
import { pathToFileURL } from 'node:url';
import {
  contentWords,
  createSqliteEngine,
  embedTerms,
  embedWords,
  extractTerms,
  loadWordVectors,
  termCounts,
  trainLsaModel,
  type SemanticMode,
  type SemanticRanked,
  type WordVectors,
} from '@patlas/engine';
import { formatMs, formatTable, percentile } from './src/search-stats.js';
import { REPO_ROOT, SHARED_DATA } from './src/paths.js';
import {
  fuseLists,
  proximity,
  proximityUnits,
  relevanceModel,
  rerank,
  rm3,
  type RerankCandidate,
} from './src/semantic-levers.js';

const DATA = SHARED_DATA;
const { values: args } = parseArgs({
  options: {
    queries: { type: 'string', default: '400' },
    'no-distractors': { type: 'boolean', default: false },
    dims: { type: 'string', default: '128' },
    demo: { type: 'boolean', default: false },
    'skip-lsa': { type: 'boolean', default: false },
    /** A new, small corpus: the first N KPPatent-ZH records alone (no distractors), queries about them. */
    'new-corpus': { type: 'string' },
    vectors: { type: 'string', default: path.join(REPO_ROOT, 'data/vectors/patlas-ft.vec') },
    /** Only these rows of the shipped vectors (labels separated by ";"), e.g. "hybrid + expansion". */
    rows: { type: 'string' },
    /** Issue 49 levers: RM3 feedback and the top-200 re-ranker, with their sweeps. */
    levers: { type: 'boolean', default: false },
    /** RM3 settings instead of the full sweep: "k:terms:λ,…" (character BM25) … */
    'rm3-char': { type: 'string' },
    /** … and "k:terms:mode,…" (the engine's hybrid, second pass in mode bm25 or hybrid). */
    'rm3-engine': { type: 'string' },
    /** Field-weight sweep of the vector ranking (title, abstract, claims). */
    'field-sweep': { type: 'boolean', default: false },
    'skip-english': { type: 'boolean', default: false },
    /** With --levers: the re-ranker alone (no RM3, no character BM25 re-ranker). */
    'rerank-only': { type: 'boolean', default: false },
    /** With --levers: patents the first stage ranks (the re-ranker's depth sweep reads up to all of them). */
    'stage-limit': { type: 'string', default: '200' },
    /** Patents the engine ranks per query (its `limit`, comma-separated for several; the page read is the first 100). */
    limit: { type: 'string', default: '100' },
  },
});

const t0 = performance.now();
const SHIPPED: WordVectors = loadWordVectors(readFileSync(args.vectors));
const SHIPPED_LOAD_MS = performance.now() - t0;
console.log(
  `shipped vectors ${args.vectors}: ${SHIPPED.words.length} words, ${SHIPPED.buckets} n-gram buckets, ${SHIPPED.dims} dims, loaded in ${formatMs(SHIPPED_LOAD_MS)} ms`,
);

interface KpRecord {
  input: string;
  output: string;
}

function field(input: string, label: string): string | undefined {
  const m = new RegExp(`${label}：([\\s\\S]*?)(?:\\n(?:标题|摘要|权利声明)：|$)`).exec(input);
  return m?.[1]?.trim() || undefined;
}

function loadKpPatents(): { patents: Patent[]; gold: Map<string, Set<string>>; devRecords: Set<string> } {
  const files = ['cn-kppatent-zh/test_data_TAC.part1-dev.json', 'cn-kppatent-zh/data_A.json'];
  const patents: Patent[] = [];
  const gold = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const devRecords = new Set<string>();
  for (const file of files) {
    const records = JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as KpRecord[];
    for (const r of records) {
      if (seen.has(r.input)) continue; // upstream duplicates
      seen.add(r.input);
      const pn = `KP${String(patents.length + 1).padStart(6, '0')}`;
      if (file.includes('part1-dev')) devRecords.add(pn);
      const title = field(r.input, '标题');
      const abstract = field(r.input, '摘要');
      const claims = field(r.input, '权利声明');
      patents.push({
        publicationNumber: pn,
        country: 'CN',
        ...(title ? { title: { text: title, lang: 'zh' } } : {}),
        ...(abstract ? { abstract: { text: abstract, lang: 'zh' } } : {}),
        ...(claims ? { claims: { text: claims, lang: 'zh' } } : {}),
      } as Patent);
      for (const phrase of r.output.split(/[,，]/).map((p) => p.trim())) {
        if (phrase.length < 2) continue;
        if (!gold.has(phrase)) gold.set(phrase, new Set());
        gold.get(phrase)!.add(pn);
      }
    }
  }
  return { patents, gold, devRecords };
}

/** Every record of data/demo, read by the product's import formats (the server is loaded at run time). */
async function loadDemo(): Promise<Patent[]> {
  const load = async <T>(rel: string) =>
    (await import(pathToFileURL(path.join(REPO_ROOT, 'apps/server/src', rel)).href)) as T;
  const { readDemoManifest } = await load<{
    readDemoManifest(dir: string): Promise<{ files: string[]; formatsByFile: Record<string, string> }>;
  }>('domains/patent/import/demo-loader.ts');
  const { FORMATS } = await load<{
    FORMATS: readonly { id: string; read(f: string): AsyncIterable<{ ok: boolean; record?: Patent }> }[];
  }>('domains/patent/import/registry.ts');
  const manifest = await readDemoManifest(path.join(REPO_ROOT, 'data/demo'));
  const byNumber = new Map<string, Patent>();
  for (const f of manifest.files) {
    const format = FORMATS.find((x) => x.id === manifest.formatsByFile[f]);
    if (!format) continue;
    for await (const item of format.read(f)) {
      if (item.ok && item.record && !byNumber.has(item.record.publicationNumber))
        byNumber.set(item.record.publicationNumber, item.record);
    }
  }
  return [...byNumber.values()];
}

/** Han characters and their bigrams, Latin words: the plain character BM25 baseline's tokens. */
function charTokens(text: string): string[] {
  const out: string[] = [];
  const norm = text.normalize('NFKC').toLowerCase();
  for (const [run] of norm.matchAll(/[\u3400-\u9fff\uf900-\ufaff]+/g)) {
    for (let i = 0; i < run.length; i++) {
      out.push(run[i] as string);
      if (i + 1 < run.length) out.push(run.slice(i, i + 2));
    }
  }
  for (const [w] of norm.matchAll(/[a-z0-9]+/g)) out.push(w);
  return out;
}

interface CharBm25 {
  search(query: string, k: number): string[];
  /** BM25 with a weight per query token (Σ_t w_t · bm25(t, d)): RM3's second pass. Doc indexes and scores. */
  searchModel(model: ReadonlyMap<string, number>, k: number): [number, number][];
  /** A record's tokens (recomputed: feedback reads only the top few). */
  tokensOf(d: number): string[];
}

function charText(p: Patent): string {
  return [p.title?.text, p.abstract?.text, p.claims?.text].filter(Boolean).join('\n');
}

/** BM25 (k1 1.2, b 0.75) over character uni+bigrams of title, abstract and claims. */
function charBm25(patents: readonly Patent[]): CharBm25 {
  const postings = new Map<string, [number, number][]>();
  const lengths: number[] = [];
  patents.forEach((p, d) => {
    const tokens = charTokens(charText(p));
    lengths.push(tokens.length);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([d, n]);
    }
  });
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const n = patents.length;
  const searchModel = (model: ReadonlyMap<string, number>, k: number): [number, number][] => {
    const scores = new Map<number, number>();
    for (const [t, weight] of model) {
      const list = postings.get(t);
      if (!list || weight <= 0) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [d, tf] of list) {
        const s = (weight * idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * (lengths[d] as number)) / avg));
        scores.set(d, (scores.get(d) ?? 0) + s);
      }
    }
    return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k);
  };
  return {
    searchModel,
    search: (query, k) =>
      searchModel(new Map([...new Set(charTokens(query))].map((t) => [t, 1])), k).map(
        ([d]) => (patents[d] as Patent).publicationNumber,
      ),
    tokensOf: (d) => charTokens(charText(patents[d] as Patent)),
  };
}

interface Scores {
  recall: number;
  ndcg: number;
  mrr: number;
  unseen: number;
  times: number[];
  refused: number;
}

function score(
  queries: readonly string[],
  gold: Map<string, Set<string>>,
  unseenQueries: ReadonlySet<string>,
  ranked: Map<string, string[]>,
): Omit<Scores, 'times' | 'refused'> {
  let recall = 0;
  let ndcg = 0;
  let mrr = 0;
  let unseen = 0;
  for (const q of queries) {
    const relevant = gold.get(q)!;
    const list = ranked.get(q) ?? [];
    const found = list.slice(0, 100).filter((pn) => relevant.has(pn)).length;
    recall += found / relevant.size;
    if (unseenQueries.has(q)) unseen += found / relevant.size;
    let dcg = 0;
    list.slice(0, 10).forEach((pn, i) => (dcg += relevant.has(pn) ? 1 / Math.log2(i + 2) : 0));
    let idcg = 0;
    for (let i = 0; i < Math.min(10, relevant.size); i++) idcg += 1 / Math.log2(i + 2);
    ndcg += dcg / idcg;
    const first = list.findIndex((pn) => relevant.has(pn));
    mrr += first >= 0 ? 1 / (first + 1) : 0;
  }
  const n = queries.length;
  return { recall: recall / n, ndcg: ndcg / n, mrr: mrr / n, unseen: unseen / Math.max(1, unseenQueries.size) };
}

function loadDistractors(): Patent[] {
  const text = readFileSync(path.join(DATA, 'cn-g06f-cpc-liaoleyuan/sample_train.csv'), 'utf8');
  const out: Patent[] = [];
  // Records: CN…A,"Title: …\nKeywords: …\nAbstract: …",labels,n
  const re = /(CN\d+[A-Z]\d?),"([\s\S]*?)",/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2] as string;
    const title = /Title: (.*)/.exec(body)?.[1]?.trim();
    const abstract = /Abstract: ([\s\S]*)/.exec(body)?.[1]?.trim();
    out.push({
      publicationNumber: m[1] as string,
      country: 'CN',
      ...(title ? { title: { text: title, lang: 'zh' } } : {}),
      ...(abstract ? { abstract: { text: abstract, lang: 'zh' } } : {}),
    } as Patent);
  }
  return out;
}

function seededShuffle<T>(items: T[], seed: number): T[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rank = (v: readonly number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const rx = rank(xs);
  const ry = rank(ys);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    num += (rx[i]! - mx) * (ry[i]! - my);
    dx += (rx[i]! - mx) ** 2;
    dy += (ry[i]! - my) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}

interface EngineRun {
  label: string;
  wordVectors?: WordVectors;
  rows: { label: string; mode: SemanticMode; expand: boolean; rerank?: boolean }[];
}

type Push = (label: string, r: Scores) => void;
type Engine = ReturnType<typeof createSqliteEngine>;

/** The shipped vectors' IDF of a word (log of the training tokens over its count), as the product's key terms use. */
function shippedIdf(word: string): number {
  const row = SHIPPED.rowOf.get(word);
  return Math.log(SHIPPED.total / (row === undefined ? 1 : (SHIPPED.counts[row] as number)));
}

/** The vector ranking under other title/abstract/claims weights (lever: per-field vectors). */
async function fieldSweep(
  engine: Engine,
  queries: readonly string[],
  gold: Map<string, Set<string>>,
  unseen: ReadonlySet<string>,
  push: Push,
): Promise<void> {
  const grid: [number, number, number][] = [
    [3, 3, 3],
    [6, 3, 3],
    [3, 6, 3],
    [3, 3, 6],
    [6, 6, 1],
    [1, 6, 3],
    [6, 1, 1],
  ];
  for (const [ti, ab, clm] of grid) {
    const ranked = new Map<string, string[]>();
    const times: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      try {
        const res = await engine.semanticSearch({
          text: q,
          weights: [ti, ab, clm, 0],
          mode: 'vector',
          expand: false,
          limit: 100,
          pageSize: 100,
        });
        ranked.set(
          q,
          res.items.map((h) => h.publicationNumber),
        );
      } catch {
        // No terms: counted as nothing found.
      }
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    push(`vector, field weights ${ti}/${ab}/${clm}`, { ...score(queries, gold, unseen, ranked), times, refused: 0 });
  }
}

/** "a:b:c,d:e:f" → [[a,b,c],[d,e,f]]. */
function configs(spec: string | undefined): string[][] | undefined {
  return spec ? spec.split(',').map((c) => c.split(':')) : undefined;
}

/**
 * Issue 49 item 2 levers, every setting chosen on this dev split (the sweep is printed): RM3 over
 * the character BM25 baseline and over the engine's hybrid, and a re-ranker of a first stage's
 * top 200 on term proximity and vector similarity.
 */
async function levers(
  engine: Engine,
  all: readonly Patent[],
  charIndex: CharBm25,
  queries: readonly string[],
  gold: Map<string, Set<string>>,
  unseen: ReadonlySet<string>,
  push: Push,
): Promise<void> {
  const byNumber = new Map(all.map((p) => [p.publicationNumber, p]));
  const sweep: string[][] = [];
  const sweepRow = (label: string, ranked: Map<string, string[]>) => {
    const r = score(queries, gold, unseen, ranked);
    sweep.push([label, r.recall.toFixed(3), r.ndcg.toFixed(3), r.mrr.toFixed(3)]);
    return r;
  };
  /** The best setting of a sweep by nDCG@10 and by recall@100 (both pushed when they differ). */
  const best = () => {
    let byNdcg:
      { label: string; ranked: Map<string, string[]>; times: number[]; ndcg: number; recall: number } | undefined;
    let byRecall: typeof byNdcg;
    return {
      offer(label: string, ranked: Map<string, string[]>, times: number[]) {
        const r = sweepRow(label, ranked);
        if (!byNdcg || r.ndcg > byNdcg.ndcg) byNdcg = { label, ranked, times, ndcg: r.ndcg, recall: r.recall };
        if (!byRecall || r.recall > byRecall.recall)
          byRecall = { label, ranked, times, ndcg: r.ndcg, recall: r.recall };
      },
      push() {
        for (const [why, b] of [
          ['best nDCG@10', byNdcg],
          ['best recall@100', byRecall],
        ] as const) {
          if (!b || (why === 'best recall@100' && b.label === byNdcg?.label)) continue;
          const times = [...b.times].sort((x, y) => x - y);
          push(`${b.label} (${why})`, { ...score(queries, gold, unseen, b.ranked), times, refused: 0 });
        }
      },
    };
  };

  if (!args['rerank-only']) {
    // 1. RM3 over character BM25: feedback bigrams and Latin words of the top k records.
    const charFirst = new Map<string, [number, number][]>();
    const charFirstMs = new Map<string, number>();
    for (const q of queries) {
      const t = performance.now();
      charFirst.set(q, charIndex.searchModel(new Map([...new Set(charTokens(q))].map((x) => [x, 1])), 200));
      charFirstMs.set(q, performance.now() - t);
    }
    const pn = (d: number) => (all[d] as Patent).publicationNumber;
    const charRm3 = best();
    const charGrid =
      configs(args['rm3-char']) ??
      [5, 10, 20].flatMap((k) => [10, 20, 40].flatMap((n) => [0.3, 0.5, 0.7].map((l) => [k, n, l].map(String))));
    for (const [k, n, l] of charGrid.map((c) => c.map(Number) as [number, number, number])) {
      const ranked = new Map<string, string[]>();
      const times: number[] = [];
      for (const q of queries) {
        const t = performance.now();
        const own = [...new Set(charTokens(q))];
        const docs = charFirst
          .get(q)!
          .slice(0, k)
          .map(([d, s]) => ({ tokens: charIndex.tokensOf(d), score: s }));
        // Single characters match too much of the corpus to be feedback terms.
        const feedback = relevanceModel(docs, n, { keep: (x) => x.length >= 2 && !own.includes(x) });
        ranked.set(
          q,
          charIndex.searchModel(rm3(own, feedback, l), 100).map(([d]) => pn(d)),
        );
        times.push(charFirstMs.get(q)! + performance.now() - t);
      }
      charRm3.offer(`char BM25 + RM3 k=${k} terms=${n} λ=${l}`, ranked, times);
    }
    charRm3.push();

    // 2. Re-ranker of character BM25's top 200 on term proximity (no vectors on this side).
    const charRerank = best();
    const charCandidates = new Map<string, RerankCandidate[]>();
    const charCandidateMs = new Map<string, number>();
    for (const q of queries) {
      const t = performance.now();
      const units = proximityUnits(q);
      const list = charFirst.get(q)!;
      const top = list[0]?.[1] ?? 1;
      charCandidates.set(
        q,
        list.map(([d, s]) => ({
          id: pn(d),
          first: s / top,
          similarity: 0,
          proximity: proximity(units, fieldsOf(all[d] as Patent), true),
        })),
      );
      charCandidateMs.set(q, charFirstMs.get(q)! + performance.now() - t);
    }
    for (const c of [0.1, 0.25, 0.5, 1]) {
      const ranked = new Map(queries.map((q) => [q, rerank(charCandidates.get(q)!, 0, c).slice(0, 100)]));
      charRerank.offer(
        `char BM25 top 200 re-ranked, proximity ${c}`,
        ranked,
        queries.map((q) => charCandidateMs.get(q)!),
      );
    }
    charRerank.push();
  }

  // 3. The engine's hybrid + expansion, 200 ranked (--stage-limit): the first stage of RM3 and of the re-ranker.
  const stageLimit = Number(args['stage-limit']);
  const stage = new Map<string, SemanticRanked[]>();
  const stageMs = new Map<string, number>();
  for (const q of queries) {
    const t = performance.now();
    try {
      const res = await engine.semanticSearch({
        text: q,
        weights: [3, 3, 3, 3],
        mode: 'hybrid',
        expand: true,
        // The fused order: the re-ranker below is measured on it.
        rerank: false,
        limit: stageLimit,
        pageSize: 100,
        withRanking: true,
      });
      stage.set(q, res.ranking ?? []);
    } catch {
      stage.set(q, []);
    }
    stageMs.set(q, performance.now() - t);
  }
  const stageLists = new Map(queries.map((q) => [q, stage.get(q)!.map((r) => r.publicationNumber)]));
  push(`hybrid + expansion, ${stageLimit} ranked (first stage)`, {
    ...score(queries, gold, unseen, new Map([...stageLists].map(([q, l]) => [q, l.slice(0, 100)]))),
    times: queries.map((q) => stageMs.get(q)!).sort((a, b) => a - b),
    refused: 0,
  });

  if (!args['rerank-only']) {
    // 4. RM3 over the hybrid: feedback words (the engine's term cutter) of its top k, chosen by
    // P(t|R) · IDF, searched by the engine with the query (FTS5 cannot weight terms, so the weights
    // choose the terms), and fused with the first stage: λ first stage, 1 − λ feedback.
    const engineRm3 = best();
    const engineGrid =
      configs(args['rm3-engine']) ??
      [5, 10, 20].flatMap((k) => [5, 10, 20].flatMap((n) => ['bm25', 'hybrid'].map((m) => [String(k), String(n), m])));
    for (const [k, n, mode] of engineGrid.map(([a, b, c]) => [Number(a), Number(b), c as SemanticMode] as const)) {
      const second = new Map<string, string[]>();
      const times = new Map<string, number>();
      for (const q of queries) {
        const t = performance.now();
        const own = new Set(extractTerms(q).map((x) => x.form));
        const docs = stage
          .get(q)!
          .slice(0, k)
          .map((r) => ({
            tokens: extractTerms(charText(byNumber.get(r.publicationNumber)!)).map((x) => x.form),
            score: r.relevance,
          }));
        const feedback = relevanceModel(docs, n, {
          keep: (x) => !own.has(x) && !q.includes(x),
          select: shippedIdf,
          minDocs: Math.min(2, k),
        });
        try {
          const res = await engine.semanticSearch({
            text: [q, ...feedback.keys()].join(' '),
            weights: [3, 3, 3, 3],
            mode,
            expand: false,
            rerank: false,
            limit: 200,
            pageSize: 100,
            withRanking: true,
          });
          second.set(
            q,
            (res.ranking ?? []).map((r) => r.publicationNumber),
          );
        } catch {
          second.set(q, []);
        }
        times.set(q, stageMs.get(q)! + performance.now() - t);
      }
      for (const l of [0.8, 0.6, 0.5, 0.4, 0.2, 0]) {
        const ranked = new Map(
          queries.map((q) => [q, fuseLists([stageLists.get(q)!, second.get(q)!], [l, 1 - l]).slice(0, 100)]),
        );
        engineRm3.offer(
          `hybrid + RM3 k=${k} terms=${n} second pass ${mode} λ=${l}`,
          ranked,
          queries.map((q) => times.get(q)!),
        );
      }
    }
    engineRm3.push();
  }

  // 5. Re-ranker of the hybrid's top 200: first-stage relevance + b · vector cosine + c · proximity;
  // proximity over title, abstract and claims, or over title and abstract alone (the rows the
  // engine loads for a page hold no claims).
  const engineRerank = best();
  for (const withClaims of [true, false]) {
    const candidates = new Map<string, RerankCandidate[]>();
    const candidateMs = new Map<string, number>();
    for (const q of queries) {
      const t = performance.now();
      const units = proximityUnits(q);
      candidates.set(
        q,
        stage
          .get(q)!
          .slice(0, 200)
          .map((r) => {
            return {
              id: r.publicationNumber,
              first: r.relevance,
              similarity: r.similarity,
              proximity: proximity(units, fieldsOf(byNumber.get(r.publicationNumber)!), withClaims),
            };
          }),
      );
      candidateMs.set(q, stageMs.get(q)! + performance.now() - t);
    }
    for (const b of withClaims ? [0, 0.1, 0.25, 0.5] : [0]) {
      for (const c of [0, 0.25, 0.5, 1, 1.5, 2, 4]) {
        if (b === 0 && c === 0) continue;
        const ranked = new Map(queries.map((q) => [q, rerank(candidates.get(q)!, b, c).slice(0, 100)]));
        engineRerank.offer(
          `hybrid top 200 re-ranked, vector ${b} proximity ${c}${withClaims ? '' : ' (title, abstract)'}`,
          ranked,
          queries.map((q) => candidateMs.get(q)!),
        );
      }
    }
  }
  engineRerank.push();

  // 6. The re-ranker's depth: the first d of the first stage re-ranked (title, abstract), the rest below.
  if (stageLimit > 200) {
    const depthSweep = best();
    const near = new Map<string, number[]>();
    const nearMs = new Map<string, number>();
    for (const q of queries) {
      const t = performance.now();
      const units = proximityUnits(q);
      near.set(
        q,
        stage.get(q)!.map((r) => proximity(units, fieldsOf(byNumber.get(r.publicationNumber)!), false)),
      );
      nearMs.set(q, stageMs.get(q)! + performance.now() - t);
    }
    for (const depth of [200, 500, 1000].filter((d) => d <= stageLimit)) {
      for (const c of [1.5, 2, 4]) {
        const ranked = new Map(
          queries.map((q) => {
            const list = stage.get(q)!;
            const head = rerank(
              list.slice(0, depth).map((r, i) => ({
                id: r.publicationNumber,
                first: r.relevance,
                similarity: 0,
                proximity: near.get(q)![i]!,
              })),
              0,
              c,
            );
            return [q, [...head, ...list.slice(depth).map((r) => r.publicationNumber)].slice(0, 100)];
          }),
        );
        depthSweep.offer(
          `hybrid (${stageLimit} ranked) top ${depth} re-ranked, proximity ${c} (title, abstract)`,
          ranked,
          queries.map((q) => nearMs.get(q)!),
        );
      }
    }
    depthSweep.push();
  }

  console.log(`\nIssue 49 levers, every setting on this dev split (${queries.length} queries):`);
  console.log(formatTable(['setting', 'recall@100', 'nDCG@10', 'MRR'], sweep));
}

function fieldsOf(p: Patent): { title?: string; abstract?: string; claims?: string } {
  return {
    ...(p.title ? { title: p.title.text } : {}),
    ...(p.abstract ? { abstract: p.abstract.text } : {}),
    ...(p.claims ? { claims: p.claims.text } : {}),
  };
}

async function chineseKeyphrases(): Promise<void> {
  const loaded = loadKpPatents();
  const { devRecords } = loaded;
  let { patents, gold } = loaded;
  const small = args['new-corpus'] ? Number(args['new-corpus']) : undefined;
  if (small) {
    // Dev records first (the vectors never saw them), then data_A's, up to N.
    patents = [
      ...patents.filter((p) => devRecords.has(p.publicationNumber)),
      ...patents.filter((p) => !devRecords.has(p.publicationNumber)),
    ].slice(0, small);
    const kept = new Set(patents.map((p) => p.publicationNumber));
    gold = new Map(
      [...gold]
        .map(([q, pns]) => [q, new Set([...pns].filter((pn) => kept.has(pn)))] as const)
        .filter(([, pns]) => pns.size > 0),
    );
  }
  const distractors = args['no-distractors'] || small ? [] : loadDistractors();
  const demo = args.demo ? await loadDemo() : [];
  const all = [...patents, ...distractors, ...demo];
  const queries = seededShuffle([...gold.keys()].sort(), 42).slice(0, Number(args.queries));
  const unseen = new Set(queries.filter((q) => [...gold.get(q)!].every((pn) => devRecords.has(pn))));
  console.log(
    `corpus: ${all.length} records (${patents.length} KPPatent-ZH with gold keyphrases, ${distractors.length} CN G06F distractors, ${demo.length} demo records); ${queries.length} queries, ${unseen.size} of them with every relevant record outside the vectors' training`,
  );
  const table: string[][] = [];
  const push = (label: string, r: Scores) =>
    table.push([
      label,
      r.recall.toFixed(3),
      r.ndcg.toFixed(3),
      r.mrr.toFixed(3),
      r.unseen.toFixed(3),
      formatMs(percentile(r.times, 50)),
      formatMs(percentile(r.times, 95)),
      String(r.refused),
    ]);

  // The ceiling: every relevant record first (recall@100 is below 1 where more than 100 are relevant).
  push('ceiling (relevant records first)', {
    ...score(queries, gold, unseen, new Map(queries.map((q) => [q, [...gold.get(q)!]]))),
    times: [0],
    refused: 0,
  });
  // The baseline the issue names: plain character uni+bigram BM25.
  const charIndex = charBm25(all);
  {
    const ranked = new Map<string, string[]>();
    const times: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      ranked.set(q, charIndex.search(q, 100));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    push('char uni+bigram BM25 (baseline)', { ...score(queries, gold, unseen, ranked), times, refused: 0 });
  }

  const runs: EngineRun[] = [];
  if (!args['skip-lsa']) {
    runs.push({
      label: 'LSA (before)',
      rows: (['bm25', 'vector', 'hybrid'] as const).map((mode) => ({ label: mode, mode, expand: false })),
    });
  }
  runs.push({
    label: 'shipped vectors',
    wordVectors: SHIPPED,
    rows: (
      [
        { label: 'bm25, no expansion', mode: 'bm25', expand: false },
        { label: 'bm25 + expansion', mode: 'bm25', expand: true },
        { label: 'vector', mode: 'vector', expand: false },
        { label: 'hybrid, no expansion', mode: 'hybrid', expand: false },
        // Before issue 49: the fused order alone; after: re-ranked by term proximity (the default).
        { label: 'hybrid + expansion, no re-rank', mode: 'hybrid', expand: true, rerank: false },
        { label: 'hybrid + expansion', mode: 'hybrid', expand: true },
      ] as const
    ).filter((r) => !args.rows || args.rows.split(';').includes(r.label)),
  });
  // The shipped vectors' rankings by keywords and by vectors, for the fusion weights below.
  const lists = new Map<string, Map<string, string[]>>();
  for (const run of runs) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-semantic-bench-'));
    const engine = createSqliteEngine({
      file: path.join(dir, 'index.db'),
      ...(run.wordVectors ? { wordVectors: run.wordVectors } : {}),
    });
    try {
      let t = performance.now();
      // With shipped vectors, documents get their vectors as they are indexed (no learning step).
      for (let i = 0; i < all.length; i += 1000) await engine.index(all.slice(i, i + 1000));
      const indexMs = performance.now() - t;
      t = performance.now();
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const status = run.wordVectors
        ? engine.semanticStatus()
        : await engine.buildSemanticModel({ dims: Number(args.dims) });
      loopDelay.disable();
      const buildMs = performance.now() - t;
      console.log(
        `${run.label}: indexed in ${formatMs(indexMs)} ms; model ${status.model}, ${status.vectors} vectors` +
          (run.wordVectors
            ? ' (embedded while indexing)'
            : `, learned from ${status.trainedOn} docs in ${formatMs(buildMs)} ms; event loop held at most ${formatMs(loopDelay.max / 1e6)} ms`),
      );
      const limits = args.limit.split(',').map(Number);
      for (const row of run.rows) {
        for (const limit of limits) {
          const ranked = new Map<string, string[]>();
          const times: number[] = [];
          let refused = 0;
          for (const q of queries) {
            const start = performance.now();
            try {
              const res = await engine.semanticSearch({
                text: q,
                weights: [3, 3, 3, 3],
                mode: row.mode,
                expand: row.expand,
                ...(row.rerank === false ? { rerank: false } : {}),
                limit,
                pageSize: 100,
              });
              ranked.set(
                q,
                res.items.map((h) => h.publicationNumber),
              );
            } catch {
              refused++;
            }
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          const label = `${run.label}: ${row.label}${limit === 100 ? '' : ` (${limit} ranked)`}`;
          push(label, { ...score(queries, gold, unseen, ranked), times, refused });
          if (run.wordVectors && limit === limits[0]) lists.set(row.label, ranked);
        }
      }
      if (run.wordVectors && args['field-sweep']) await fieldSweep(engine, queries, gold, unseen, push);
      if (run.wordVectors && args.levers) await levers(engine, all, charIndex, queries, gold, unseen, push);
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nChinese keyphrase → patents: ${queries.length} queries (relevant per query: the records listing the keyphrase)`,
  );
  console.log(
    formatTable(['ranking', 'recall@100', 'nDCG@10', 'MRR', 'unseen r@100', 'p50', 'p95', 'no terms'], table),
  );

  // Fusion weights, chosen on this dev split: weighted reciprocal rank fusion of the two rankings.
  const keyword = lists.get('bm25 + expansion');
  const vector = lists.get('vector');
  if (keyword && vector) {
    const sweep: string[][] = [];
    for (const k of [20, 60]) {
      for (const wVector of [0.5, 1, 1.5, 2]) {
        const fused = new Map<string, string[]>();
        for (const q of queries) {
          const scores = new Map<string, number>();
          (keyword.get(q) ?? []).forEach((pn, i) => scores.set(pn, (scores.get(pn) ?? 0) + 1 / (k + i + 1)));
          (vector.get(q) ?? []).forEach((pn, i) => scores.set(pn, (scores.get(pn) ?? 0) + wVector / (k + i + 1)));
          fused.set(
            q,
            [...scores].sort((a, b) => b[1] - a[1]).map(([pn]) => pn),
          );
        }
        const r = score(queries, gold, unseen, fused);
        sweep.push([`k=${k}, vector weight ${wVector}`, r.recall.toFixed(3), r.ndcg.toFixed(3), r.mrr.toFixed(3)]);
      }
    }
    console.log('\nFusion of the shipped-vector rankings (keywords + expansion, vectors), top 100 of each:');
    console.log(formatTable(['RRF', 'recall@100', 'nDCG@10', 'MRR'], sweep));
  }
}

async function englishPhrases(): Promise<void> {
  const lines = readFileSync(path.join(DATA, 'us-uspto-random10k-pygrams/USPTO-random-10000.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const docs = lines.map((l) => termCounts((JSON.parse(l) as { abstract?: string }).abstract ?? ''));
  const t = performance.now();
  const model = await trainLsaModel(docs, { dims: Number(args.dims) });
  const trainMs = performance.now() - t;
  const csv = readFileSync(path.join(DATA, 'relevance-patent-phrase-matching-dev/train.part-dev.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean);
  const sims: number[] = [];
  const scores: number[] = [];
  let covered = 0;
  const coveredSims: number[] = [];
  const coveredScores: number[] = [];
  for (const line of csv) {
    const [, anchor, target, , score] = line.split(',');
    const a = embedTerms(model, termCounts(anchor ?? '').counts);
    const b = embedTerms(model, termCounts(target ?? '').counts);
    let sim = 0;
    if (a && b) {
      for (let i = 0; i < a.length; i++) sim += a[i]! * b[i]!;
      covered++;
      coveredSims.push(sim);
      coveredScores.push(Number(score));
    }
    sims.push(sim);
    scores.push(Number(score));
  }
  const shippedSims: number[] = [];
  for (const line of csv) {
    const [, anchor, target] = line.split(',');
    const a = embedWords(SHIPPED, contentWords(anchor ?? ''));
    const b = embedWords(SHIPPED, contentWords(target ?? ''));
    let sim = 0;
    if (a && b) for (let i = 0; i < a.length; i++) sim += a[i]! * b[i]!;
    shippedSims.push(sim);
  }
  console.log(
    `\nEnglish phrase matching: ${csv.length} pairs; LSA-${model.dims} learned from ${docs.length} USPTO abstracts in ${formatMs(trainMs)}`,
  );
  console.log(
    formatTable(
      ['vectors, pairs', 'Spearman ρ (vector cosine vs human score)'],
      [
        [`LSA, all ${csv.length} (unknown phrase = 0)`, spearman(sims, scores).toFixed(3)],
        [`LSA, both phrases known: ${covered}`, spearman(coveredSims, coveredScores).toFixed(3)],
        [`shipped vectors, all ${csv.length}`, spearman(shippedSims, scores).toFixed(3)],
      ],
    ),
  );
}

await chineseKeyphrases();
if (!args['skip-english']) await englishPhrases();
