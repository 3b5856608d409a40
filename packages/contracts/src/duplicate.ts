import { z } from 'zod';
import { UNCANCELLABLE_TASK_STATES } from './task.js';

/**
 * The duplicate and similarity check (spec 2 §1 "check duplicates and similarity", §2 /repeat and
 * /repeat/detail, §5, §7 /patent/repeat …; issue 21). Shared by apps/server/src/domains/duplicate
 * and apps/web/src/features/duplicate. Paths are under /api/product.
 *
 * A check takes a text (pasted, or read from an uploaded .docx/.txt), runs as a durable task, and
 * answers the most similar patents of the corpus, each with its similarity and the evidence: which
 * sentences of the text match which passages of the patent, with character spans on both sides.
 */

// ---------------------------------------------------------------------------------------------
// Limits

/** Spec 2 §5/§9: "a duplicate check advises 200 or more characters" — below it a warning, still allowed. */
export const DUPLICATE_ADVISED_MIN_CHARS = 200;
/** Ours: the longest text checked (a disclosure of about 25 pages); the semantic search's own limit. */
export const MAX_DUPLICATE_TEXT_LENGTH = 50_000;
/** Spec 2 §5/§9 "uploads up to 5MB". */
export const MAX_DUPLICATE_FILE_BYTES = 5 * 1024 * 1024;
/** Issue 21: "the most similar patents in the corpus (top 50)". */
export const DUPLICATE_TOP_PATENTS = 50;
/** /patent/check compares a text with "one or a few given patents". */
export const MAX_QUICK_CHECK_PATENTS = 10;
/** A check's title (the file name or the text's start). */
export const MAX_DUPLICATE_TITLE_LENGTH = 100;

// ---------------------------------------------------------------------------------------------
// Values

export const DUPLICATE_SECTIONS = ['title', 'abstract', 'claims', 'description'] as const;
export const DuplicateSectionSchema = z.enum(DUPLICATE_SECTIONS);
export type DuplicateSection = z.infer<typeof DuplicateSectionSchema>;

export const DUPLICATE_STATES = UNCANCELLABLE_TASK_STATES;
export const DuplicateStateSchema = z.enum(DUPLICATE_STATES);
export type DuplicateState = z.infer<typeof DuplicateStateSchema>;

/** Characters [start, end) of a text (UTF-16 offsets, end exclusive). */
export const SpanSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type Span = z.infer<typeof SpanSchema>;

/** A share of the text per section (0–1 each). */
export const SectionSharesSchema = z.object({
  title: z.number(),
  abstract: z.number(),
  claims: z.number(),
  description: z.number(),
});
export type SectionShares = z.infer<typeof SectionSharesSchema>;

/** A check as the list shows it. */
export const DuplicateCheckSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(['text', 'file']),
  filename: z.string().nullable(),
  /** Characters of the checked text. */
  chars: z.number().int(),
  /** Below DUPLICATE_ADVISED_MIN_CHARS. */
  isShort: z.boolean(),
  state: DuplicateStateSchema,
  /** Share of the text found in the corpus (0–1); null until done. */
  similarity: z.number().nullable(),
  /** Similar patents found (at most DUPLICATE_TOP_PATENTS). */
  patents: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DuplicateCheck = z.infer<typeof DuplicateCheckSchema>;

/** One similar patent of a check. */
export const DuplicatePatentSchema = z.object({
  rank: z.number().int(),
  publicationNumber: z.string(),
  title: z.string().nullable(),
  applicants: z.array(z.string()),
  applicationDate: z.string().nullable(),
  /** Share of the text (by characters) this patent covers, each sentence weighted by how much of it matches (0–1). */
  similarity: z.number(),
  /** Sentences of the text that match a passage of this patent. */
  matchedSentences: z.number().int(),
  /** The same share, split by the section of the matching passage. */
  bySection: SectionSharesSchema,
});
export type DuplicatePatent = z.infer<typeof DuplicatePatentSchema>;

/** A sentence of the checked text and its best match among the similar patents. */
export const DuplicateSentenceSchema = z.object({
  index: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  best: z.object({ publicationNumber: z.string(), section: DuplicateSectionSchema, similarity: z.number() }).nullable(),
});
export type DuplicateSentence = z.infer<typeof DuplicateSentenceSchema>;

/** Evidence: one sentence of the text and the passage of a patent it matches. */
export const DuplicateEvidenceSchema = z.object({
  /** DuplicateSentence.index (the first, when the passage matches several) */
  sentence: z.number().int(),
  /**
   * Issue 43: every sentence of the text this passage matches. Sentences matching one passage (or
   * the same text in another section) share one piece of evidence instead of repeating it.
   */
  sentences: z.array(z.number().int()).optional(),
  /** The matching characters of the text (offsets in the whole checked text). */
  inputSpans: z.array(SpanSchema),
  section: DuplicateSectionSchema,
  /** Where the passage is in its section's text. */
  passageStart: z.number().int(),
  passageEnd: z.number().int(),
  passageText: z.string(),
  /** The matching characters of the passage (offsets in passageText). */
  passageSpans: z.array(SpanSchema),
  /** Share of the sentence found in the passage (0–1). */
  similarity: z.number(),
});
export type DuplicateEvidence = z.infer<typeof DuplicateEvidenceSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

/** POST /patent/repeat (JSON; or multipart with a .docx/.txt `file` and an optional `title` field). */
export const DuplicateSubmitRequestSchema = z.object({
  text: z.string(),
  title: z.string().trim().max(MAX_DUPLICATE_TITLE_LENGTH).optional(),
});
export type DuplicateSubmitRequest = z.infer<typeof DuplicateSubmitRequestSchema>;

export const DuplicateSubmitResponseSchema = z.object({
  check: DuplicateCheckSchema,
  /** The spec's advice when the text is shorter than DUPLICATE_ADVISED_MIN_CHARS, in the caller's language. */
  warning: z.string().nullable(),
});
export type DuplicateSubmitResponse = z.infer<typeof DuplicateSubmitResponseSchema>;

/** POST /patent/getRepeatList */
export const DuplicateListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DuplicateListRequest = z.infer<typeof DuplicateListRequestSchema>;

export const DuplicateListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(DuplicateCheckSchema),
});
export type DuplicateListResponse = z.infer<typeof DuplicateListResponseSchema>;

/** POST /patent/deleteRepeat */
export const DuplicateDeleteRequestSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) });
export type DuplicateDeleteRequest = z.infer<typeof DuplicateDeleteRequestSchema>;

/** The report of a check: ?reportId= (or repeatId=) on /patent/similarity/summary, /report/details, /export. */
export const DuplicateReportQuerySchema = z.object({
  reportId: z.string().min(1).max(64).optional(),
  repeatId: z.string().min(1).max(64).optional(),
  id: z.string().min(1).max(64).optional(),
});

/** GET|POST /patent/similarity/summary: the overall similarity and the summary by patent and section. */
export const DuplicateSummarySchema = z.object({
  check: DuplicateCheckSchema,
  similarity: z.number(),
  sentences: z.number().int(),
  matchedSentences: z.number().int(),
  /** Share of the text whose best match lies in each section. */
  bySection: SectionSharesSchema,
  patents: z.array(DuplicatePatentSchema),
  /** How the check ran: candidates searched, patents aligned, milliseconds. */
  stats: z.object({ candidates: z.number().int(), aligned: z.number().int(), ms: z.number() }),
});
export type DuplicateSummary = z.infer<typeof DuplicateSummarySchema>;

/** GET|POST /patent/report/details: the summary plus the text and its sentences. */
export const DuplicateDetailsSchema = DuplicateSummarySchema.extend({
  text: z.string(),
  sentenceList: z.array(DuplicateSentenceSchema),
});
export type DuplicateDetails = z.infer<typeof DuplicateDetailsSchema>;

/** GET|POST /patent/similarity/snippet/info: the evidence of one similar patent of a check. */
export const DuplicateSnippetRequestSchema = z.object({
  reportId: z.string().min(1).max(64),
  publicationNumber: z.string().trim().min(1).max(64),
});
export const DuplicateSnippetInfoSchema = z.object({
  patent: DuplicatePatentSchema,
  evidence: z.array(DuplicateEvidenceSchema),
});
export type DuplicateSnippetInfo = z.infer<typeof DuplicateSnippetInfoSchema>;

/** POST /patent/check: a text against one or a few given patents, answered at once. */
export const DuplicateQuickCheckRequestSchema = z.object({
  text: z.string(),
  /** Spec 2 §8 "too many reference documents": more than MAX_QUICK_CHECK_PATENTS are refused with their own code. */
  publicationNumbers: z
    .array(z.string().trim().min(1).max(64))
    .min(1)
    .max(MAX_QUICK_CHECK_PATENTS, { error: 'REFERENCE_DOCUMENTS_TOO_MANY' }),
});
export type DuplicateQuickCheckRequest = z.infer<typeof DuplicateQuickCheckRequestSchema>;

export const DuplicateQuickCheckResponseSchema = z.object({
  similarity: z.number(),
  sentences: z.array(DuplicateSentenceSchema),
  patents: z.array(DuplicatePatentSchema.extend({ evidence: z.array(DuplicateEvidenceSchema) })),
  /** Numbers given that the corpus does not hold. */
  notFound: z.array(z.string()),
  warning: z.string().nullable(),
});
export type DuplicateQuickCheckResponse = z.infer<typeof DuplicateQuickCheckResponseSchema>;

/** GET|POST /patent/export?repeatId=&format= */
export const DuplicateExportQuerySchema = DuplicateReportQuerySchema.extend({
  format: z.enum(['docx', 'pdf']).default('docx'),
});
