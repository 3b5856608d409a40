/**
 * Builds the pre-evaluation case set (issue 49 item 3) from real citations, deterministically:
 * every CN or US record of the demo corpus (data/demo, read as the demo loader reads it) with a
 * claim 1 or an abstract of 30 characters or more, whose citations point to records the corpus
 * holds that were published before its priority (else filing) date. Only an examiner's citations
 * count where the source says who cited (US grant XML: "cited by examiner"; EPO: category X/Y/…);
 * where it does not (the Patentics exports' 引用 column) every citation counts. A forward
 * citation (被引用: B cites A) counts as B's citation of A. The case's own family (shared simple
 * family or application number) is left out of its gold.
 *
 * The relevance sets of ../shared/data are checked for numbers the corpus holds (PND novelty
 * pairs, CLEF-IP PAC qrels): they would add X-like gold, but their numbers are not in the corpus.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/scripts/build-pre-evaluation-cases.ts \
 *     [--demo data/demo] [--shared ../shared/data (or PATLAS_SHARED_DATA)] [--out bench/fixtures/pre-evaluation-cases.json]
 *
 * Writes publication numbers, dates and citation categories only (no record text): the bench reads
 * the texts from the loaded corpus.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { numberKeysForLookup, numberKeysForRecord, type Citation, type Patent } from '@patlas/contracts';
import { readDemoManifest } from '../../apps/server/dist/domains/patent/import/demo-loader.js';
import { FORMATS } from '../../apps/server/dist/domains/patent/import/registry.js';
import { firstClaimRange } from '../../apps/server/dist/domains/pre-evaluation/feature-split.js';
import { SHARED_DATA } from '../src/paths.js';

const { values } = parseArgs({
  options: {
    demo: { type: 'string', default: 'data/demo' },
    shared: { type: 'string', default: SHARED_DATA },
    out: { type: 'string', default: 'bench/fixtures/pre-evaluation-cases.json' },
  },
});

interface Held {
  publicationNumber: string;
  country?: string;
  kind?: string;
  applicationNumber?: string;
  publicationDate?: string;
  applicationDate?: string;
  priorityDate?: string;
  family?: string;
  input?: 'claim 1' | 'abstract';
  citations: (Citation & { via: 'citation' | 'cited-by' })[];
  sources: Set<string>;
}

/** Who cited, in the words the sources use: X/Y/… (EPO search report), examiner, applicant, other. */
function whoCited(category: string | undefined): string {
  const c = (category ?? '').trim();
  if (/^[XYAPEDLTO]$/i.test(c)) return c.toUpperCase();
  if (/examiner/i.test(c)) return 'examiner';
  if (/applicant/i.test(c)) return 'applicant';
  if (/other|third/i.test(c)) return 'other';
  return c ? c.toLowerCase() : 'unstated';
}
/** Gold: what an examiner cited, or what the source does not attribute. */
const IS_GOLD = (who: string) => who === 'X' || who === 'Y' || who === 'examiner' || who === 'unstated';

function inputOf(p: Patent): 'claim 1' | 'abstract' | undefined {
  const claims = p.claims?.text;
  if (claims && claims.trim().length >= 30) {
    const range = firstClaimRange(claims);
    if (claims.slice(range.start, range.end).trim().length >= 30) return 'claim 1';
  }
  return (p.abstract?.text?.trim().length ?? 0) >= 30 ? 'abstract' : undefined;
}

const demoDir = path.resolve(values.demo!);
const manifest = await readDemoManifest(demoDir);
const records = new Map<string, Held>();
const keys = new Map<string, string>();
const licences = new Map<string, { licence: string; origin: string }>();
for (const file of manifest.files) {
  const format = FORMATS.find((f) => f.id === manifest.formatsByFile[file]);
  if (!format) throw new Error(`no format ${manifest.formatsByFile[file]} for ${file}`);
  const source = manifest.sourcesByFile[file]!;
  licences.set(source.id, { licence: source.licence, origin: source.url });
  for await (const item of format.read(file)) {
    if (!item.ok) continue;
    const r = item.record;
    for (const key of numberKeysForRecord(r)) if (!keys.has(key)) keys.set(key, r.publicationNumber);
    let held = records.get(r.publicationNumber);
    if (!held) {
      held = { publicationNumber: r.publicationNumber, citations: [], sources: new Set() };
      records.set(r.publicationNumber, held);
    }
    // The loader merges a publication's files; the first that has a field gives it.
    held.country ??= r.country;
    held.kind ??= r.kind;
    held.applicationNumber ??= r.applicationNumber;
    held.publicationDate ??= r.publicationDate;
    held.applicationDate ??= r.applicationDate;
    held.priorityDate ??= r.priorityDate;
    held.family ??= r.family?.simpleFamilyId;
    const input = inputOf(r);
    if (input === 'claim 1' || (input && !held.input)) held.input = input;
    held.sources.add(source.id);
    for (const c of r.citations ?? []) held.citations.push({ ...c, via: 'citation' });
    // B is cited by A's record: A is B's citation (the category, when given, is A's side's).
    for (const c of r.citedBy ?? []) {
      held.citations.push({ ...c, number: `→${r.publicationNumber}`, via: 'cited-by', text: cited(c) });
    }
  }
}
/** A forward citation's citing number, written whole. */
function cited(c: Citation): string {
  const number = c.number.trim();
  const country = c.country?.trim().toUpperCase();
  return /^[A-Z]{2}/i.test(number) || !country ? number : `${country}${number}`;
}
const resolve = (number: string, kind?: string): string | undefined => {
  for (const candidate of kind ? [`${number}${kind}`, number] : [number]) {
    for (const key of numberKeysForLookup(candidate)) {
      const hit = keys.get(key);
      if (hit) return hit;
    }
  }
  return undefined;
};

// Forward citations become the citing record's backward ones.
for (const held of [...records.values()]) {
  for (const c of held.citations.filter((x) => x.via === 'cited-by' && x.number.startsWith('→'))) {
    const citing = resolve(c.text!);
    const target = citing ? records.get(citing) : undefined;
    if (!target || target === held) continue;
    target.citations.push({ number: held.publicationNumber, category: c.category, via: 'cited-by' });
  }
  held.citations = held.citations.filter((c) => c.via === 'citation' || !c.number.startsWith('→'));
}

interface Gold {
  publicationNumber: string;
  category: string;
  via: 'citation' | 'cited-by';
}
const granted = (h: Held) =>
  (h.country === 'CN' && /^[BCU]/.test(h.kind ?? '')) || (h.country === 'US' && /^[BES]/.test(h.kind ?? ''));
const cases: {
  publicationNumber: string;
  country: string;
  kind: string | null;
  granted: boolean;
  date: string | null;
  input: 'claim 1' | 'abstract';
  sources: string[];
  gold: Gold[];
}[] = [];
const noText: string[] = [];
const counts = { withCitations: 0, withText: 0, noText: 0, applicantOnly: 0, laterOnly: 0, familyOnly: 0 };
for (const held of [...records.values()].sort((a, b) => (a.publicationNumber < b.publicationNumber ? -1 : 1))) {
  if (held.country !== 'CN' && held.country !== 'US') continue;
  if (held.citations.length === 0) continue;
  counts.withCitations++;
  if (held.input) counts.withText++;
  const date = held.priorityDate ?? held.applicationDate ?? null;
  const gold = new Map<string, Gold>();
  let anyHeld = false;
  let anyGoldCategory = false;
  let anyEarlier = false;
  for (const c of held.citations) {
    const number = c.via === 'citation' ? cited(c) : c.number;
    const pn = resolve(number, c.via === 'citation' ? c.kind : undefined);
    if (!pn || pn === held.publicationNumber) continue;
    anyHeld = true;
    const who = whoCited(c.category);
    if (!IS_GOLD(who)) continue;
    anyGoldCategory = true;
    const doc = records.get(pn)!;
    if (date && doc.publicationDate && doc.publicationDate >= date) continue;
    anyEarlier = true;
    const sameFamily =
      (held.family && doc.family === held.family) ||
      (held.applicationNumber && doc.applicationNumber === held.applicationNumber);
    if (sameFamily) continue;
    const previous = gold.get(pn);
    // X/Y over examiner over unstated; a backward citation over a forward one.
    const rank = (g: { category: string }) => ['X', 'Y', 'examiner', 'unstated'].indexOf(g.category);
    if (!previous || rank({ category: who }) < rank(previous))
      gold.set(pn, { publicationNumber: pn, category: who, via: c.via });
  }
  if (gold.size > 0 && !held.input) {
    counts.noText++;
    noText.push(`${held.publicationNumber} (${[...held.sources].join('+')})`);
    continue;
  }
  if (gold.size === 0) {
    if (anyHeld && !anyGoldCategory) counts.applicantOnly++;
    else if (anyHeld && !anyEarlier) counts.laterOnly++;
    else if (anyHeld) counts.familyOnly++;
    continue;
  }
  cases.push({
    publicationNumber: held.publicationNumber,
    country: held.country,
    kind: held.kind ?? null,
    granted: granted(held),
    date,
    input: held.input!,
    sources: [...held.sources].sort(),
    gold: [...gold.values()].sort((a, b) => (a.publicationNumber < b.publicationNumber ? -1 : 1)),
  });
}

// The relevance sets: do their numbers meet the corpus?
const relevance: Record<string, string> = {};
const shared = path.resolve(values.shared!);
const pndDir = path.join(shared, 'relevance-pnd-novelty-pairs-dev');
if (existsSync(pndDir)) {
  let pairs = 0;
  let queries = 0;
  let both = 0;
  for (const sub of ['samples_cn_experiment', 'samples_us_experiment']) {
    for (const f of readdirSync(path.join(pndDir, sub)).sort()) {
      for (const line of readFileSync(path.join(pndDir, sub, f), 'utf8').split('\n')) {
        const [a, b] = line.split(',');
        if (!a || !b) continue;
        pairs++;
        if (resolve(a.trim())) {
          queries++;
          if (resolve(b.trim())) both++;
        }
      }
    }
  }
  relevance['relevance-pnd-novelty-pairs-dev'] =
    `${pairs} pairs; query held: ${queries}; query and candidate held: ${both}`;
}
const clefDir = path.join(shared, 'relevance-clefip2010-pac-qrels-dev');
if (existsSync(clefDir)) {
  let lines = 0;
  let heldDocs = 0;
  for (const f of readdirSync(clefDir).filter((n) => n.endsWith('.txt'))) {
    for (const line of readFileSync(path.join(clefDir, f), 'utf8').split('\n')) {
      const doc = line.split(/\s+/)[2];
      if (!doc) continue;
      lines++;
      if (resolve(doc.replace(/-/g, ''))) heldDocs++;
    }
  }
  relevance['relevance-clefip2010-pac-qrels-dev'] =
    `${lines} judgements (EP topics, texts not shipped); judged documents held: ${heldDocs}`;
}

const bySource = new Map<string, number>();
for (const c of cases) for (const s of c.sources) bySource.set(s, (bySource.get(s) ?? 0) + 1);
const categories = new Map<string, number>();
for (const c of cases) for (const g of c.gold) categories.set(g.category, (categories.get(g.category) ?? 0) + 1);
const summary = {
  records: records.size,
  cnUsWithCitations: counts.withCitations,
  withText: counts.withText,
  cases: cases.length,
  granted: cases.filter((c) => c.granted).length,
  inputs: {
    claim1: cases.filter((c) => c.input === 'claim 1').length,
    abstract: cases.filter((c) => c.input === 'abstract').length,
  },
  gold: cases.reduce((s, c) => s + c.gold.length, 0),
  goldByCategory: Object.fromEntries([...categories].sort()),
  goldByForwardCitation: cases.reduce((s, c) => s + c.gold.filter((g) => g.via === 'cited-by').length, 0),
  droppedNoClaimOrAbstract: counts.noText,
  droppedApplicantOrOtherCitationsOnly: counts.applicantOnly,
  droppedCitationsNotEarlier: counts.laterOnly,
  droppedOwnFamilyOnly: counts.familyOnly,
  casesBySource: Object.fromEntries([...bySource].sort()),
};
console.log(JSON.stringify({ summary, relevance }, null, 2));
console.log(`with held earlier gold but no claim 1 or abstract: ${noText.join(', ')}`);
const out = {
  description:
    'Pre-evaluation cases from real citations (issue 49 item 3): publication numbers of the demo corpus (data/demo) whose ' +
    'examiner (or unattributed) citations point to earlier records the corpus holds. Built by ' +
    'bench/scripts/build-pre-evaluation-cases.ts; numbers, dates and citation categories only, no record text.',
  licences: Object.fromEntries(
    [...new Set(cases.flatMap((c) => c.sources))].sort().map((id) => [id, licences.get(id)!]),
  ),
  summary,
  relevance,
  cases,
};
await writeFile(path.resolve(values.out!), `${JSON.stringify(out, null, 2)}\n`);
console.log(`written: ${values.out} (${cases.length} cases)`);
