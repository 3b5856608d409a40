import { z } from 'zod';
import {
  CurrentLegalStatusSchema,
  IsoDateSchema,
  LocalizedTextSchema,
  PatentTypeSchema,
  type LocalizedText,
} from './patent.js';

/**
 * `POST /api/product/patent/compare`: the patents of the compare dialog (spec 2 §2), in one call.
 * Numbers may be written in any form; the server checks the count (spec 2 §5 "Compare needs 2 to
 * 10 patents") after removing repeats, so that its answer carries the spec's message. The array
 * bound here only keeps absurd bodies out.
 */
export const PatentCompareRequestSchema = z.object({
  publicationNumbers: z.array(z.string().trim().min(1).max(64)).max(1000),
});
export type PatentCompareRequest = z.infer<typeof PatentCompareRequestSchema>;

/** One patent as the compare dialog shows it: the fields side by side, texts cut to what is compared. */
export const ComparedPatentSchema = z.object({
  /** The number as asked for. */
  requested: z.string(),
  publicationNumber: z.string(),
  applicationNumber: z.string().optional(),
  country: z.string(),
  kind: z.string().optional(),
  patentType: PatentTypeSchema.optional(),
  title: LocalizedTextSchema.optional(),
  applicationDate: IsoDateSchema.optional(),
  publicationDate: IsoDateSchema.optional(),
  grantDate: IsoDateSchema.optional(),
  priorityDate: IsoDateSchema.optional(),
  applicants: z.array(z.string()),
  inventors: z.array(z.string()),
  /** IPC symbols, main class first. */
  ipc: z.array(z.string()),
  ipcMain: z.string().optional(),
  /** The source's legal status wording, as written. */
  legalStatus: z.string().optional(),
  /** The status worked out as on the detail page (its badge). */
  currentStatus: CurrentLegalStatusSchema.optional(),
  /** Claim 1 (and claim 1 of each translation). */
  firstClaim: LocalizedTextSchema.optional(),
  abstract: LocalizedTextSchema.optional(),
  /** Patents this one cites. */
  citationCount: z.number().int().nonnegative(),
  /** Patents citing this one: the record's list merged with the citations found in the corpus. */
  citedByCount: z.number().int().nonnegative(),
  /** Members of the simple family, itself included; absent when the record tells nothing of its family. */
  familySize: z.number().int().nonnegative().optional(),
});
export type ComparedPatent = z.infer<typeof ComparedPatentSchema>;

export const PatentCompareResponseSchema = z.object({
  /** In the order asked for; a number asked twice (in any form) once. */
  items: z.array(ComparedPatentSchema),
  /** Numbers asked for that the database does not hold. */
  missing: z.array(z.string()),
});
export type PatentCompareResponse = z.infer<typeof PatentCompareResponseSchema>;

/**
 * Claim 1 of a claims text. Sources either keep one claim per line or run them together
 * ("…处理。2.根据权利要求1…"); the latter is cut before a claim number that follows a sentence end.
 */
export function firstClaimText(claims: string): string | undefined {
  const lines = claims
    .split(/\r?\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines.length > 1 ? lines[0] : claims.split(/(?<=[。.;；])\s*(?=\d{1,3}\s*[.．、]\s*\D)/)[0];
  const text = first?.trim();
  return text ? text : undefined;
}

/** Claim 1 of a claims text and of each of its translations. */
export function firstClaimOf(claims: LocalizedText | undefined): LocalizedText | undefined {
  const text = claims ? firstClaimText(claims.text) : undefined;
  if (!claims || !text) return undefined;
  const translations = Object.entries(claims.translations ?? {}).flatMap(([lang, value]) => {
    const first = firstClaimText(value);
    return first ? [[lang, first] as const] : [];
  });
  return {
    ...(claims.lang ? { lang: claims.lang } : {}),
    text,
    ...(translations.length > 0 ? { translations: Object.fromEntries(translations) } : {}),
  };
}
