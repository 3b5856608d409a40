import { z } from 'zod';
import { AnalysisResultSetSchema, TermAdjustmentsSchema } from './analysis.js';

/**
 * Merging and removing word-cloud/cluster terms (spec 2 §7 `/search/depth/analysis/merge/word` and
 * `/reduction`; docs/analysis.md "Merging words"). The choice is kept per user and result set and
 * applied whenever that set's word cloud or clustering is opened again.
 */

const WordSchema = z.string().trim().min(1).max(100);

/**
 * `POST /search/depth/analysis/merge/word`: `merge` counts `words` (two or more) as one term named
 * `name` (default: the first word); `remove` leaves `words` out of the charts.
 */
export const WordMergeRequestSchema = AnalysisResultSetSchema.extend({
  action: z.enum(['merge', 'remove']).default('merge'),
  words: z.array(WordSchema).min(1).max(20),
  name: WordSchema.optional(),
});
export type WordMergeRequest = z.input<typeof WordMergeRequestSchema>;

/**
 * `POST /search/depth/analysis/merge/word/reduction`: undoes one merge (its name) or one removal
 * (the removed word), or, with `all`, every merge and removal of the set.
 */
export const WordMergeReductionRequestSchema = AnalysisResultSetSchema.extend({
  word: WordSchema.optional(),
  all: z.boolean().default(false),
});
export type WordMergeReductionRequest = z.input<typeof WordMergeReductionRequestSchema>;

/** Both calls answer the set's merges and removals as they now stand. */
export const WordMergeResponseSchema = TermAdjustmentsSchema;
export type WordMergeResponse = z.infer<typeof WordMergeResponseSchema>;
