import { z } from 'zod';
import { MAX_BATCH_APPLICANTS, MAX_BATCH_NUMBERS } from './limits.js';

/**
 * Batch search (spec 1 §5 "Batch search", §7 /search/batch, /data/search/import/txt|excel,
 * /batchSearchRecord/*): a list of publication or application numbers, or of applicants.
 */

/**
 * Splitting what users paste into a batch search (spec 1 §5: "separators comma, space, line
 * break"). A space also sits inside numbers as people write them ("CN 1234567 A",
 * "CN 202010123456.7"), so a lone office code and a lone kind code are joined to the digits
 * beside them instead of being taken as numbers of their own.
 */

/** Commas (half and full width), semicolons and line breaks always separate. */
const HARD_SEPARATORS = /[,，;；、\r\n]+/;
const OFFICE_CODE = /^[A-Za-z]{2}$/;
const KIND_CODE = /^[A-Za-z]\d?$/;
const STARTS_WITH_DIGIT = /^\d/;

/** The numbers of one segment (text between hard separators), spaces resolved as described above. */
function numbersOfSegment(segment: string): string[] {
  const words = segment.split(/[\s\u3000]+/).filter(Boolean);
  const numbers: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let number = words[i]!;
    if (OFFICE_CODE.test(number) && STARTS_WITH_DIGIT.test(words[i + 1] ?? '')) number += words[++i];
    if (/\d$/.test(number) && KIND_CODE.test(words[i + 1] ?? '')) number += words[++i];
    numbers.push(number);
  }
  return numbers;
}

/** Digits grouped by thousands (US 8,930,553 B2): a comma there is part of the number, not a separator. */
const THOUSANDS = /(?<!\d)\d{1,3}(?:,\d{3})+(?!\d)/g;

/** Every number written in the text, in order, each written form once. */
export function splitBatchNumbers(text: string): string[] {
  const joined = text.replace(THOUSANDS, (digits) => digits.replace(/,/g, ''));
  return unique(joined.split(HARD_SEPARATORS).flatMap(numbersOfSegment));
}

/** Applicants: names hold spaces, so only commas, semicolons and line breaks separate them. */
export function splitBatchApplicants(text: string): string[] {
  return unique(
    text
      .split(HARD_SEPARATORS)
      .map((name) => name.replace(/["“”]/g, '').trim())
      .filter(Boolean),
  );
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

export const BATCH_MODES = ['number', 'applicant'] as const;
export const BatchModeSchema = z.enum(BATCH_MODES);
export type BatchMode = z.infer<typeof BatchModeSchema>;

/**
 * Raw text as pasted: numbers separated by comma, space or line break ("CN 1234567 A" stays one
 * number); applicants by comma or line break (names hold spaces). Counts are checked on the server
 * after splitting: MAX_BATCH_NUMBERS numbers, MAX_BATCH_APPLICANTS applicants.
 */
export const BatchSearchRequestSchema = z.object({
  mode: BatchModeSchema.default('number'),
  text: z.string().max((MAX_BATCH_NUMBERS + MAX_BATCH_APPLICANTS) * 64),
});
export type BatchSearchRequest = z.infer<typeof BatchSearchRequestSchema>;

/** One number we hold: what the user wrote and the record it found. */
export const BatchFoundRecordSchema = z.object({
  input: z.string(),
  publicationNumber: z.string(),
  applicationNumber: z.string().optional(),
  title: z.string(),
  applicants: z.array(z.string()),
  publicationDate: z.string().optional(),
  applicationDate: z.string().optional(),
  country: z.string(),
});
export type BatchFoundRecord = z.infer<typeof BatchFoundRecordSchema>;

/** One applicant with hits. */
export const BatchFoundApplicantSchema = z.object({ applicant: z.string(), total: z.number().int() });
export type BatchFoundApplicant = z.infer<typeof BatchFoundApplicantSchema>;

export const BatchSearchResponseSchema = z.object({
  mode: BatchModeSchema,
  /** Distinct inputs after splitting, in the order given. */
  inputs: z.array(z.string()),
  found: z.array(BatchFoundRecordSchema),
  foundApplicants: z.array(BatchFoundApplicantSchema),
  /** Every input that found nothing, in the order given. */
  notFound: z.array(z.string()),
  /** An expression for the result page covering what was found (empty when nothing was). */
  expression: z.string(),
});
export type BatchSearchResponse = z.infer<typeof BatchSearchResponseSchema>;

/** /data/search/import/txt and /excel: the values read from the file, and the lines that were refused. */
export const BatchImportResponseSchema = z.object({
  values: z.array(z.string()),
  errors: z.array(z.object({ line: z.number().int(), value: z.string(), message: z.string() })),
  /** Problems beyond MAX_IMPORT_REPORTED_ERRORS, counted but not listed (the last entry of `errors` says so). */
  errorsOmitted: z.number().int().optional(),
});
export type BatchImportResponse = z.infer<typeof BatchImportResponseSchema>;

export const BatchRecordSchema = z.object({
  id: z.string(),
  mode: BatchModeSchema,
  inputs: z.array(z.string()),
  foundCount: z.number().int(),
  notFoundCount: z.number().int(),
  createdAt: z.string(),
});
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

/** POST /batchSearchRecord/manageHistory: keep one batch (save) or drop some (delete). */
export const ManageBatchRecordRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('save'),
    mode: BatchModeSchema,
    inputs: z.array(z.string().max(200)).min(1).max(MAX_BATCH_NUMBERS),
    foundCount: z.number().int().min(0),
    notFoundCount: z.number().int().min(0),
  }),
  z.object({ action: z.literal('delete'), ids: z.array(z.string().min(1).max(64)).min(1).max(100) }),
]);
export type ManageBatchRecordRequest = z.infer<typeof ManageBatchRecordRequestSchema>;

export const ManageBatchRecordResponseSchema = z.object({ id: z.string().optional(), deleted: z.number().int() });

/** GET /batchSearchRecord/getHistory: the caller's records, newest first. */
export const BatchRecordListSchema = z.array(BatchRecordSchema);
