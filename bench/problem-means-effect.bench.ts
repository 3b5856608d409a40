/**
 * Technical problem, means and effect (issue 46 item 3): precision and recall of the extractor
 * (packages/engine text-mining/problem-means-effect.ts) against 100 hand-labelled records of the
 * demo corpus (bench/fixtures/problem-means-effect.json: zh and en, abstracts, claims, descriptions).
 * Each record is read again from data/demo with its source's import format, so the extractor sees
 * exactly what the index sees.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/problem-means-effect.bench.ts
 *
 * A field's answer is correct when it is one of the sentences the labeller accepted (the same
 * sentence after whitespace and punctuation are ignored, or one containing the other: a long
 * sentence is clipped). Precision = correct / answered, over the records whose field was labelled;
 * recall = correct / records that state the field. Prints both per field and language, the
 * corpus size and the effect terms found.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractProblemMeansEffect, pmeTexts } from '@patlas/engine';
import type { Patent } from '@patlas/contracts';
import { FORMATS } from '../apps/server/dist/domains/patent/import/registry.js';
import { readDemoManifest } from '../apps/server/dist/domains/patent/import/demo-loader.js';
import { REPO_ROOT } from './src/paths.js';

type Field = 'problem' | 'means' | 'effect';
const FIELDS: readonly Field[] = ['problem', 'means', 'effect'];

interface LabelledRecord {
  pn: string;
  source: string;
  file: string;
  lang: 'zh' | 'en';
  /** Accepted sentences; [] the record states none; null not labelled. */
  problem: string[] | null;
  means: string[] | null;
  effect: string[] | null;
}

const fixture = JSON.parse(readFileSync(path.join(REPO_ROOT, 'bench/fixtures/problem-means-effect.json'), 'utf8')) as {
  records: LabelledRecord[];
};

const DEMO = path.join(REPO_ROOT, 'data/demo');
const manifest = await readDemoManifest(DEMO);

/** The labelled records as the importer reads them, file by file. */
async function loadRecords(): Promise<Map<string, Patent>> {
  const wanted = new Map<string, Set<string>>();
  for (const r of fixture.records) wanted.set(r.file, (wanted.get(r.file) ?? new Set()).add(r.pn));
  const found = new Map<string, Patent>();
  for (const [file, pns] of wanted) {
    const full = path.join(DEMO, file);
    const format = FORMATS.find((f) => f.id === manifest.formatsByFile[full]);
    if (!format) throw new Error(`no import format for ${file}`);
    for await (const item of format.read(full)) {
      if (item.ok && pns.has(item.record.publicationNumber) && !found.has(item.record.publicationNumber)) {
        found.set(item.record.publicationNumber, item.record);
        if ([...pns].every((pn) => found.has(pn))) break;
      }
    }
  }
  return found;
}

const norm = (s: string): string =>
  s
    .replace(/…$/, '')
    .replace(/[\s\p{P}]/gu, '')
    .toLowerCase();

function matches(answer: string, accepted: readonly string[]): boolean {
  const a = norm(answer);
  return accepted.some((g) => {
    const b = norm(g);
    return a === b || (a.length >= 10 && b.includes(a)) || (b.length >= 10 && a.includes(b));
  });
}

interface Tally {
  answered: number;
  correct: number;
  stated: number;
  labelled: number;
}

const started = performance.now();
const records = await loadRecords();
const loadMs = performance.now() - started;
const tallies = new Map<string, Tally>();
const tally = (key: string): Tally => {
  let t = tallies.get(key);
  if (!t) tallies.set(key, (t = { answered: 0, correct: 0, stated: 0, labelled: 0 }));
  return t;
};
const terms = new Map<string, number>();
const misses: string[] = [];
let extractMs = 0;
for (const labelled of fixture.records) {
  const record = records.get(labelled.pn);
  if (!record) throw new Error(`${labelled.pn} not found in ${labelled.file}`);
  const t0 = performance.now();
  const pme = extractProblemMeansEffect(pmeTexts(record));
  extractMs += performance.now() - t0;
  for (const term of pme.effectTerms) terms.set(term, (terms.get(term) ?? 0) + 1);
  for (const field of FIELDS) {
    const gold = labelled[field];
    if (gold === null) continue;
    const answer = pme[field];
    const ok = answer !== undefined && matches(answer, gold);
    for (const key of [field, `${field} ${labelled.lang}`]) {
      const t = tally(key);
      t.labelled++;
      if (gold.length > 0) t.stated++;
      if (answer !== undefined) t.answered++;
      if (ok) t.correct++;
    }
    if (!ok && (answer !== undefined || gold.length > 0)) {
      misses.push(`${labelled.pn} ${field}: got ${answer?.slice(0, 60) ?? '—'} | want ${gold[0]?.slice(0, 60) ?? '—'}`);
    }
  }
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const byLang = { zh: 0, en: 0 };
for (const r of fixture.records) byLang[r.lang]++;
console.log(
  `corpus: ${fixture.records.length} hand-labelled records (zh ${byLang.zh}, en ${byLang.en}) from data/demo`,
);
console.log(
  `read in ${(loadMs / 1000).toFixed(1)} s; extraction ${(extractMs / fixture.records.length).toFixed(2)} ms per record`,
);
console.log('');
console.log('field          labelled  stated  answered  correct  precision  recall');
for (const key of FIELDS.flatMap((f) => [f, `${f} zh`, `${f} en`])) {
  const t = tallies.get(key) ?? { answered: 0, correct: 0, stated: 0, labelled: 0 };
  console.log(
    `${key.padEnd(14)} ${String(t.labelled).padStart(8)} ${String(t.stated).padStart(7)} ${String(t.answered).padStart(9)} ${String(t.correct).padStart(8)} ${pct(t.correct, t.answered).padStart(10)} ${pct(t.correct, t.stated).padStart(7)}`,
  );
}
console.log('');
console.log(`effect terms: ${[...terms].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
if (process.argv.includes('--misses')) for (const m of misses) console.log(m);
