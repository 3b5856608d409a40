import { z } from 'zod';
import { MAX_ABNORMAL_APPLICANT_LENGTH } from './limits.js';

/**
 * The formal review (形式审查) and the abnormal-application signals (非正常申请) of the
 * pre-evaluation (issue 22; docs/formal-review.md). Shared by apps/server/src/domains/formal-review,
 * apps/server/src/domains/pre-evaluation (formal-review.ts, abnormal-signals.ts) and
 * apps/web/src/formal-review. Paths are under /api/product.
 */

/** Both calls belong to the pre-evaluation screens (spec 2 §6 names the permission). */
export const FORMAL_REVIEW_PERMISSION = '/preAssessment';

// ---------------------------------------------------------------------------------------------
// The application text

export const APPLICATION_SECTIONS = ['title', 'abstract', 'claims', 'description'] as const;
export const ApplicationSectionSchema = z.enum(APPLICATION_SECTIONS);
export type ApplicationSection = z.infer<typeof ApplicationSectionSchema>;

/** An application as written: plain strings; the claims numbered ("1. 一种…。\n2. 根据权利要求1所述的…"). */
export const ApplicationTextSchema = z.object({
  title: z.string().default(''),
  abstract: z.string().default(''),
  claims: z.string().default(''),
  description: z.string().default(''),
});
export type ApplicationText = z.infer<typeof ApplicationTextSchema>;

/** Characters of all four sections together. */
export function applicationLength(text: ApplicationText): number {
  return text.title.length + text.abstract.length + text.claims.length + text.description.length;
}

/** A message in both languages: the panels show the one of the UI without asking again. */
export const BilingualSchema = z.object({ zh: z.string(), en: z.string() });
export type Bilingual = z.infer<typeof BilingualSchema>;

// ---------------------------------------------------------------------------------------------
// Formal review

/** Every rule of the formal review; docs/formal-review.md gives each one's source. */
export const FORMAL_RULES = [
  'section-empty',
  'title-length',
  'title-wording',
  'abstract-length',
  'claim-numbering',
  'claim-reference',
  'claim-multiple-dependency',
  'claim-1-independent',
  'claim-ending',
  'claim-one-sentence',
  'claim-refers-to-description',
  'claim-unclear-wording',
  'reference-signs',
  'term-support',
] as const;
export const FormalRuleSchema = z.enum(FORMAL_RULES);
export type FormalRule = z.infer<typeof FormalRuleSchema>;

/** error: a rule is broken; warning: an examiner would likely object, a person decides. */
export const FINDING_SEVERITIES = ['error', 'warning'] as const;
export const FindingSeveritySchema = z.enum(FINDING_SEVERITIES);
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;

export const FormalFindingSchema = z.object({
  rule: FormalRuleSchema,
  severity: FindingSeveritySchema,
  message: BilingualSchema,
  /** Where: the section, its claim (when in the claims) and characters [start, end) of that section's text. */
  section: ApplicationSectionSchema,
  claim: z.number().int().nullable(),
  start: z.number().int(),
  end: z.number().int(),
  /** section text [start, end), cut to 200 characters. */
  excerpt: z.string(),
});
export type FormalFinding = z.infer<typeof FormalFindingSchema>;

/** A claim as parsed: its number, place in the claims text and the claims it refers to. */
export const ParsedClaimSchema = z.object({
  number: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  dependsOn: z.array(z.number().int()),
});
export type ParsedClaimSummary = z.infer<typeof ParsedClaimSchema>;

/** POST /apply/pre/formal: the application text. */
export const FormalReviewRequestSchema = ApplicationTextSchema;
export type FormalReviewRequest = z.input<typeof FormalReviewRequestSchema>;

export const FormalReviewResponseSchema = z.object({
  findings: z.array(FormalFindingSchema),
  claims: z.array(ParsedClaimSchema),
  /** The figures the length rules measured (counted as docs/formal-review.md says). */
  stats: z.object({
    language: z.enum(['zh', 'en']),
    titleLength: z.number().int(),
    abstractLength: z.number().int(),
    /** 字 for a Chinese abstract, words for an English one. */
    abstractUnit: z.enum(['chars', 'words']),
    independentClaims: z.number().int(),
  }),
  tookMs: z.number(),
});
export type FormalReviewResponse = z.infer<typeof FormalReviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Abnormal-application signals

export const ABNORMAL_SIGNAL_KINDS = ['same-applicant-duplicate', 'batch-filings', 'copied-text'] as const;
export const AbnormalSignalKindSchema = z.enum(ABNORMAL_SIGNAL_KINDS);
export type AbnormalSignalKind = z.infer<typeof AbnormalSignalKindSchema>;

export const SignalLevelSchema = z.enum(['high', 'medium']);
export type SignalLevel = z.infer<typeof SignalLevelSchema>;

/** A patent of the corpus a signal points to. */
export const SignalPatentSchema = z.object({
  publicationNumber: z.string(),
  title: z.string().nullable(),
  applicants: z.array(z.string()),
  applicationDate: z.string().nullable(),
});
export type SignalPatent = z.infer<typeof SignalPatentSchema>;

/** An earlier filing of the applicant that the text repeats (duplicate alignment). */
export const DuplicateFilingEvidenceSchema = SignalPatentSchema.extend({
  /** Share of the text found in the filing (0–1), as the duplicate check measures it. */
  similarity: z.number(),
  matchedSentences: z.number().int(),
});

/** A filing of a batch: a corpus record, or the text under review (publicationNumber null). */
export const BatchFilingSchema = z.object({
  publicationNumber: z.string().nullable(),
  title: z.string().nullable(),
  applicationDate: z.string().nullable(),
  /** Title-and-abstract similarity with the closest other member of the batch (0–1). */
  similarity: z.number(),
});
export type BatchFiling = z.infer<typeof BatchFilingSchema>;

/** A long passage of the text found almost verbatim in a patent. */
export const CopiedPassageSchema = z.object({
  section: ApplicationSectionSchema,
  /** Characters [start, end) of that section of the text. */
  start: z.number().int(),
  end: z.number().int(),
  excerpt: z.string(),
  patent: SignalPatentSchema,
  patentSection: ApplicationSectionSchema,
  patentExcerpt: z.string(),
  /** Characters of the verbatim run. */
  chars: z.number().int(),
  similarity: z.number(),
});
export type CopiedPassage = z.infer<typeof CopiedPassageSchema>;

export const AbnormalSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('same-applicant-duplicate'),
    level: SignalLevelSchema,
    message: BilingualSchema,
    threshold: z.number(),
    filings: z.array(DuplicateFilingEvidenceSchema),
  }),
  z.object({
    kind: z.literal('batch-filings'),
    level: SignalLevelSchema,
    message: BilingualSchema,
    windowDays: z.number().int(),
    threshold: z.number(),
    /** The batch's first and last application dates. */
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** The text under review is one of the batch. */
    includesText: z.boolean(),
    filings: z.array(BatchFilingSchema),
  }),
  z.object({
    kind: z.literal('copied-text'),
    level: SignalLevelSchema,
    message: BilingualSchema,
    minChars: z.number().int(),
    /** Share of the text's characters in the passages (0–1). */
    share: z.number(),
    passages: z.array(CopiedPassageSchema),
  }),
]);
export type AbnormalSignal = z.infer<typeof AbnormalSignalSchema>;

/** POST /apply/pre/abnormal: the application text, its applicant and (default today) its filing date. */
export const AbnormalSignalsRequestSchema = ApplicationTextSchema.extend({
  applicant: z.string().trim().max(MAX_ABNORMAL_APPLICANT_LENGTH),
  filingDate: z.iso.date().optional(),
});
export type AbnormalSignalsRequest = z.input<typeof AbnormalSignalsRequestSchema>;

export const AbnormalSignalsResponseSchema = z.object({
  applicant: z.string(),
  filingDate: z.string(),
  signals: z.array(AbnormalSignalSchema),
  /** What was looked at, so that "no signal" can be read for what it is. */
  checked: z.object({
    /** The applicant's filings found in the corpus (at most MAX_ABNORMAL_APPLICANT_FILINGS looked at). */
    applicantFilings: z.number().int(),
    /** Of those, aligned with the whole text. */
    alignedFilings: z.number().int(),
    /** Patents of the corpus aligned for copied passages. */
    corpusCandidates: z.number().int(),
    /** Characters of the text aligned (the start of it when longer than the alignment's limit). */
    alignedChars: z.number().int(),
    truncated: z.boolean(),
  }),
  tookMs: z.number(),
});
export type AbnormalSignalsResponse = z.infer<typeof AbnormalSignalsResponseSchema>;
