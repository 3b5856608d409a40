import { z } from 'zod';
import { KeywordSchema } from './keyword.js';

/**
 * Patent awards (spec 2 §7 POST /award/getInfo; spec 1 §3 "awards" in the field dictionary): award
 * lists such as the China Patent Award (中国专利金奖/银奖/优秀奖) imported by operators from CSV
 * (number, award, year), searchable as the AWARD field, shown on the detail page and the dashboards.
 * docs/awards.md.
 */

/** Largest award CSV (ours: a decade of China Patent Awards is ~10,000 rows, ~0.5 MB). */
export const MAX_AWARD_FILE_BYTES = 5 * 1024 * 1024;
/** Rows one import takes (ours). */
export const MAX_AWARD_ROWS = 50_000;
/** Longest award name (ours). */
export const MAX_AWARD_NAME_LENGTH = 100;
/** Refused lines an import report lists (the count covers them all). */
export const MAX_AWARD_REPORTED_LINES = 200;
/** Numbers one getInfo call takes. */
export const MAX_AWARD_LOOKUP_NUMBERS = 1000;

export const PatentAwardSchema = z.object({
  award: z.string(),
  year: z.number().int().nullable(),
});
export type PatentAward = z.infer<typeof PatentAwardSchema>;

/** POST /award/getInfo: one number (`pn`) or a list, in any written form. */
export const AwardInfoRequestSchema = z
  .object({
    pn: z.string().trim().min(1).max(40).optional(),
    numbers: z.array(z.string().trim().min(1).max(40)).max(MAX_AWARD_LOOKUP_NUMBERS).optional(),
  })
  .refine((body) => body.pn !== undefined || (body.numbers?.length ?? 0) > 0, {
    message: 'pn or numbers is required',
    path: ['pn'],
  });
export type AwardInfoRequest = z.infer<typeof AwardInfoRequestSchema>;

/** One number's awards: the number as asked, the stored publication number it resolved to (null: not held). */
export const AwardInfoItemSchema = z.object({
  number: z.string(),
  publicationNumber: z.string().nullable(),
  awards: z.array(PatentAwardSchema),
});
export const AwardInfoResponseSchema = z.array(AwardInfoItemSchema);
export type AwardInfoItem = z.infer<typeof AwardInfoItemSchema>;

/** A row of the award list (operators' area). */
export const AwardRowSchema = z.object({
  id: z.string(),
  /** The number as the file wrote it. */
  number: z.string(),
  /** The stored record it resolved to; null while the corpus does not hold it. */
  publicationNumber: z.string().nullable(),
  award: z.string(),
  year: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AwardRow = z.infer<typeof AwardRowSchema>;

export const AwardListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Part of a number or of an award's name. */
  q: KeywordSchema.optional(),
});

/** Why an import line was refused. */
export const AwardLineProblemSchema = z.enum(['columns', 'number', 'award', 'year', 'duplicate']);
export type AwardLineProblem = z.infer<typeof AwardLineProblemSchema>;

export const AwardImportReportSchema = z.object({
  /** Data lines read (the header not counted). */
  lines: z.number().int(),
  imported: z.number().int(),
  /** Rows already in the list (same number, award and year): kept once. */
  unchanged: z.number().int(),
  /** Imported rows whose patent is in the corpus (searchable now). */
  held: z.number().int(),
  refused: z.number().int(),
  /** The first MAX_AWARD_REPORTED_LINES refused lines: 1-based line number of the file, the text and why. */
  problems: z.array(z.object({ line: z.number().int(), text: z.string(), problem: AwardLineProblemSchema })),
});
export type AwardImportReport = z.infer<typeof AwardImportReportSchema>;

/** The dashboards' award figure: awarded patents of the set and their list (at most `limit`). */
export const DashboardAwardsSchema = z.object({
  total: z.number().int(),
  byAward: z.array(z.object({ award: z.string(), count: z.number().int() })),
  items: z.array(
    z.object({
      publicationNumber: z.string(),
      title: z.string().nullable(),
      awards: z.array(PatentAwardSchema),
    }),
  ),
});
export type DashboardAwards = z.infer<typeof DashboardAwardsSchema>;
