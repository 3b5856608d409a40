/**
 * Re-derives the semantic relevance bands (issue 43 item 8: "a rubber filler at 85%"): the cosine
 * similarity a hit must beat to be called 高度相关 / high or 相关 / medium, from what UNRELATED
 * documents of the demo corpus score against a query. The constants live in
 * packages/contracts/src/relevance-bands.ts; this script prints the figures they came from.
 *
 *   npx tsx --conditions=@patlas/source bench/semantic-bands.bench.ts [--sample 20000] [--queries 300] [--seed 43]
 *
 * 1. Every record of data/demo is read with the product's import formats; a seeded uniform sample of
 *    `--sample` records is indexed into a scratch engine with the shipped word vectors
 *    (data/vectors/patlas-ft.vec, the product's default text vectors).
 * 2. `--queries` records with an abstract are drawn; each is searched three ways, as the user types
 *    it: its title (a short phrase), its abstract (a paragraph) and its first claim (when it has
 *    claims), in vector mode with the default weights 3,3,3,3.
 * 3. Null pairs: for each query, 60 records of the same language group (CN or not) that share NO
 *    IPC/CPC subclass with the query's record (records without classes are left out: their
 *    unrelatedness cannot be checked). The engine scores exactly the ids allowed by a `PN=(…)`
 *    filter, so these are the similarities the product would show for those records.
 * 4. Related pairs (a positive control, not used to set the thresholds): records sharing the
 *    query record's IPC main group (e.g. H01M10/0565), up to 10 per query.
 *
 * Thresholds: high = the 99.9th percentile of the null (one unrelated record in a thousand reaches
 * it), medium = the 99th (one in a hundred), each the highest over the query kinds with 1,000 pairs
 * or more. Rounded up to 0.01.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createSqliteEngine, loadWordVectors } from '@patlas/engine';
import { parseExpression } from '@patlas/query';
import { SEMANTIC_BAND_CALIBRATION, type Patent } from '@patlas/contracts';
import { percentile } from './src/search-stats.js';
import { Prng } from './src/prng.js';
import { REPO_ROOT } from './src/paths.js';

const { values: args } = parseArgs({
  options: {
    sample: { type: 'string', default: '20000' },
    queries: { type: 'string', default: '300' },
    seed: { type: 'string', default: '43' },
    vectors: { type: 'string', default: path.join(REPO_ROOT, 'data/vectors/patlas-ft.vec') },
  },
});
const SAMPLE = Number(args.sample);
const QUERIES = Number(args.queries);
const NULL_PER_QUERY = 60;
const RELATED_PER_QUERY = 10;
const rng = new Prng(Number(args.seed));

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

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const subclasses = (p: Patent) =>
  new Set(
    [...(p.classifications?.ipc ?? []), ...(p.classifications?.cpc ?? [])].map((c) =>
      c.replace(/\s+/g, '').slice(0, 4).toUpperCase(),
    ),
  );
const mainGroup = (p: Patent) =>
  (p.classifications?.ipcMain ?? p.classifications?.ipc?.[0])?.replace(/\s+/g, '').toUpperCase().split('/')[0];
const isCn = (p: Patent) => ['CN', 'TW', 'HK', 'MO'].includes(p.country);
const firstClaim = (p: Patent) => p.claims?.text.split(/\n|(?<=。)\s*2[.、．]/)[0]?.trim();

const t0 = performance.now();
const demo = await loadDemo();
console.log(`demo corpus: ${demo.length} records (read in ${Math.round((performance.now() - t0) / 1000)} s)`);
const sample = shuffled(demo).slice(0, SAMPLE);
const vectors = loadWordVectors(readFileSync(args.vectors));
const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-bands-'));
const engine = createSqliteEngine({ file: path.join(dir, 'index.db'), wordVectors: vectors });
try {
  const t1 = performance.now();
  for (let i = 0; i < sample.length; i += 1000) await engine.index(sample.slice(i, i + 1000));
  const status = engine.semanticStatus();
  console.log(
    `indexed sample: ${sample.length} records in ${Math.round((performance.now() - t1) / 1000)} s; model ${status.model}, ${status.vectors} vectors`,
  );
  const classed = sample.filter((p) => subclasses(p).size > 0);
  const queryRecords = shuffled(sample.filter((p) => (p.abstract?.text.length ?? 0) >= 40 && subclasses(p).size > 0));
  const kinds = {
    title: (p: Patent) => p.title?.text,
    abstract: (p: Patent) => p.abstract?.text,
    claim: firstClaim,
  } as const;
  const nulls: Record<string, number[]> = { title: [], abstract: [], claim: [] };
  const related: Record<string, number[]> = { title: [], abstract: [], claim: [] };
  let used = 0;
  for (const q of queryRecords) {
    if (used >= QUERIES) break;
    const own = subclasses(q);
    const group = mainGroup(q);
    const unrelated = shuffled(
      classed.filter((p) => p !== q && isCn(p) === isCn(q) && ![...subclasses(p)].some((c) => own.has(c))),
    ).slice(0, NULL_PER_QUERY);
    const near = group
      ? shuffled(classed.filter((p) => p !== q && mainGroup(p) === group)).slice(0, RELATED_PER_QUERY)
      : [];
    if (unrelated.length < NULL_PER_QUERY) continue;
    used++;
    const nearSet = new Set(near.map((p) => p.publicationNumber));
    const numbers = [...unrelated, ...near].map((p) => p.publicationNumber);
    const parsed = parseExpression(`PN=(${numbers.join(' OR ')})`);
    if (!parsed.ok) throw new Error('filter does not parse');
    for (const [kind, textOf] of Object.entries(kinds)) {
      const text = textOf(q);
      if (!text || text.trim().length < 2) continue;
      try {
        const res = await engine.semanticSearch({
          text,
          weights: [3, 3, 3, 3],
          mode: 'vector',
          filter: parsed.ast,
          limit: 100,
          pageSize: 100,
          expand: false,
        });
        for (const hit of res.items) {
          (nearSet.has(hit.publicationNumber) ? related : nulls)[kind]?.push(hit.similarity);
        }
      } catch {
        // A text with no searchable terms: no pair.
      }
    }
  }
  const row = (label: string, values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const f = (p: number) => percentile(s, p).toFixed(3);
    return `| ${label} | ${s.length} | ${f(50)} | ${f(90)} | ${f(99)} | ${f(99.9)} | ${(s.at(-1) ?? NaN).toFixed(3)} |`;
  };
  console.log(`\n${used} queries; similarity of the query to each record (vector mode, weights 3,3,3,3)\n`);
  console.log('| pairs | n | p50 | p90 | p99 | p99.9 | max |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const kind of Object.keys(kinds)) console.log(row(`unrelated, ${kind} query`, nulls[kind] ?? []));
  const allNull = Object.values(nulls).flat();
  console.log(row('unrelated, all', allNull));
  for (const kind of Object.keys(kinds)) console.log(row(`same IPC main group, ${kind} query`, related[kind] ?? []));
  // Per query kind (a short title and a paragraph score unrelated records differently), the
  // highest of the kinds' percentiles: no kind of query sees more than 1 in 1,000 / 1 in 100
  // unrelated records reach the band. Kinds with fewer than 1,000 pairs are too few for a 99.9th.
  const up = (x: number) => Math.ceil(x * 100) / 100;
  const counted = Object.values(nulls)
    .filter((v) => v.length >= 1000)
    .map((v) => [...v].sort((a, b) => a - b));
  const derived = {
    high: up(Math.max(...counted.map((v) => percentile(v, 99.9)))),
    medium: up(Math.max(...counted.map((v) => percentile(v, 99)))),
  };
  console.log(`\nderived for ${status.model}: high ≥ ${derived.high}, medium ≥ ${derived.medium}`);
  const shipped = status.model ? SEMANTIC_BAND_CALIBRATION[status.model] : undefined;
  console.log(
    `in packages/contracts/src/relevance-bands.ts: ${shipped ? `high ≥ ${shipped.high}, medium ≥ ${shipped.medium}` : 'none for this model'}`,
  );
  const share = (values: number[], t: number) =>
    `${((100 * values.filter((v) => v >= t).length) / Math.max(1, values.length)).toFixed(1)}%`;
  const use = shipped ?? derived;
  console.log('\n| pairs | banded high | banded medium or high |');
  console.log('| --- | --- | --- |');
  console.log(`| unrelated | ${share(allNull, use.high)} | ${share(allNull, use.medium)} |`);
  for (const kind of Object.keys(kinds)) {
    const r = related[kind] ?? [];
    console.log(`| same main group, ${kind} query | ${share(r, use.high)} | ${share(r, use.medium)} |`);
  }
} finally {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
}
