/**
 * Pre-evaluation prior-art search quality (issue 22 "Quality, measured"; report, do not tune).
 * Patents of the corpus as "disclosures": CN or US records whose backward citations the corpus
 * holds, granted ones first (CN B/C/U, US B1/B2), then — when fewer than `--cases` granted ones
 * have a held citation — published applications. The text is claim 1 (the splitter's first claim),
 * else the abstract; the gold prior art is the cited records the corpus holds that were published
 * before the case's priority (else filing) date. The search is the product's (findPriorArt: the
 * hybrid search before that date, the case's own publication and its simple family left out).
 * Prints recall@10 and @50 (share of a case's gold found, averaged over cases), hit@10 (a case
 * with any gold in the first ten), the same after the product's matrix order (documents
 * disclosing most features first), the corpus size and the time per case.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/pre-evaluation.bench.ts [--data-dir DIR] [--cases 100]
 *
 * `--data-dir` is a DATA_DIR holding an index (patlas.db + index.db); without it the demo corpus,
 * loaded once into bench/out/load-demo/.
 */
import { parseArgs } from 'node:util';
import type { Patent } from '@patlas/contracts';
import { firstClaimRange } from '../apps/server/dist/domains/pre-evaluation/feature-split.js';
import { findPriorArt } from '../apps/server/dist/domains/pre-evaluation/prior-art.js';
import { startBenchServer } from './src/bench-server.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    cases: { type: 'string', default: '100' },
    workers: { type: 'string', default: '2' },
  },
});
const CASES = Number(values.cases);

const { app, context, dataDir } = await startBenchServer({ dataDir: values['data-dir'], workers: values.workers });
try {
  const { engine } = context;
  const patents = context.services.patents;
  const size = await engine.size();
  console.log(`index: ${size.toLocaleString('en')} patents (${dataDir})`);
  console.log(`semantic space: ${JSON.stringify(engine.semanticStatus())}`);

  const isGranted = (p: Patent) =>
    (p.country === 'CN' && /^[BCU]/.test(p.kind ?? '')) || (p.country === 'US' && /^B/.test(p.kind ?? ''));
  const textOf = (p: Patent): { text: string; from: 'claim 1' | 'abstract' } | undefined => {
    const claims = p.claims?.text;
    if (claims && claims.trim().length >= 30) {
      const range = firstClaimRange(claims);
      const claim = claims.slice(range.start, range.end).trim();
      if (claim.length >= 30) return { text: claim, from: 'claim 1' };
    }
    const abstract = p.abstract?.text?.trim();
    return abstract && abstract.length >= 30 ? { text: abstract, from: 'abstract' } : undefined;
  };

  // --- the cases: every CN/US record with a held, earlier citation ---
  interface Case {
    patent: Patent;
    text: string;
    from: string;
    date: string | undefined;
    gold: Set<string>;
    exclude: string[];
    granted: boolean;
  }
  const cases: Case[] = [];
  let withCitations = 0;
  for await (const batch of patents.iterateAll(2_000)) {
    for (const p of batch) {
      if ((p.country !== 'CN' && p.country !== 'US') || !p.citations?.length) continue;
      const input = textOf(p);
      if (!input) continue;
      withCitations++;
      // A citation may write its office apart from the number (US + 2020/0090224, kind A1).
      const numbers = p.citations.flatMap((c) => {
        const number = c.number.trim();
        const country = c.country?.trim().toUpperCase();
        const withCountry = /^[A-Z]{2}/i.test(number) || !country ? number : `${country}${number}`;
        return c.kind ? [withCountry, `${withCountry}${c.kind}`] : [withCountry];
      });
      const held = await patents.resolveHeldNumbers(numbers);
      const heldNumbers = [...new Set(Object.values(held))].filter((n) => n !== p.publicationNumber);
      if (heldNumbers.length === 0) continue;
      const family = await engine.expandFamily([p.publicationNumber]);
      const date = p.priorityDate ?? p.applicationDate;
      const records = await patents.getByPublicationNumbers(heldNumbers);
      const gold = new Set(
        heldNumbers.filter((n) => {
          if (family.includes(n)) return false;
          const published = records.get(n)?.publicationDate;
          return !date || !published || published < date;
        }),
      );
      if (gold.size === 0) continue;
      cases.push({ patent: p, ...input, date, gold, exclude: family, granted: isGranted(p) });
    }
  }
  cases.sort(
    (a, b) =>
      Number(b.granted) - Number(a.granted) || (a.patent.publicationNumber < b.patent.publicationNumber ? -1 : 1),
  );
  const chosen = cases.slice(0, CASES);
  const granted = chosen.filter((c) => c.granted).length;
  console.log(
    `CN/US records with citations and a text: ${withCitations}; with a held earlier citation: ${cases.length} ` +
      `(${cases.filter((c) => c.granted).length} granted); measured: ${chosen.length} (${granted} granted, ` +
      `${chosen.length - granted} applications); gold documents: ${chosen.reduce((s, c) => s + c.gold.size, 0)}`,
  );
  console.log(
    `inputs: ${chosen.filter((c) => c.from === 'claim 1').length} claim 1, ${chosen.filter((c) => c.from === 'abstract').length} abstract`,
  );

  // --- the search, and the whole evaluation for the matrix order ---
  const recall = (ranked: string[], gold: Set<string>, k: number) =>
    ranked.slice(0, k).filter((n) => gold.has(n)).length / gold.size;
  const totals = { r10: 0, r50: 0, hit10: 0, m10: 0, mhit10: 0 };
  const searchMs: number[] = [];
  const evaluateMs: number[] = [];
  for (const c of chosen) {
    let started = performance.now();
    const { ranking } = await findPriorArt(engine, c.text, { priorityDate: c.date, exclude: c.exclude });
    searchMs.push(performance.now() - started);
    const ranked = ranking.map((r) => r.publicationNumber);
    totals.r10 += recall(ranked, c.gold, 10);
    totals.r50 += recall(ranked, c.gold, 50);
    totals.hit10 += recall(ranked, c.gold, 10) > 0 ? 1 : 0;
    started = performance.now();
    const result = await context.services.preEvaluation.evaluate(
      c.text,
      c.from === 'claim 1' ? 'claims' : 'disclosure',
      {
        priorityDate: c.date ?? null,
        publicationNumber: c.patent.publicationNumber,
      },
    );
    evaluateMs.push(performance.now() - started);
    const byMatrix = [...result.documents]
      .sort((a, b) => b.disclosed - a.disclosed || b.coverage - a.coverage || a.rank - b.rank)
      .map((d) => d.publicationNumber);
    totals.m10 += recall(byMatrix, c.gold, 10);
    totals.mhit10 += recall(byMatrix, c.gold, 10) > 0 ? 1 : 0;
  }
  const n = Math.max(1, chosen.length);
  const pct = (x: number) => `${((x / n) * 100).toFixed(1)}%`;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log('\nprior-art search (retrieval order):');
  console.log(`  recall@10 ${pct(totals.r10)}  recall@50 ${pct(totals.r50)}  hit@10 ${pct(totals.hit10)}`);
  console.log('matrix order (documents disclosing most features first, among the 50 retrieved):');
  console.log(`  recall@10 ${pct(totals.m10)}  hit@10 ${pct(totals.mhit10)}`);
  console.log(
    `time per case: search median ${median(searchMs).toFixed(0)} ms; whole evaluation median ${median(evaluateMs).toFixed(0)} ms, ` +
      `max ${Math.max(0, ...evaluateMs).toFixed(0)} ms`,
  );
} finally {
  await app.close();
}
