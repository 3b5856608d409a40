import type { DuplicateEvidence, DuplicateSection, SectionShares, Span } from '@patlas/contracts';
import { segmentUnits, stemWord } from '@patlas/engine';

/**
 * The alignment of a checked text with candidate patents (issue 21 "Method"): both sides are cut
 * into sentences (。！？；;!? and '.' before a space, as the index cuts them), each sentence into
 * shingles — 3 consecutive characters of Chinese, 2 consecutive stemmed words of English — and
 * every sentence of the text is matched with the passage (sentence) of each patent that contains
 * most of it: weighted containment, the shingles' weights an IDF over the candidates' passages so
 * that boilerplate ("本发明涉及", "according to claim") counts little. Exact sets, no MinHash:
 * a check aligns a few hundred sentences with at most ~100 patents, which inverted lists answer
 * in milliseconds. Pure: texts in, scores and character spans out.
 */

/** Shingle length in units: a Chinese character alone says little, three say a word and a half. */
const CJK_SHINGLE = 3;
/** Two English words: a synonym swap breaks two shingles, not three. */
const WORD_SHINGLE = 2;

export interface AlignOptions {
  /** Weighted share of a sentence's shingles a passage must contain to count as its match. */
  minSimilarity: number;
  /** Shingles a sentence must have, and share with a passage, to be matched at all. */
  minShingles: number;
  /** Longer passages are cut to a window around their matching characters. */
  maxPassageChars: number;
}

export const DEFAULT_ALIGN_OPTIONS: AlignOptions = { minSimilarity: 0.3, minShingles: 3, maxPassageChars: 600 };

/** A sentence of a text and its shingles (hash, and the characters each covers). */
export interface ShingledSentence {
  start: number;
  end: number;
  hashes: number[];
  starts: number[];
  ends: number[];
}

/** FNV-1a, 32 bits: stable and cheap; a collision only adds a shingle of weight to a passage. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The sentences of a text with their shingles; a sentence too short for one shingle has none. */
export function shingleSentences(text: string): ShingledSentence[] {
  const units = segmentUnits(text);
  const sentences: ShingledSentence[] = [];
  let from = 0;
  while (from < units.length) {
    const first = units[from]!;
    let to = from + 1;
    while (to < units.length && units[to]!.sentence === first.sentence && units[to]!.paragraph === first.paragraph)
      to++;
    const tokens = units.slice(from, to).map((u) => (u.kind === 'cjk' ? u.text : stemWord(u.text)));
    const sentence: ShingledSentence = {
      start: first.start,
      end: units[to - 1]!.end,
      hashes: [],
      starts: [],
      ends: [],
    };
    for (let i = from; i < to; i++) {
      const size = units[i]!.kind === 'cjk' ? CJK_SHINGLE : WORD_SHINGLE;
      if (i + size > to) break;
      sentence.hashes.push(hashOf(tokens.slice(i - from, i - from + size).join('\u0001')));
      sentence.starts.push(units[i]!.start);
      sentence.ends.push(units[i + size - 1]!.end);
    }
    sentences.push(sentence);
    from = to;
  }
  return sentences;
}

export interface CandidateTexts {
  publicationNumber: string;
  sections: Partial<Record<DuplicateSection, string>>;
}

export interface AlignedSentence {
  index: number;
  start: number;
  end: number;
  /** The best match among the patents: its position in `candidates`, section and similarity. */
  best: { candidate: number; section: DuplicateSection; similarity: number } | null;
}

export interface AlignedPatent {
  /** Position in `candidates`. */
  candidate: number;
  similarity: number;
  matchedSentences: number;
  bySection: SectionShares;
  evidence: DuplicateEvidence[];
}

export interface Alignment {
  /** Share of the text (by characters of its matchable sentences) found in any candidate, graded. */
  similarity: number;
  sentences: AlignedSentence[];
  /** Matchable sentences (with at least minShingles shingles). */
  matchable: number;
  matched: number;
  bySection: SectionShares;
  /** Candidates with a match, most similar first (ties: the candidates' order). */
  patents: AlignedPatent[];
}

interface Passage {
  candidate: number;
  section: DuplicateSection;
  sentence: ShingledSentence;
  /** The section's text. */
  text: string;
}

const noShares = (): SectionShares => ({ title: 0, abstract: 0, claims: 0, description: 0 });

/** Adjacent or overlapping spans as one (shingles overlap by design). */
function mergeSpans(spans: Span[]): Span[] {
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end + 1) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The characters of `sentence` covered by its shingles that are in `other`. */
function spansIn(sentence: ShingledSentence, other: ReadonlySet<number>): Span[] {
  const spans: Span[] = [];
  sentence.hashes.forEach((h, i) => {
    if (other.has(h)) spans.push({ start: sentence.starts[i]!, end: sentence.ends[i]! });
  });
  return mergeSpans(spans);
}

/** The evidence of a sentence and a passage: spans on both sides, the passage cut to a window when long. */
function evidenceOf(
  index: number,
  sentence: ShingledSentence,
  passage: Passage,
  similarity: number,
  options: AlignOptions,
): DuplicateEvidence {
  const inputSpans = spansIn(sentence, new Set(passage.sentence.hashes));
  const absolute = spansIn(passage.sentence, new Set(sentence.hashes));
  let from = passage.sentence.start;
  let to = passage.sentence.end;
  if (to - from > options.maxPassageChars && absolute.length > 0) {
    const margin = Math.floor(options.maxPassageChars / 4);
    from = Math.max(from, absolute[0]!.start - margin);
    to = Math.min(to, Math.max(absolute[absolute.length - 1]!.end + margin, from + options.maxPassageChars));
  }
  return {
    sentence: index,
    inputSpans,
    section: passage.section,
    passageStart: from,
    passageEnd: to,
    passageText: passage.text.slice(from, to),
    passageSpans: absolute
      .filter((s) => s.end > from && s.start < to)
      .map((s) => ({ start: Math.max(s.start, from) - from, end: Math.min(s.end, to) - from })),
    similarity: Math.round(similarity * 1000) / 1000,
  };
}

const shifted = (spans: readonly Span[], by: number): Span[] =>
  spans.map((s) => ({ start: s.start + by, end: s.end + by }));
const sameText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * One piece of evidence per passage (issue 43: one passage was shown three times). Sentences of
 * the text that match overlapping passages of one section share one passage, widened to hold them
 * all; a passage whose text is (within) another one's — the abstract's sentence repeated in the
 * claims — joins it. The merged evidence lists its sentences, its spans merged on both sides.
 */
export function mergeEvidence(
  evidence: readonly DuplicateEvidence[],
  sectionText: (section: DuplicateSection) => string,
): DuplicateEvidence[] {
  const out: (DuplicateEvidence & { sentences: number[] })[] = [];
  const join = (into: DuplicateEvidence & { sentences: number[] }, e: DuplicateEvidence, passageSpans: Span[]) => {
    into.sentences = [...new Set([...into.sentences, ...(e.sentences ?? [e.sentence])])].sort((a, b) => a - b);
    into.sentence = into.sentences[0]!;
    into.inputSpans = mergeSpans([...into.inputSpans, ...e.inputSpans]);
    into.passageSpans = mergeSpans(passageSpans);
    into.similarity = Math.max(into.similarity, e.similarity);
  };
  for (const e of evidence) {
    const overlapping = out.find(
      (o) => o.section === e.section && e.passageStart < o.passageEnd && o.passageStart < e.passageEnd,
    );
    if (overlapping) {
      const start = Math.min(overlapping.passageStart, e.passageStart);
      const end = Math.max(overlapping.passageEnd, e.passageEnd);
      const spans = [
        ...shifted(overlapping.passageSpans, overlapping.passageStart - start),
        ...shifted(e.passageSpans, e.passageStart - start),
      ];
      overlapping.passageStart = start;
      overlapping.passageEnd = end;
      overlapping.passageText = sectionText(e.section).slice(start, end);
      join(overlapping, e, spans);
      continue;
    }
    const within = out.find((o) => sameText(o.passageText).includes(sameText(e.passageText)));
    const at = within ? within.passageText.indexOf(e.passageText) : -1;
    if (within && at >= 0) {
      join(within, e, [...within.passageSpans, ...shifted(e.passageSpans, at)]);
      continue;
    }
    const holding = out.findIndex((o) => e.passageText.includes(o.passageText));
    if (holding >= 0) {
      const held = out[holding]!;
      const offset = e.passageText.indexOf(held.passageText);
      const merged = { ...e, sentences: held.sentences };
      join(merged, e, [...e.passageSpans, ...shifted(held.passageSpans, offset)]);
      merged.inputSpans = mergeSpans([...merged.inputSpans, ...held.inputSpans]);
      merged.similarity = Math.max(merged.similarity, held.similarity);
      out[holding] = merged;
      continue;
    }
    out.push({ ...e, sentences: e.sentences ?? [e.sentence] });
  }
  return out;
}

/**
 * Aligns `text` with every candidate: for each sentence of the text, the passage of each
 * candidate that contains the largest weighted share of its shingles (at least minSimilarity).
 * A candidate's similarity is the share of the text's matchable characters it covers, each
 * sentence counted by that share; the text's similarity takes each sentence's best candidate.
 */
export function alignText(
  text: string,
  candidates: readonly CandidateTexts[],
  options: AlignOptions = DEFAULT_ALIGN_OPTIONS,
): Alignment {
  const sentences = shingleSentences(text);
  const passages: Passage[] = [];
  candidates.forEach((candidate, c) => {
    for (const [section, sectionText] of Object.entries(candidate.sections) as [DuplicateSection, string][]) {
      if (!sectionText) continue;
      for (const sentence of shingleSentences(sectionText)) {
        if (sentence.hashes.length > 0) passages.push({ candidate: c, section, sentence, text: sectionText });
      }
    }
  });
  // Inverted lists: shingle → passages holding it (each passage once).
  const postings = new Map<number, number[]>();
  passages.forEach((passage, p) => {
    for (const h of new Set(passage.sentence.hashes)) {
      const list = postings.get(h);
      if (list) list.push(p);
      else postings.set(h, [p]);
    }
  });
  const weightOf = (h: number) => Math.log(1 + (passages.length + 1) / ((postings.get(h)?.length ?? 0) + 1));

  const score = new Float64Array(passages.length);
  const shared = new Int32Array(passages.length);
  const perPatent = candidates.map(() => ({
    covered: 0,
    matched: 0,
    bySection: noShares(),
    evidence: [] as DuplicateEvidence[],
  }));
  const aligned: AlignedSentence[] = [];
  const bySection = noShares();
  let matchableChars = 0;
  let coveredChars = 0;
  let matchable = 0;
  let matched = 0;

  sentences.forEach((sentence, index) => {
    const entry: AlignedSentence = { index, start: sentence.start, end: sentence.end, best: null };
    aligned.push(entry);
    const distinct = [...new Set(sentence.hashes)];
    if (distinct.length < options.minShingles) return;
    matchable++;
    const length = sentence.end - sentence.start;
    matchableChars += length;
    let total = 0;
    const touched: number[] = [];
    for (const h of distinct) {
      const w = weightOf(h);
      total += w;
      for (const p of postings.get(h) ?? []) {
        if (shared[p] === 0) touched.push(p);
        shared[p]! += 1;
        score[p]! += w;
      }
    }
    // The best passage of each candidate.
    const bestOf = new Map<number, { p: number; similarity: number }>();
    for (const p of touched) {
      const similarity = score[p]! / total;
      const count = shared[p]!;
      score[p] = 0;
      shared[p] = 0;
      if (count < options.minShingles || similarity < options.minSimilarity) continue;
      const candidate = passages[p]!.candidate;
      const current = bestOf.get(candidate);
      if (!current || similarity > current.similarity) bestOf.set(candidate, { p, similarity });
    }
    for (const [candidate, { p, similarity }] of bestOf) {
      const passage = passages[p]!;
      const patent = perPatent[candidate]!;
      patent.covered += length * similarity;
      patent.matched++;
      patent.bySection[passage.section] += length * similarity;
      patent.evidence.push(evidenceOf(index, sentence, passage, similarity, options));
      if (
        !entry.best ||
        similarity > entry.best.similarity ||
        (similarity === entry.best.similarity && candidate < entry.best.candidate)
      ) {
        entry.best = { candidate, section: passage.section, similarity: Math.round(similarity * 1000) / 1000 };
      }
    }
    if (entry.best) {
      matched++;
      coveredChars += length * entry.best.similarity;
      bySection[entry.best.section] += length * entry.best.similarity;
    }
  });

  const share = (x: number) => (matchableChars === 0 ? 0 : Math.round((x / matchableChars) * 1000) / 1000);
  const sharesOf = (s: SectionShares): SectionShares => ({
    title: share(s.title),
    abstract: share(s.abstract),
    claims: share(s.claims),
    description: share(s.description),
  });
  const patents: AlignedPatent[] = perPatent
    .map((p, candidate) => ({
      candidate,
      similarity: share(p.covered),
      matchedSentences: p.matched,
      bySection: sharesOf(p.bySection),
      evidence: mergeEvidence(p.evidence, (section) => candidates[candidate]!.sections[section] ?? ''),
      covered: p.covered,
    }))
    .filter((p) => p.matchedSentences > 0)
    .sort((a, b) => b.covered - a.covered || a.candidate - b.candidate)
    .map(({ covered: _covered, ...p }) => p);
  return {
    similarity: share(coveredChars),
    sentences: aligned,
    matchable,
    matched,
    bySection: sharesOf(bySection),
    patents,
  };
}
