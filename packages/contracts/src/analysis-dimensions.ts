import { z } from 'zod';

/**
 * What a chart can count by. Every dimension is also a filter field, so a chart element is
 * reached again as "the result set + one filter" (see AnalysisJumpRequestSchema).
 *
 * - applicationYear / publicationYear / grantYear: year of AD / PD / GD.
 * - expiryYear: year of ED, or for a patent in force without ED its statutory end (docs/analysis.md).
 * - applicantStandard: each applicant's standardised name (the vendor's 标准化申请人), else its name (docs/companies.md).
 * - applicant, currentAssignee (current, else original assignees), inventor, agency, agent.
 * - ipcSection (H), ipcClass (H01), ipcSubclass (H01M), ipcGroup (H01M4 = main group H01M 4/00);
 *   cpcSubclass, cpcGroup likewise.
 * - country: the publishing office; applicantCountry, applicantProvince, applicantCity: of any applicant.
 * - legalStatus: the status text as recorded; legalStatusClass: valid / pending / rejected /
 *   withdrawn / lapsed; patentType; grantStatus: granted / not_granted.
 * - effect: the effect terms of the extracted effect (EFFECT_CATEGORIES, docs/problem-means-effect.md),
 *   the columns of the technology–effect matrix.
 * - valueBand: the patent value score (docs/patent-value.md) in bands of 10 (`80-90`; 100 in `90-100`).
 */
export const ANALYSIS_DIMENSIONS = [
  'applicationYear',
  'publicationYear',
  'grantYear',
  'expiryYear',
  'applicant',
  'currentAssignee',
  'inventor',
  'agency',
  'agent',
  'ipcSection',
  'ipcClass',
  'ipcSubclass',
  'ipcGroup',
  'cpcSubclass',
  'cpcGroup',
  'country',
  'applicantCountry',
  'applicantProvince',
  'applicantCity',
  'applicantStandard',
  'legalStatus',
  'legalStatusClass',
  'patentType',
  'grantStatus',
  'valueBand',
  'effect',
] as const;
export const AnalysisDimensionSchema = z.enum(ANALYSIS_DIMENSIONS);
export type AnalysisDimension = z.infer<typeof AnalysisDimensionSchema>;

/** Values of legalStatusClass (docs/analysis.md "Legal status classes"); search hits carry it too. */
export const LEGAL_STATUS_CLASSES = ['valid', 'pending', 'rejected', 'withdrawn', 'lapsed'] as const;

/** The bands of valueBand, lowest first (their keys sort in this order as text too). */
export const VALUE_BANDS = [
  '0-10',
  '10-20',
  '20-30',
  '30-40',
  '40-50',
  '50-60',
  '60-70',
  '70-80',
  '80-90',
  '90-100',
] as const;

/** The band of a value score (0–100); null for a patent without one. */
export function valueBandOf(score: number | null | undefined): (typeof VALUE_BANDS)[number] | null {
  if (typeof score !== 'number' || !Number.isFinite(score)) return null;
  const index = Math.min(VALUE_BANDS.length - 1, Math.max(0, Math.floor(score / 10)));
  return VALUE_BANDS[index] as (typeof VALUE_BANDS)[number];
}
