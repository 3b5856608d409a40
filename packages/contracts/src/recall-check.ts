import { z } from 'zod';
import { MAX_EXPRESSION_LENGTH, MAX_RECALL_CHECK_NUMBERS } from './limits.js';

/**
 * Recall check (issue 48 item 4, docs/recall-check.md): the user gives the patents they know are
 * relevant (numbers in any written form, or a library); the server says which of them the
 * expression finds and, for each one it misses, the clause that left it out and the nearest term
 * of that patent's text that the clause could take.
 */

/**
 * `publicationNumbers`: numbers as pasted (an entry may hold several, split as the batch search
 * splits: comma, space, line break; `CN 1234567 A` stays one); publication numbers with or without
 * kind code, or application numbers. Or `libraryId`: a folder of the caller's libraries (its
 * sub-folders included). At most MAX_RECALL_CHECK_NUMBERS patents, checked after splitting
 * (RECALL_CHECK_TOO_MANY).
 */
export const RecallCheckRequestSchema = z
  .object({
    searchExpre: z.string().trim().min(1).max(MAX_EXPRESSION_LENGTH),
    publicationNumbers: z
      .array(z.string().max(MAX_RECALL_CHECK_NUMBERS * 64))
      .max(MAX_RECALL_CHECK_NUMBERS * 10)
      .optional(),
    libraryId: z.string().min(1).max(64).optional(),
  })
  .refine((body) => !(body.libraryId && body.publicationNumbers?.some((n) => n.trim() !== '')), {
    message: 'give publicationNumbers or libraryId, not both',
    path: ['libraryId'],
  });
export type RecallCheckRequest = z.input<typeof RecallCheckRequestSchema>;
export type RecallCheckBody = z.infer<typeof RecallCheckRequestSchema>;

/** A patent of the check, as the answer names it. */
export const RecallPatentSchema = z.object({
  /** The number as the user wrote it (a library's: its publication number). */
  input: z.string(),
  publicationNumber: z.string(),
  title: z.string(),
});
export type RecallPatent = z.infer<typeof RecallPatentSchema>;

/**
 * What left a patent out: `terms` a word clause (a term, a field group `TI=(a OR b)`, a proximity),
 * `range` a date or number condition, `not` a NOT whose condition the patent meets, `reference` a
 * history reference `#n`, `other` anything else.
 */
export const RECALL_CLAUSE_KINDS = ['terms', 'range', 'not', 'reference', 'other'] as const;
export const RecallClauseKindSchema = z.enum(RECALL_CLAUSE_KINDS);
export type RecallClauseKind = z.infer<typeof RecallClauseKindSchema>;

export const RecallClauseSchema = z.object({
  kind: RecallClauseKindSchema,
  /** The clause in canonical form (`TI=(电池 OR 蓄电池)`). */
  text: z.string(),
  /** Where the clause is in the expression checked (0-based, end exclusive; a field group's inside its parentheses). */
  span: z.object({ start: z.number().int(), end: z.number().int() }),
  /** Its field id (`TI`, `PA`…), null for the default text field. */
  field: z.string().nullable(),
  /** Its words (a `terms` clause). */
  terms: z.array(z.string()),
});
export type RecallClause = z.infer<typeof RecallClauseSchema>;

/** The term of the patent's text nearest the clause's words, and where it stands in that text. */
export const RecallSuggestionSchema = z.object({
  term: z.string(),
  /** The clause word it is nearest to. */
  nearest: z.string(),
  /** Character n-gram similarity, 0–1. */
  score: z.number(),
  /** Where it was found: TI, AB, CLM, DESC, PA, AS or IN. */
  foundIn: z.string(),
  /** The text around it; the term is `snippet.slice(matchStart, matchEnd)`. */
  snippet: z.string(),
  matchStart: z.number().int(),
  matchEnd: z.number().int(),
});
export type RecallSuggestion = z.infer<typeof RecallSuggestionSchema>;

export const RecallMissSchema = RecallPatentSchema.extend({
  clause: RecallClauseSchema,
  /** Absent when the clause takes no words or the patent holds nothing near them. */
  suggestion: RecallSuggestionSchema.optional(),
});
export type RecallMiss = z.infer<typeof RecallMissSchema>;

export const RecallCheckResponseSchema = z.object({
  /** The expression checked. */
  expression: z.string(),
  /** False when spans do not point into `expression` as written (a box of numbers only is searched as `PN=…`). */
  editable: z.boolean(),
  /** The distinct patents asked about (numbers not held included). */
  checked: z.number().int(),
  found: z.array(RecallPatentSchema),
  missed: z.array(RecallMissSchema),
  /** Numbers as written that the corpus does not hold. */
  notInCorpus: z.array(z.string()),
  tookMs: z.number().int(),
});
export type RecallCheckResponse = z.infer<typeof RecallCheckResponseSchema>;
