/**
 * Pre-evaluation prior-art search quality (issue 22 "Quality, measured"; issue 49 item 3: "≥ 100
 * real cases"; report, do not tune). The cases are bench/fixtures/pre-evaluation-cases.json, built
 * from real citations by bench/scripts/build-pre-evaluation-cases.ts: CN/US records of the demo
 * corpus whose examiner (or unattributed) citations point to earlier records the corpus holds. The
 * text is the case's claim 1 (the splitter's first claim), else its abstract; the gold prior art
 * is its cited records. The search is the product's (findPriorArt: the hybrid search before the
 * priority date, the case's own publication and its simple family left out).
 *
 * Prints the case count (granted / applications, claim 1 / abstract), recall@10 and @50 (share of a
 * case's gold found, averaged over cases), hit@10 (a case with any gold in the first ten), the share
 * of X/Y gold documents found (where a source gives categories), the same recall after the product's
 * matrix order (documents disclosing most features first), how many claims were too coarse to judge
 * (fewer than two features), the corpus size and the time per case.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/pre-evaluation.bench.ts [--data-dir DIR] \
 *     [--cases-file bench/fixtures/pre-evaluation-cases.json] [--cases N]
 *
 * `--data-dir` is a DATA_DIR holding an index (patlas.db + index.db); without it the demo corpus,
 * loaded once into bench/out/load-demo/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PRE_EVALUATION_MIN_FEATURES, type Patent } from '@patlas/contracts';
import { firstClaimRange } from '../apps/server/dist/domains/pre-evaluation/feature-split.js';
import { findPriorArt } from '../apps/server/dist/domains/pre-evaluation/prior-art.js';
import { startBenchServer } from './src/bench-server.js';
import { REPO_ROOT } from './src/paths.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'cases-file': { type: 'string', default: path.join(REPO_ROOT, 'bench/fixtures/pre-evaluation-cases.json') },
    cases: { type: 'string', default: '100000' },
    workers: { type: 'string', default: '2' },
  },
});

interface FixtureCase {
  publicationNumber: string;
  granted: boolean;
  date: string | null;
  input: 'claim 1' | 'abstract';
  gold: { publicationNumber: string; category: string; via: string }[];
}
const fixture = JSON.parse(await readFile(values['cases-file']!, 'utf8')) as { cases: FixtureCase[] };

const { app, context, dataDir } = await startBenchServer({ dataDir: values['data-dir'], workers: values.workers });
try {
  const { engine } = context;
  const patents = context.services.patents;
  const size = await engine.size();
  console.log(`index: ${size.toLocaleString('en')} patents (${dataDir})`);
  console.log(`semantic space: ${JSON.stringify(engine.semanticStatus())}`);

  const textOf = (p: Patent, input: FixtureCase['input']): string | undefined => {
    const claims = p.claims?.text;
    if (input === 'claim 1' && claims) {
      const range = firstClaimRange(claims);
      const claim = claims.slice(range.start, range.end).trim();
      if (claim.length >= 30) return claim;
    }
    const abstract = p.abstract?.text?.trim();
    return abstract && abstract.length >= 30 ? abstract : undefined;
  };

  // --- the cases of the fixture this index holds, with their held gold ---
  interface Case extends FixtureCase {
    text: string;
    gold: FixtureCase['gold'];
    exclude: string[];
  }
  const cases: Case[] = [];
  let missing = 0;
  for (const c of fixture.cases.slice(0, Number(values.cases))) {
    const found = await patents.getByPublicationNumbers([
      c.publicationNumber,
      ...c.gold.map((g) => g.publicationNumber),
    ]);
    const record = found.get(c.publicationNumber);
    const text = record && textOf(record, c.input);
    const gold = c.gold.filter((g) => found.has(g.publicationNumber));
    if (!text || gold.length === 0) {
      missing++;
      continue;
    }
    cases.push({ ...c, text, gold, exclude: await engine.expandFamily([c.publicationNumber]) });
  }
  const goldCount = cases.reduce((s, c) => s + c.gold.length, 0);
  const byCategory = new Map<string, number>();
  for (const c of cases) for (const g of c.gold) byCategory.set(g.category, (byCategory.get(g.category) ?? 0) + 1);
  const granted = cases.filter((c) => c.granted).length;
  console.log(
    `cases in ${path.relative(REPO_ROOT, values['cases-file']!)}: ${fixture.cases.length}; measured: ${cases.length} ` +
      `(${granted} granted, ${cases.length - granted} applications; ${cases.filter((c) => c.input === 'claim 1').length} claim 1, ` +
      `${cases.filter((c) => c.input === 'abstract').length} abstract); not in this index: ${missing}`,
  );
  console.log(
    `gold documents: ${goldCount} (${[...byCategory].map(([k, v]) => `${k} ${v}`).join(', ')}; X/Y ${(byCategory.get('X') ?? 0) + (byCategory.get('Y') ?? 0)})`,
  );

  // --- the search, and the whole evaluation for the matrix order ---
  const found = (ranked: string[], gold: Case['gold'], k: number) =>
    gold.filter((g) => ranked.slice(0, k).includes(g.publicationNumber));
  interface Totals {
    n: number;
    r10: number;
    r50: number;
    hit10: number;
    m10: number;
    xy: number;
    xyFound10: number;
    xyFound50: number;
  }
  const empty = (): Totals => ({ n: 0, r10: 0, r50: 0, hit10: 0, m10: 0, xy: 0, xyFound10: 0, xyFound50: 0 });
  const groups = new Map<string, Totals>([
    ['all', empty()],
    ['granted', empty()],
    ['applications', empty()],
    ['claim 1 input', empty()],
    ['abstract input', empty()],
  ]);
  const searchMs: number[] = [];
  const evaluateMs: number[] = [];
  let coarse = 0;
  let features = 0;
  for (const c of cases) {
    let started = performance.now();
    const { ranking } = await findPriorArt(engine, c.text, { priorityDate: c.date ?? undefined, exclude: c.exclude });
    searchMs.push(performance.now() - started);
    const ranked = ranking.map((r) => r.publicationNumber);
    started = performance.now();
    const result = await context.services.preEvaluation.evaluate(
      c.text,
      c.input === 'claim 1' ? 'claims' : 'disclosure',
      { priorityDate: c.date, publicationNumber: c.publicationNumber },
    );
    evaluateMs.push(performance.now() - started);
    features += result.features.length;
    if (result.features.length < PRE_EVALUATION_MIN_FEATURES) coarse++;
    const byMatrix = [...result.documents]
      .sort((a, b) => b.disclosed - a.disclosed || b.coverage - a.coverage || a.rank - b.rank)
      .map((d) => d.publicationNumber);
    const xy = c.gold.filter((g) => g.category === 'X' || g.category === 'Y');
    for (const name of ['all', c.granted ? 'granted' : 'applications', `${c.input} input`]) {
      const t = groups.get(name)!;
      t.n++;
      t.r10 += found(ranked, c.gold, 10).length / c.gold.length;
      t.r50 += found(ranked, c.gold, 50).length / c.gold.length;
      t.hit10 += found(ranked, c.gold, 10).length > 0 ? 1 : 0;
      t.m10 += found(byMatrix, c.gold, 10).length / c.gold.length;
      t.xy += xy.length;
      t.xyFound10 += found(ranked, xy, 10).length;
      t.xyFound50 += found(ranked, xy, 50).length;
    }
  }
  const pct = (x: number, n: number) => (n > 0 ? `${((x / n) * 100).toFixed(1)}%` : '—');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log('');
  console.log(
    '| cases | n | recall@10 | recall@50 | hit@10 | X/Y found @10 / @50 | matrix-order recall@10 |\n' +
      '| ----- | - | --------- | --------- | ------ | ------------------- | ---------------------- |',
  );
  for (const [name, t] of groups) {
    if (t.n === 0) continue;
    const xy = t.xy > 0 ? `${pct(t.xyFound10, t.xy)} / ${pct(t.xyFound50, t.xy)} of ${t.xy}` : 'no X/Y gold';
    console.log(
      `| ${name} | ${t.n} | ${pct(t.r10, t.n)} | ${pct(t.r50, t.n)} | ${pct(t.hit10, t.n)} | ${xy} | ${pct(t.m10, t.n)} |`,
    );
  }
  console.log(
    `\nfeatures per claim: mean ${(features / Math.max(1, cases.length)).toFixed(1)}; too coarse to judge ` +
      `(fewer than ${PRE_EVALUATION_MIN_FEATURES} features): ${coarse} of ${cases.length}`,
  );
  console.log(
    `time per case: search median ${median(searchMs).toFixed(0)} ms; whole evaluation median ${median(evaluateMs).toFixed(0)} ms, ` +
      `max ${Math.max(0, ...evaluateMs).toFixed(0)} ms`,
  );
} finally {
  await app.close();
}
