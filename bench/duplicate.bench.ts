/**
 * Duplicate check quality and speed (issue 21 "Quality, measured"). A held-out set from the
 * corpus's real records: 200 patents with an abstract and claims, their text (abstract + start of
 * the claims) rewritten mechanically — sentence shuffle, synonym swap (pairs of words that both
 * occur in the corpus), truncation by 20–50 %, and two sources mixed — then checked the way the
 * product checks (candidates from the hybrid search, sentence alignment). Prints recall@1 and
 * recall@10 (the source first / among the first ten), snippet precision (evidence of the source
 * whose passage is where the sentence came from) and the time per check.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/duplicate.bench.ts [--data-dir DIR] [--cases 200]
 *
 * `--data-dir` is a DATA_DIR holding an index (patlas.db + index.db); without it the demo corpus,
 * loaded once into bench/out/load-demo/. `--candidates hybrid,partChars,maxParts,perPart` overrides
 * the candidate options (e.g. `100,0,0,0`: the hybrid search alone); several, `;`-separated, run in turn.
 */
import { parseArgs } from 'node:util';
import type { Patent } from '@patlas/contracts';
import { shingleSentences } from '../apps/server/dist/domains/duplicate/duplicate-align.js';
import {
  DEFAULT_CANDIDATE_OPTIONS,
  findCandidates,
  reportOf,
  type CandidateOptions,
  type DuplicateReport,
} from '../apps/server/dist/domains/duplicate/duplicate-report.js';
import { startBenchServer } from './src/bench-server.js';
import { Prng } from './src/prng.js';
import { percentile } from './src/search-stats.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    cases: { type: 'string', default: '200' },
    seed: { type: 'string', default: '21' },
    workers: { type: 'string', default: '2' },
    candidates: { type: 'string' },
  },
});
const CASES = Number(values.cases);
/** One or more candidate settings (`;`-separated), each run on the same cases. */
const candidateSettings: CandidateOptions[] = values.candidates
  ? values.candidates.split(';').map((setting) => {
      const [hybrid, partChars, maxParts, perPart] = setting.split(',').map(Number);
      return { hybrid: hybrid!, partChars: partChars!, maxParts: maxParts!, perPart: perPart! };
    })
  : [DEFAULT_CANDIDATE_OPTIONS];

/**
 * Near-synonyms of patent language, each pair kept only when both words occur in the sampled
 * records (the "synonym swap from the corpus"): the swap replaces every occurrence of either word.
 */
const SYNONYM_PAIRS: [string, string][] = [
  ['装置', '设备'],
  ['包括', '包含'],
  ['方法', '方式'],
  ['连接', '相连'],
  ['设置', '安装'],
  ['用于', '用来'],
  ['获取', '获得'],
  ['确定', '判定'],
  ['进行', '实施'],
  ['模块', '单元'],
  ['所述', '该'],
  ['通过', '经由'],
  ['提高', '提升'],
  ['实现', '达成'],
  ['device', 'apparatus'],
  ['comprising', 'including'],
  ['configured', 'adapted'],
  ['method', 'process'],
  ['connected', 'coupled'],
  ['plurality', 'number'],
  ['provides', 'offers'],
  ['determining', 'identifying'],
  ['unit', 'module'],
  ['wherein', 'where'],
];

interface Unit {
  text: string;
  /** The source and where in its section the text came from. */
  origin: { pn: string; section: 'abstract' | 'claims'; start: number; end: number };
}

interface Case {
  kind: 'shuffle' | 'synonym' | 'truncate' | 'combined' | 'mixed';
  sources: string[];
  /** Same application as each source (A and B publications share a text). */
  sameApplication: Set<string>[];
  units: Unit[];
}

const { app, context, dataDir } = await startBenchServer({ dataDir: values['data-dir'], workers: values.workers });
try {
  const { engine } = context;
  console.log(`index: ${(await engine.size()).toLocaleString('en')} patents (${dataDir})`);
  // The semantic space, as a search would learn it on first use.
  await context.semanticModel.refresh();
  await context.semanticModel.pending;
  console.log(`semantic space: ${JSON.stringify(engine.semanticStatus())}`);

  // --- the held-out records: a uniform sample of those with an abstract and claims ---
  const prng = new Prng(Number(values.seed));
  const eligible: Patent[] = [];
  let seen = 0;
  const byApplication = new Map<string, string[]>();
  for await (const batch of context.services.patents.iterateAll(2_000)) {
    for (const patent of batch) {
      if (patent.applicationNumber) {
        const list = byApplication.get(patent.applicationNumber) ?? [];
        list.push(patent.publicationNumber);
        byApplication.set(patent.applicationNumber, list);
      }
      const abstract = patent.abstract?.text ?? '';
      const claims = patent.claims?.text ?? '';
      if (abstract.length < 80 || claims.length < 150) continue;
      seen++;
      // Reservoir sample of 2 × CASES records (the mixed cases take a second source).
      if (eligible.length < 2 * CASES) eligible.push(patent);
      else {
        const j = Math.floor(prng.next() * seen);
        if (j < eligible.length) eligible[j] = patent;
      }
    }
  }
  console.log(`records with an abstract and claims: ${seen.toLocaleString('en')}; sampled ${eligible.length}`);
  const allText = eligible.map((p) => `${p.abstract?.text ?? ''}${p.claims?.text ?? ''}`).join('\n');
  const synonyms = SYNONYM_PAIRS.filter(([a, b]) => allText.includes(a) && allText.includes(b));

  /** The sentences of a record's abstract and the start of its claims (about 600 characters). */
  const unitsOf = (patent: Patent): Unit[] => {
    const units: Unit[] = [];
    for (const section of ['abstract', 'claims'] as const) {
      const text = patent[section]?.text ?? '';
      let chars = 0;
      for (const s of shingleSentences(text)) {
        if (section === 'claims' && chars > 600) break;
        if (s.hashes.length === 0) continue;
        units.push({ text: text.slice(s.start, s.end), origin: { pn: patent.publicationNumber, section, ...s } });
        chars += s.end - s.start;
      }
    }
    return units;
  };
  const shuffle = <T>(list: T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = prng.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const swapSynonyms = (units: Unit[]): Unit[] =>
    units.map((u) => {
      let text = u.text;
      for (const [a, b] of synonyms) {
        const marker = '\u0000';
        text = text.split(a).join(marker).split(b).join(a).split(marker).join(b);
      }
      return { ...u, text };
    });
  const truncate = (units: Unit[], share: number): Unit[] => {
    const total = units.reduce((n, u) => n + u.text.length, 0);
    const keep = total * (1 - share);
    const out: Unit[] = [];
    let chars = 0;
    for (const u of units) {
      if (chars >= keep) break;
      const room = keep - chars;
      out.push(room >= u.text.length ? u : { ...u, text: u.text.slice(0, Math.ceil(room)) });
      chars += u.text.length;
    }
    return out;
  };
  const byNumber = new Map(eligible.map((p) => [p.publicationNumber, p]));
  /** The text a unit was taken from, before any rewrite. */
  const originalText = (o: Unit['origin']) => (byNumber.get(o.pn)?.[o.section]?.text ?? '').slice(o.start, o.end);
  const sameOf = (p: Patent) =>
    new Set([p.publicationNumber, ...(p.applicationNumber ? (byApplication.get(p.applicationNumber) ?? []) : [])]);

  const cases: Case[] = [];
  const kinds: Case['kind'][] = ['shuffle', 'synonym', 'truncate', 'combined', 'mixed'];
  for (let i = 0; i < CASES; i++) {
    const source = eligible[i]!;
    const kind = kinds[i % kinds.length]!;
    const units = unitsOf(source);
    const base = { kind, sources: [source.publicationNumber], sameApplication: [sameOf(source)] };
    if (kind === 'shuffle') cases.push({ ...base, units: shuffle(units) });
    else if (kind === 'synonym') cases.push({ ...base, units: swapSynonyms(units) });
    else if (kind === 'truncate') cases.push({ ...base, units: truncate(units, 0.2 + 0.3 * prng.next()) });
    else if (kind === 'combined') cases.push({ ...base, units: shuffle(swapSynonyms(truncate(units, 0.5))) });
    else {
      const other = eligible[CASES + i]!;
      const mixed = [...truncate(units, 0.5), ...truncate(unitsOf(other), 0.5)];
      cases.push({
        kind,
        sources: [source.publicationNumber, other.publicationNumber],
        sameApplication: [sameOf(source), sameOf(other)],
        units: shuffle(mixed),
      });
    }
  }

  // --- run each case as the job runs a check ---
  for (const candidateOptions of candidateSettings) await runCases(candidateOptions);

  async function runCases(candidateOptions: CandidateOptions) {
    interface Outcome {
      kind: Case['kind'];
      /** Every source found at rank 1 (mixed: one of them) / within the first 10. */
      at1: boolean;
      at10: boolean;
      strictAt1: boolean;
      evidence: number;
      /** Evidence whose passage is where the sentence came from. */
      correctEvidence: number;
      /** … or holds that sentence's original text elsewhere in the source (claims repeat the abstract). */
      textEvidence: number;
      ms: number;
      searchMs: number;
      alignMs: number;
    }
    const outcomes: Outcome[] = [];
    for (const c of cases) {
      // Sentences joined as a user would paste them: Chinese without spaces, English with.
      let text = '';
      const offsets: { start: number; end: number; unit: Unit }[] = [];
      for (const unit of c.units) {
        const isCjk = /[\u4e00-\u9fff]/.test(unit.text);
        const start = text.length;
        text += unit.text;
        offsets.push({ start, end: text.length, unit });
        text += isCjk ? '。' : '. ';
      }
      const started = performance.now();
      const numbers = await findCandidates(engine, text, candidateOptions);
      const searched = performance.now();
      const found = await context.services.patents.getByPublicationNumbers(numbers);
      const records = numbers.map((n) => found.get(n)).filter((p): p is Patent => p !== undefined);
      const read = performance.now();
      const report: DuplicateReport = reportOf(text, records, numbers.length, started);
      const ms = performance.now() - started;
      const ranked = report.patents.map((p) => p.publicationNumber);
      const rankOf = (same: Set<string>) => {
        const i = ranked.findIndex((pn) => same.has(pn));
        return i < 0 ? Infinity : i + 1;
      };
      const ranks = c.sameApplication.map(rankOf);
      const at1 = c.kind === 'mixed' ? Math.min(...ranks) === 1 : ranks[0] === 1;
      const at10 = ranks.every((r) => r <= 10);
      const strictAt1 = ranked[0] !== undefined && c.sources.includes(ranked[0]);
      // Snippet precision: evidence given for a source is right when its passage is where the sentence came from.
      let evidence = 0;
      let correctEvidence = 0;
      let textEvidence = 0;
      for (const pn of ranked.filter((n) => c.sameApplication.some((s) => s.has(n)))) {
        for (const e of report.evidence[pn] ?? []) {
          const sentence = report.sentences[e.sentence]!;
          const origins = offsets
            .filter((o) => o.start < sentence.end && o.end > sentence.start)
            .map((o) => o.unit.origin);
          evidence++;
          const fromThis = origins.filter((o) => c.sameApplication.some((s) => s.has(o.pn) && s.has(pn)));
          if (fromThis.some((o) => o.section === e.section && o.start < e.passageEnd && o.end > e.passageStart)) {
            correctEvidence++;
            textEvidence++;
          } else if (fromThis.some((o) => e.passageText.includes(originalText(o)))) {
            textEvidence++;
          }
        }
      }
      outcomes.push({
        kind: c.kind,
        at1,
        at10,
        strictAt1,
        evidence,
        correctEvidence,
        textEvidence,
        ms,
        searchMs: searched - started,
        alignMs: ms - (read - started),
      });
    }

    const line = (label: string, list: Outcome[]) => {
      const n = list.length;
      const share = (f: (o: Outcome) => boolean) => (list.filter(f).length / n).toFixed(3);
      const evidence = list.reduce((s, o) => s + o.evidence, 0);
      const correct = list.reduce((s, o) => s + o.correctEvidence, 0);
      const textCorrect = list.reduce((s, o) => s + o.textEvidence, 0);
      const sorted = (f: (o: Outcome) => number) => list.map(f).sort((a, b) => a - b);
      const ms = sorted((o) => o.ms);
      console.log(
        `${label.padEnd(26)} n=${String(n).padStart(3)}  recall@1 ${share((o) => o.at1)}  (exact number ${share((o) => o.strictAt1)})  ` +
          `recall@10 ${share((o) => o.at10)}  snippet precision ${(correct / Math.max(1, evidence)).toFixed(3)} ` +
          `(same text: ${(textCorrect / Math.max(1, evidence)).toFixed(3)}; ${evidence} pairs)  ` +
          `ms p50 ${Math.round(percentile(ms, 50))} p95 ${Math.round(percentile(ms, 95))} ` +
          `(search p50 ${Math.round(
            percentile(
              sorted((o) => o.searchMs),
              50,
            ),
          )}, align p50 ${Math.round(
            percentile(
              sorted((o) => o.alignMs),
              50,
            ),
          )})`,
      );
    };
    console.log(`\ncandidates: ${JSON.stringify(candidateOptions)}; synonym pairs in the sample: ${synonyms.length}`);
    for (const kind of kinds)
      line(
        kind,
        outcomes.filter((o) => o.kind === kind),
      );
    line(
      'lightly edited (s/s/t)',
      outcomes.filter((o) => ['shuffle', 'synonym', 'truncate'].includes(o.kind)),
    );
    line('all', outcomes);

    // Long texts: a disclosure-sized text (about 20,000 characters) made of 20 sources' sentences.
    const longMs: number[] = [];
    const longFound: number[] = [];
    for (let k = 0; k < 5; k++) {
      const sources = eligible.slice(k * 20, k * 20 + 20);
      const text = shuffle(sources.flatMap(unitsOf))
        .map((u) => u.text)
        .join('。');
      const started = performance.now();
      const numbers = await findCandidates(engine, text, candidateOptions);
      const found = await context.services.patents.getByPublicationNumbers(numbers);
      const records = numbers.map((n) => found.get(n)).filter((p): p is Patent => p !== undefined);
      const report = reportOf(text, records, numbers.length, started);
      longMs.push(performance.now() - started);
      const listed = new Set(report.patents.map((p) => p.publicationNumber));
      longFound.push(sources.filter((p) => [...sameOf(p)].some((n) => listed.has(n))).length);
      if (k === 0)
        console.log(`long text: ${text.length.toLocaleString('en')} characters, ${report.matchable} sentences`);
    }
    console.log(
      `long texts (20 sources each): sources among the similar patents ${longFound.join(', ')} of 20; ` +
        `ms ${longMs.map((ms) => Math.round(ms)).join(', ')}`,
    );
  }
} finally {
  await app.close();
}
