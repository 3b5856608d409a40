import { z } from 'zod';
import { AnalysisResultSetSchema } from './analysis.js';
import { LegalEventSchema } from './patent.js';

/**
 * Citation search (spec 1 §7 / spec 2 §7 `POST /search/quote`, docs/citation-search.md): the
 * patents that cite, or are cited by, a set of patents, opened as a result page through the set
 * source `{ kind: 'citation', key }`.
 */

/** `citing`: the patents that cite the seeds (forward, 被引证); `cited`: the patents the seeds cite (backward, 引证). */
export const CITATION_SEARCH_DIRECTIONS = ['citing', 'cited'] as const;
export const CitationSearchDirectionSchema = z.enum(CITATION_SEARCH_DIRECTIONS);
export type CitationSearchDirection = z.infer<typeof CitationSearchDirectionSchema>;

/** Most seed patents one citation search starts from (numbers given, or the first of a result set). */
export const MAX_CITATION_SEEDS = 1000;
/** Most patents a citation set ranks. */
export const MAX_CITATION_SET = 10_000;

/**
 * `POST /search/quote`: seeds as numbers in any written form (publication or application numbers,
 * as batch search reads them: one string with separators, or a list), or a result set whose first
 * MAX_CITATION_SEEDS patents (in its default order) are the seeds.
 */
export const CitationSearchRequestSchema = z
  .object({
    direction: CitationSearchDirectionSchema,
    numbers: z.union([z.string().max(100_000), z.array(z.string().max(64)).max(MAX_CITATION_SEEDS)]).optional(),
    resultSet: AnalysisResultSetSchema.optional(),
  })
  .refine((body) => body.numbers !== undefined || body.resultSet !== undefined, {
    message: 'numbers or resultSet is required',
    path: ['numbers'],
  });
export type CitationSearchRequest = z.input<typeof CitationSearchRequestSchema>;

export const CitationSearchResponseSchema = z.object({
  /** The set source to open on the result page: `{ kind: 'citation', key }`. */
  set: z.object({ kind: z.literal('citation'), key: z.string() }),
  direction: CitationSearchDirectionSchema,
  /** The stored publication numbers of the seeds found. */
  seeds: z.array(z.string()),
  /** Numbers given that the store does not hold. */
  notFound: z.array(z.string()),
  /** Patents in the citation set (held in the store). */
  total: z.number().int(),
  /** Cited or citing documents the seeds name that the store does not hold. */
  unheld: z.number().int(),
});
export type CitationSearchResponse = z.infer<typeof CitationSearchResponseSchema>;

/** `/legal/cnki?applicationNumber=…` (GET or POST). */
export const LegalHistoryQuerySchema = z.object({
  applicationNumber: z.string().trim().min(1).max(64),
});

/**
 * The legal history of an application from the store, in the fields the detail page's legal tab
 * reads: the current status and the events (newest first), plus the records they come from.
 */
export const LegalHistoryResponseSchema = z.object({
  applicationNumber: z.string(),
  /** The stored publications of the application, oldest first. */
  publicationNumbers: z.array(z.string()),
  legalStatus: z.string().optional(),
  legalEvents: z.array(LegalEventSchema),
});
export type LegalHistoryResponse = z.infer<typeof LegalHistoryResponseSchema>;
