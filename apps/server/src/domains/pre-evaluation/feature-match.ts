import {
  FEATURE_DISCLOSED_SCORE,
  FEATURE_SCORE_WEIGHTS,
  PASSAGE_SECTIONS,
  type FeatureMatch,
  type PassageSection,
  type Span,
  type TechnicalFeature,
} from '@patlas/contracts';
import { extractTerms } from '@patlas/engine';

/**
 * Each feature against each prior-art document (issue 22 "Method" 3). The documents' title,
 * abstract, claims and description are cut into passages (sentences, at `。！？；;` and a line
 * break or a `.` before a space; longer than MAX_PASSAGE_CHARS cut again at commas). Both sides
 * are read with the engine's analysis (extractTerms: jieba words of two characters or more, English
 * stems, patent boilerplate such as 所述 / comprising dropped). A passage's term score for a
 * feature is the IDF-weighted share of the feature's distinct terms it contains, the IDF taken over
 * every passage of the documents matched (a term in every passage weighs little). The best few
 * passages by terms are then scored by the cosine of their semantic vectors with the feature's
 * (when the corpus has a vector space), and the cell's score is
 * FEATURE_SCORE_WEIGHTS.terms × terms + FEATURE_SCORE_WEIGHTS.vector × max(0, cosine) — or the
 * term score alone without vectors. A cell at FEATURE_DISCLOSED_SCORE or more discloses the feature.
 */

/** A passage longer than this is cut again at its commas. */
export const MAX_PASSAGE_CHARS = 400;
/** Description characters read per document (a long description's start holds its summary). */
export const MAX_DESCRIPTION_CHARS = 30_000;
/** Passages per feature and document whose vectors are compared (the best by terms). */
export const VECTOR_CANDIDATES = 3;

/** A prior-art document's texts. */
export interface CandidateDocument {
  publicationNumber: string;
  sections: Partial<Record<PassageSection, string>>;
}

/** Semantic vectors of texts (unit length); undefined for a text the model knows nothing of. */
export type Embed = (texts: readonly string[]) => Promise<(Float32Array | undefined)[]>;

export interface MatchOptions {
  disclosed: number;
  weights: { terms: number; vector: number };
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = {
  disclosed: FEATURE_DISCLOSED_SCORE,
  weights: FEATURE_SCORE_WEIGHTS,
};

/** One analysed term of a text: its key, as written, and where. */
export interface TermOccurrence {
  key: string;
  form: string;
  start: number;
  end: number;
}

const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The analysed terms of a text with their characters (extractTerms gives them in order: the Chinese
 * words run by run, then the English words, so each kind is found from its own cursor).
 */
export function termOccurrences(text: string): TermOccurrence[] {
  const normalised = text.normalize('NFKC').toLowerCase();
  // NFKC can change the length (ligatures, circled digits): locate in the plain lower case then.
  const haystack = normalised.length === text.length ? normalised : text.toLowerCase();
  const out: TermOccurrence[] = [];
  let hanAt = 0;
  let latinAt = 0;
  for (const { key, form } of extractTerms(text)) {
    if (HAN_ONLY.test(form)) {
      const at = haystack.indexOf(form, hanAt);
      if (at < 0) continue;
      out.push({ key, form: text.slice(at, at + form.length), start: at, end: at + form.length });
      hanAt = at + form.length;
    } else {
      const re = new RegExp(`(?<![a-z0-9])${escapeRegExp(form)}(?![a-z0-9])`, 'g');
      re.lastIndex = latinAt;
      const m = re.exec(haystack);
      if (!m) continue;
      out.push({ key, form: text.slice(m.index, m.index + form.length), start: m.index, end: m.index + form.length });
      latinAt = m.index + form.length;
    }
  }
  return out;
}

/** A passage of a document. */
interface Passage {
  doc: number;
  section: PassageSection;
  start: number;
  end: number;
  text: string;
  terms: TermOccurrence[];
  keys: Set<string>;
}

/** Sentences of a section, long ones cut at commas into pieces of at most `max` characters. */
export function passagesOf(text: string, max = MAX_PASSAGE_CHARS): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) out.push({ start, end });
  };
  // ASCII ? and ! end a sentence only before a space: "WiFi?Aware" (a lost character) is one word.
  const sentenceEnd = /[。！？；;\n]+|[.!?](?=\s)/g;
  let from = 0;
  const sentences: { start: number; end: number }[] = [];
  for (const m of text.matchAll(sentenceEnd)) {
    sentences.push({ start: from, end: m.index + m[0].length });
    from = m.index + m[0].length;
  }
  if (from < text.length) sentences.push({ start: from, end: text.length });
  for (const s of sentences) {
    if (s.end - s.start <= max) {
      push(s.start, s.end);
      continue;
    }
    // Greedy pieces up to `max` characters, cut after a comma where one is near.
    let start = s.start;
    while (start < s.end) {
      let end = Math.min(s.end, start + max);
      if (end < s.end) {
        const window = text.slice(start, end);
        const comma = Math.max(window.lastIndexOf('，'), window.lastIndexOf(', '), window.lastIndexOf(','));
        if (comma > max / 3) end = start + comma + 1;
      }
      push(start, end);
      start = end;
    }
  }
  return out;
}

function spansOf(terms: readonly TermOccurrence[], keys: ReadonlySet<string>): Span[] {
  const spans: Span[] = [];
  for (const t of [...terms].filter((t) => keys.has(t.key)).sort((a, b) => a.start - b.start)) {
    const last = spans[spans.length - 1];
    if (last && t.start <= last.end) last.end = Math.max(last.end, t.end);
    else spans.push({ start: t.start, end: t.end });
  }
  return spans;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The matrix: for every feature and every document, the passage of that document that best
 * discloses the feature (documents in the order given; cells feature-major).
 */
export async function matchFeatures(
  features: readonly TechnicalFeature[],
  documents: readonly CandidateDocument[],
  embed?: Embed,
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
): Promise<FeatureMatch[]> {
  // --- passages and their terms ---
  const passages: Passage[] = [];
  documents.forEach((document, doc) => {
    for (const section of PASSAGE_SECTIONS) {
      let text = document.sections[section];
      if (!text) continue;
      if (section === 'description') text = text.slice(0, MAX_DESCRIPTION_CHARS);
      for (const range of passagesOf(text)) {
        const passageText = text.slice(range.start, range.end);
        const terms = termOccurrences(passageText);
        if (terms.length === 0) continue;
        passages.push({ doc, section, ...range, text: passageText, terms, keys: new Set(terms.map((t) => t.key)) });
      }
    }
  });
  // --- IDF over the passages, and the inverted lists ---
  const postings = new Map<string, number[]>();
  passages.forEach((p, i) => {
    for (const key of p.keys) {
      let list = postings.get(key);
      if (!list) postings.set(key, (list = []));
      list.push(i);
    }
  });
  const n = Math.max(1, passages.length);
  const idf = (key: string) => Math.log(1 + n / (1 + (postings.get(key)?.length ?? 0)));

  const featureTerms = features.map((f) => termOccurrences(f.text));
  const featureVectors = embed ? await embed(features.map((f) => f.text)) : [];

  // --- per feature: the term score of every passage sharing a term, the best few per document ---
  type Scored = { passage: number; terms: number; matched: Set<string> };
  const best: Scored[][][] = features.map((f, fi) => {
    const keys = [...new Set(featureTerms[fi]!.map((t) => t.key))];
    const total = keys.reduce((sum, k) => sum + idf(k), 0);
    const sums = new Map<number, { weight: number; matched: Set<string> }>();
    for (const key of keys) {
      const w = idf(key);
      for (const p of postings.get(key) ?? []) {
        let entry = sums.get(p);
        if (!entry) sums.set(p, (entry = { weight: 0, matched: new Set() }));
        entry.weight += w;
        entry.matched.add(key);
      }
    }
    const perDoc: Scored[][] = documents.map(() => []);
    for (const [p, { weight, matched }] of sums) {
      perDoc[passages[p]!.doc]!.push({ passage: p, terms: total > 0 ? weight / total : 0, matched });
    }
    const keep = embed ? VECTOR_CANDIDATES : 1;
    return perDoc.map((list) => list.sort((a, b) => b.terms - a.terms || a.passage - b.passage).slice(0, keep));
  });

  // --- vectors of the shortlisted passages (each text once) ---
  const passageVectors = new Map<number, Float32Array | undefined>();
  if (embed && featureVectors.some((v) => v !== undefined)) {
    const wanted = [...new Set(best.flat(2).map((s) => s.passage))];
    const vectors = await embed(wanted.map((p) => passages[p]!.text));
    wanted.forEach((p, i) => passageVectors.set(p, vectors[i]));
  }

  const cells: FeatureMatch[] = [];
  features.forEach((feature, fi) => {
    const fv = featureVectors[fi];
    documents.forEach((document, di) => {
      let chosen: { scored: Scored; score: number; vector: number | null } | undefined;
      for (const scored of best[fi]![di]!) {
        const pv = passageVectors.get(scored.passage);
        const vector = fv && pv ? cosine(fv, pv) : null;
        const score =
          vector === null
            ? scored.terms
            : options.weights.terms * scored.terms + options.weights.vector * Math.max(0, vector);
        if (!chosen || score > chosen.score) chosen = { scored, score, vector };
      }
      if (!chosen) {
        cells.push({
          feature: feature.index,
          publicationNumber: document.publicationNumber,
          score: 0,
          termScore: 0,
          vectorScore: null,
          disclosed: false,
          matchedTerms: [],
          section: null,
          passageStart: 0,
          passageEnd: 0,
          passage: '',
          passageSpans: [],
          featureSpans: [],
        });
        return;
      }
      const passage = passages[chosen.scored.passage]!;
      const matched = chosen.scored.matched;
      const forms = featureTerms[fi]!.filter((t) => matched.has(t.key)).map((t) => t.form);
      cells.push({
        feature: feature.index,
        publicationNumber: document.publicationNumber,
        score: round(chosen.score),
        termScore: round(chosen.scored.terms),
        vectorScore: chosen.vector === null ? null : round(chosen.vector),
        disclosed: chosen.score >= options.disclosed,
        matchedTerms: [...new Set(forms)],
        section: passage.section,
        passageStart: passage.start,
        passageEnd: passage.end,
        passage: passage.text,
        passageSpans: spansOf(passage.terms, matched),
        featureSpans: spansOf(featureTerms[fi]!, matched),
      });
    });
  });
  return cells;
}
