import {
  DEFAULT_SEMANTIC_WEIGHTS,
  DUPLICATE_TOP_PATENTS,
  type DuplicateEvidence,
  type DuplicatePatent,
  type DuplicateSection,
  type DuplicateSentence,
  type Patent,
  type SectionShares,
} from '@patlas/contracts';
import { EngineError, type SearchEngine } from '@patlas/engine';
import { alignText, shingleSentences, type CandidateTexts } from './duplicate-align.js';

/**
 * A check's computation (issue 21 "Method"): candidates from the hybrid search (BM25 on the text's
 * key terms fused with the semantic vectors) — optionally plus a keyword pass per part of the text —
 * then the sentence alignment (duplicate-align.ts) of the text with every candidate's title,
 * abstract, claims and description.
 */

/** What a finished check stores (duplicate_checks.result). */
export interface DuplicateReport {
  similarity: number;
  sentences: DuplicateSentence[];
  matchable: number;
  matched: number;
  bySection: SectionShares;
  patents: DuplicatePatent[];
  /** By publication number: the evidence of each similar patent. */
  evidence: Record<string, DuplicateEvidence[]>;
  stats: { candidates: number; aligned: number; ms: number };
}

export interface CandidateOptions {
  /** Patents taken from the hybrid search of the whole text. */
  hybrid: number;
  /** A text of at least twice this many characters is also searched part by part (0: never). */
  partChars: number;
  /** Most parts a text is cut into. */
  maxParts: number;
  /** Patents taken from the keyword search of each part. */
  perPart: number;
}

/**
 * Measured with bench/duplicate.bench.ts (docs/duplicate-check.md): an abstract-sized text finds its
 * sources in the hybrid top 100 alone; a disclosure-sized text made of 20 sources finds 7–12 of them
 * that way and 14–19 with a keyword pass over each quarter — so long texts are also searched in parts
 * of about 1,200 characters.
 */
export const DEFAULT_CANDIDATE_OPTIONS: CandidateOptions = { hybrid: 100, partChars: 1_200, maxParts: 16, perPart: 20 };

const SECTION_FIELDS: readonly DuplicateSection[] = ['title', 'abstract', 'claims', 'description'];

/** What the alignment and its report read of a record: a CPU worker is given no more than this. */
export type AlignmentRecord = Pick<
  Patent,
  'publicationNumber' | 'title' | 'abstract' | 'claims' | 'description' | 'applicants' | 'applicationDate'
>;

/** The fields of a record that reportOf reads (the rest is not copied to a CPU worker). */
export function alignmentRecordOf(patent: Patent): AlignmentRecord {
  const { publicationNumber, title, abstract, claims, description, applicants, applicationDate } = patent;
  return { publicationNumber, title, abstract, claims, description, applicants, applicationDate };
}

/** The texts of a record the alignment reads, in their original language. */
export function candidateTextsOf(patent: AlignmentRecord): CandidateTexts {
  const sections: Partial<Record<DuplicateSection, string>> = {};
  for (const section of SECTION_FIELDS) {
    const text = patent[section]?.text;
    if (text) sections[section] = text;
  }
  return { publicationNumber: patent.publicationNumber, sections };
}

async function rankedNumbers(
  engine: SearchEngine,
  text: string,
  mode: 'hybrid' | 'bm25',
  limit: number,
): Promise<string[]> {
  try {
    const result = await engine.semanticSearch({
      text,
      weights: DEFAULT_SEMANTIC_WEIGHTS.split(',').map(Number) as [number, number, number, number],
      mode,
      limit,
      page: 1,
      pageSize: 1,
      withRanking: true,
    });
    return (result.ranking ?? []).map((r) => r.publicationNumber);
  } catch (err) {
    // A text without a single searchable word has no candidates; it matches nothing.
    if (err instanceof EngineError && err.code === 'TEXT_NO_TERMS') return [];
    throw err;
  }
}

/** Consecutive sentences of the text in `parts` parts of about equal length (none when the text is short). */
export function textParts(text: string, parts: number): string[] {
  const sentences = shingleSentences(text);
  if (parts < 2 || sentences.length < 2 * parts) return [];
  // Cut at the start of a sentence (the one before keeps its punctuation), nearest to each k/parts of the text.
  const starts = sentences.slice(1).map((s) => s.start);
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const target = (text.length * k) / parts;
    const after = cuts[cuts.length - 1] ?? 0;
    let best: number | undefined;
    for (const start of starts) {
      if (start > after && (best === undefined || Math.abs(start - target) < Math.abs(best - target))) best = start;
    }
    if (best !== undefined) cuts.push(best);
  }
  const bounds = [0, ...cuts, text.length];
  return bounds.slice(1).map((end, i) => text.slice(bounds[i], end));
}

/** The candidates of a text: the hybrid ranking first, then each part's keyword ranking, each number once. */
export async function findCandidates(
  engine: SearchEngine,
  text: string,
  options: CandidateOptions = DEFAULT_CANDIDATE_OPTIONS,
): Promise<string[]> {
  const lists = [await rankedNumbers(engine, text, 'hybrid', options.hybrid)];
  const parts = options.partChars > 0 ? Math.min(options.maxParts, Math.floor(text.length / options.partChars)) : 0;
  for (const part of textParts(text, parts)) lists.push(await rankedNumbers(engine, part, 'bm25', options.perPart));
  return [...new Set(lists.flat())];
}

/** Aligns `text` with the records of `numbers` (in that order) and builds the report of its top patents. */
export function reportOf(
  text: string,
  records: readonly AlignmentRecord[],
  candidates: number,
  started: number,
  top = DUPLICATE_TOP_PATENTS,
): DuplicateReport {
  const alignment = alignText(text, records.map(candidateTextsOf));
  const kept = alignment.patents.slice(0, top);
  const patents: DuplicatePatent[] = kept.map((p, i) => {
    const record = records[p.candidate]!;
    return {
      rank: i + 1,
      publicationNumber: record.publicationNumber,
      title: record.title?.text ?? null,
      applicants: (record.applicants ?? []).map((a) => a.name),
      applicationDate: record.applicationDate ?? null,
      similarity: p.similarity,
      matchedSentences: p.matchedSentences,
      bySection: p.bySection,
    };
  });
  const evidence: Record<string, DuplicateEvidence[]> = {};
  for (const p of kept) evidence[records[p.candidate]!.publicationNumber] = p.evidence;
  const sentences: DuplicateSentence[] = alignment.sentences.map((s) => ({
    index: s.index,
    start: s.start,
    end: s.end,
    best: s.best
      ? {
          publicationNumber: records[s.best.candidate]!.publicationNumber,
          section: s.best.section,
          similarity: s.best.similarity,
        }
      : null,
  }));
  return {
    similarity: alignment.similarity,
    sentences,
    matchable: alignment.matchable,
    matched: alignment.matched,
    bySection: alignment.bySection,
    patents,
    evidence,
    stats: { candidates, aligned: records.length, ms: Math.round(performance.now() - started) },
  };
}
