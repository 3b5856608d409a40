/** Shape of bench/corpus-stats.json, written by scripts/derive-stats.ts and read by the generator. */

/** A frequency table, most frequent first. */
export interface Distribution {
  values: string[];
  counts: number[];
}

/** Field → share of records that have it (0..1). */
export type PresenceTable = Record<string, number>;

export interface LanguageStats {
  records: number;
  /** Heaps' law per document (title+abstract+claims): distinct words = k · tokens^beta */
  heaps: { k: number; beta: number };
  /** mean characters per vocabulary token */
  tokenChars: number;
  /** records with any title/abstract/claims text: the denominator of `vocab.df` */
  textDocs: number;
  /** share of textDocs whose title/abstract/claims contain each probe term (substring zh, whole word en) */
  probes: Record<string, number>;
  /** title+abstract+claims tokens (jieba `cut` for zh, lower-cased words for en) with term and document frequency */
  vocab: Distribution & { df: number[] };
  titleVocab: Distribution;
  titleEndings: Distribution;
  /** share of titles that start with 一种 (zh) or A/An/The (en) */
  titlePrefixShare: number;
  /** what abstracts say before 一种 / "a" ('' = no such opener) */
  abstractOpeners: Distribution;
  /** 101 percentiles (0 %, 1 % … 100 %) of text lengths in `lengthUnit` */
  lengths: { title: number[]; abstract: number[]; claims: number[]; description: number[] };
  lengthUnit: 'chars' | 'words';
  claimCount: number[];
  keywordsPerDoc: number[];
  citationsPerDoc: number[];
  applicants: Distribution & { types: string[] };
  /** share of applicant mentions whose name occurs once (Good–Turing estimate of unseen names) */
  applicantNewShare: number;
  applicantsPerDoc: number[];
  inventorsPerDoc: number[];
  surnames: Distribution;
  givenNames: Distribution;
  ipcSubclasses: Distribution;
  ipcSymbols: Distribution;
  cpcSymbols: Distribution;
  years: Distribution;
  kinds: Distribution;
  /** days from application to publication, quantiles per kind code */
  lagDays: Record<string, number[]>;
  presence: { sources: PresenceTable; office: PresenceTable };
}

export interface CorpusStats {
  version: 1;
  generatedBy: string;
  sources: { id: string; records: number }[];
  zh: LanguageStats;
  en: LanguageStats;
  /** smallest US utility grant number seen per publication year (from the USPTO sample) */
  usGrantAnchors: { year: number; first: number }[];
}
