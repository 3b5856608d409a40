/**
 * Semantic search quality and speed (issue 7: "Quality is measured, not assumed").
 *
 *   npx tsx --conditions=@patlas/source bench/semantic.bench.ts [--queries 400] [--no-distractors]
 *
 * 1. Chinese keyphrase → patents: every record of KPPatent-ZH (../shared/data/cn-kppatent-zh: the
 *    200 title+abstract+claims dev records and the 3,024 abstracts of data_A) is indexed with its
 *    gold keyphrases; a keyphrase is a query and the records listing it are its relevant set. The
 *    4,613 CN G06F records of cn-g06f-cpc-liaoleyuan are added as distractors. recall@100,
 *    nDCG@10 and MRR for BM25 alone, vectors alone and the hybrid, with query times.
 * 2. English phrase matching (relevance-patent-phrase-matching-dev, 3,246 human-scored pairs):
 *    Spearman correlation of the vector cosine of anchor and target with the human score, the
 *    vectors learned the same way from the USPTO abstracts (us-uspto-random10k-pygrams).
 * Reads ../shared/data beside the repository (benchmarks may; the product and its tests do not).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Patent } from '@patlas/contracts';
import { createSqliteEngine, embedTerms, termCounts, trainLsaModel, type SemanticMode } from '@patlas/engine';
import { formatMs, formatTable, percentile } from './src/search-stats.js';
import { SHARED_DATA } from './src/paths.js';

const DATA = SHARED_DATA;
const { values: args } = parseArgs({
  options: {
    queries: { type: 'string', default: '400' },
    'no-distractors': { type: 'boolean', default: false },
    dims: { type: 'string', default: '128' },
  },
});

interface KpRecord {
  input: string;
  output: string;
}

function field(input: string, label: string): string | undefined {
  const m = new RegExp(`${label}：([\\s\\S]*?)(?:\\n(?:标题|摘要|权利声明)：|$)`).exec(input);
  return m?.[1]?.trim() || undefined;
}

function loadKpPatents(): { patents: Patent[]; gold: Map<string, Set<string>> } {
  const files = ['cn-kppatent-zh/test_data_TAC.part1-dev.json', 'cn-kppatent-zh/data_A.json'];
  const patents: Patent[] = [];
  const gold = new Map<string, Set<string>>();
  const seen = new Set<string>();
  for (const file of files) {
    const records = JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as KpRecord[];
    for (const r of records) {
      if (seen.has(r.input)) continue; // upstream duplicates
      seen.add(r.input);
      const pn = `KP${String(patents.length + 1).padStart(6, '0')}`;
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
  return { patents, gold };
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

async function chineseKeyphrases(): Promise<void> {
  const { patents, gold } = loadKpPatents();
  const distractors = args['no-distractors'] ? [] : loadDistractors();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-semantic-bench-'));
  const engine = createSqliteEngine({ file: path.join(dir, 'index.db') });
  try {
    let t = performance.now();
    const all = [...patents, ...distractors];
    for (let i = 0; i < all.length; i += 1000) await engine.index(all.slice(i, i + 1000));
    const indexMs = performance.now() - t;
    t = performance.now();
    // The server learns the space while it answers requests: how long is the event loop held?
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const status = await engine.buildSemanticModel({ dims: Number(args.dims) });
    loopDelay.disable();
    const buildMs = performance.now() - t;
    console.log(
      `corpus: ${all.length} records (${patents.length} KPPatent-ZH with gold keyphrases, ${distractors.length} CN G06F distractors)`,
    );
    console.log(
      `index ${formatMs(indexMs)}; semantic model ${status.model} trained on ${status.trainedOn} docs, ${status.vectors} vectors, built in ${formatMs(buildMs)} ms; event loop held at most ${formatMs(loopDelay.max / 1e6)} ms (p99 ${formatMs(loopDelay.percentile(99) / 1e6)} ms)`,
    );
    const queries = seededShuffle([...gold.keys()].sort(), 42).slice(0, Number(args.queries));
    const modes: SemanticMode[] = ['bm25', 'vector', 'hybrid'];
    const rows: string[][] = [];
    for (const mode of modes) {
      let recall = 0;
      let ndcg = 0;
      let mrr = 0;
      let refused = 0;
      const times: number[] = [];
      for (const q of queries) {
        const relevant = gold.get(q)!;
        const start = performance.now();
        let ranked: string[] = [];
        try {
          // The whole ranked list in pages of 100: recall@100 needs the first 100.
          const res = await engine.semanticSearch({ text: q, weights: [3, 3, 3, 3], mode, limit: 100, pageSize: 100 });
          ranked = res.items.map((h) => h.publicationNumber);
        } catch {
          refused++;
        }
        times.push(performance.now() - start);
        const found = ranked.filter((pn) => relevant.has(pn)).length;
        recall += found / relevant.size;
        let dcg = 0;
        ranked.slice(0, 10).forEach((pn, i) => (dcg += relevant.has(pn) ? 1 / Math.log2(i + 2) : 0));
        let idcg = 0;
        for (let i = 0; i < Math.min(10, relevant.size); i++) idcg += 1 / Math.log2(i + 2);
        ndcg += dcg / idcg;
        const first = ranked.findIndex((pn) => relevant.has(pn));
        mrr += first >= 0 ? 1 / (first + 1) : 0;
      }
      times.sort((a, b) => a - b);
      const n = queries.length;
      rows.push([
        mode,
        (recall / n).toFixed(3),
        (ndcg / n).toFixed(3),
        (mrr / n).toFixed(3),
        formatMs(percentile(times, 50)),
        formatMs(percentile(times, 95)),
        String(refused),
      ]);
    }
    console.log(
      `\nChinese keyphrase → patents: ${queries.length} queries (relevant per query: the records listing the keyphrase)`,
    );
    console.log(formatTable(['ranking', 'recall@100', 'nDCG@10', 'MRR', 'p50', 'p95', 'no terms'], rows));
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
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
  console.log(
    `\nEnglish phrase matching: ${csv.length} pairs; LSA-${model.dims} learned from ${docs.length} USPTO abstracts in ${formatMs(trainMs)}`,
  );
  console.log(
    formatTable(
      ['pairs', 'Spearman ρ (vector cosine vs human score)'],
      [
        [`all ${csv.length} (unknown phrase = 0)`, spearman(sims, scores).toFixed(3)],
        [`both phrases known: ${covered}`, spearman(coveredSims, coveredScores).toFixed(3)],
      ],
    ),
  );
}

await chineseKeyphrases();
await englishPhrases();
