import { z } from 'zod';
import { UNCANCELLABLE_TASK_STATES } from './task.js';
import { MAX_REWRITE_EXPORT, MAX_REWRITE_TITLE_LENGTH } from './limits.js';
import { KeywordSchema } from './keyword.js';

/**
 * Assisted writing (spec 2 §1 "draft with an assisted-writing tool (rewrite text)", §2
 * /innovationSpace/assistedWriting and /assistedWritingSearch, §6 permission '/assistedWriting',
 * §7 "Rewrite"; issue 22). Shared by apps/server/src/domains/rewrite and
 * apps/web/src/features/assisted-writing. Paths are under /api/product.
 *
 * A passage (POST /patent/rewrite/text) is rewritten within the request; a document
 * (POST /patent/rewrite/all) is a task of the job queue rewritten piece by piece, followed with
 * GET /patent/rewrite/all/status?id=. Both are kept in the user's history (POST /patent/rewrite/list).
 */

/** Spec 2 §6 menu permission of the assisted-writing pages and calls. */
export const REWRITE_PERMISSION = '/assistedWriting';

/** rephrase 改写, claim 权利要求化 (formalise as claim language), expand 扩写, shorten 缩写. */
export const REWRITE_MODES = ['rephrase', 'claim', 'expand', 'shorten'] as const;
export const RewriteModeSchema = z.enum(REWRITE_MODES);
export type RewriteMode = z.infer<typeof RewriteModeSchema>;

/** The language the result is written in (the text's own language unless chosen). */
export const RewriteLanguageSchema = z.enum(['zh', 'en']);
export type RewriteLanguage = z.infer<typeof RewriteLanguageSchema>;

/** text: a passage answered at once; all: a document rewritten as a task. */
export const RewriteKindSchema = z.enum(['text', 'all']);
export type RewriteKind = z.infer<typeof RewriteKindSchema>;

export const REWRITE_STATES = UNCANCELLABLE_TASK_STATES;
export const RewriteStateSchema = z.enum(REWRITE_STATES);
export type RewriteState = z.infer<typeof RewriteStateSchema>;

/** The language of a text: Chinese when a fair share of its letters are CJK ideographs. */
export function detectRewriteLanguage(text: string): RewriteLanguage {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  // One ideograph carries about as much as a word of four Latin letters: Chinese when it carries as much.
  return cjk > 0 && cjk * 4 >= latin ? 'zh' : 'en';
}

/** POST /patent/rewrite/text and /patent/rewrite/all. `language` absent: the text's own. */
export const RewriteRequestSchema = z.object({
  text: z.string(),
  mode: RewriteModeSchema.default('rephrase'),
  language: RewriteLanguageSchema.optional(),
  title: z.string().trim().max(MAX_REWRITE_TITLE_LENGTH).optional(),
});
export type RewriteRequest = z.input<typeof RewriteRequestSchema>;

/** A rewrite as the history and the editor show it. */
export const RewriteSchema = z.object({
  id: z.string(),
  kind: RewriteKindSchema,
  mode: RewriteModeSchema,
  language: RewriteLanguageSchema,
  title: z.string(),
  original: z.string(),
  /** The rewritten text; while a document runs, the pieces done so far. */
  result: z.string().nullable(),
  state: RewriteStateSchema,
  /** The message of a failed rewrite, in the language it was asked in. */
  error: z.string().nullable(),
  /** Characters of the original (what the daily limit counts). */
  chars: z.number().int(),
  resultChars: z.number().int().nullable(),
  /** Pieces of a document rewritten so far, of all its pieces (a passage is one piece). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  tookMs: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Rewrite = z.infer<typeof RewriteSchema>;

/** GET /patent/rewrite/limit/day: the daily limit in characters, and the account's writing quota. */
export const RewriteDayLimitSchema = z.object({
  /** What the daily limit counts: characters of the original texts submitted today. */
  unit: z.literal('chars'),
  limit: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  /** The day is the UTC calendar day: the counter starts again at this instant. */
  timeZone: z.literal('UTC'),
  resetsAt: z.string(),
  /** The account's "writing" quota (spec 2 §6): rewrites made in all, operator-set limit (null = unlimited). */
  quota: z.object({ limit: z.number().int().nullable(), used: z.number().int() }),
});
export type RewriteDayLimit = z.infer<typeof RewriteDayLimitSchema>;

/** The answer of /patent/rewrite/text and /patent/rewrite/all: the rewrite and the limit after it. */
export const RewriteResponseSchema = z.object({ rewrite: RewriteSchema, limit: RewriteDayLimitSchema });
export type RewriteResponse = z.infer<typeof RewriteResponseSchema>;

/** GET /patent/rewrite/all/status?id= (any rewrite of the caller, full texts). */
export const RewriteIdQuerySchema = z.object({ id: z.string().min(1).max(64) });

/** POST /patent/rewrite/list: the caller's rewrites, newest first. */
export const RewriteListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Words of the title, the original or the result (case-insensitive). */
  keyword: KeywordSchema.optional(),
  mode: RewriteModeSchema.optional(),
  state: RewriteStateSchema.optional(),
});
export type RewriteListRequest = z.input<typeof RewriteListRequestSchema>;

/** Characters of the original and the result a list item carries (the whole texts come with /all/status). */
export const REWRITE_PREVIEW_CHARS = 300;

export const RewriteListItemSchema = RewriteSchema.extend({
  /** original and result cut to REWRITE_PREVIEW_CHARS characters (`truncated` says when). */
  truncated: z.boolean(),
});
export type RewriteListItem = z.infer<typeof RewriteListItemSchema>;

export const RewriteListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(RewriteListItemSchema),
});
export type RewriteListResponse = z.infer<typeof RewriteListResponseSchema>;

/** POST /patent/rewrite/delete (ours; the history's delete). */
export const RewriteDeleteRequestSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) });

/** POST /patent/rewrite/export/text: one rewrite or several as a Word file or plain text. */
export const RewriteExportRequestSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_REWRITE_EXPORT),
  format: z.enum(['docx', 'txt']).default('docx'),
});
export type RewriteExportRequest = z.input<typeof RewriteExportRequestSchema>;
