import { z } from 'zod';
import { AnalysisFilterSchema } from './analysis.js';
export { CompanyInfoSchema, type CompanyInfo } from './company-info.js';

/**
 * Companies (spec 2 §7 /business/search/business and /tree; docs/companies.md). A company is the
 * group of applicants that share a standardised name (the vendor's 标准化申请人, else the name as
 * written), names that differ only in width, spacing, case or the spelling of an English legal form
 * (`Co., Ltd.` / `CO LTD` / `Company Limited`) taken as one. Its tree comes from the operators'
 * imported CSV; nothing is invented.
 */

/** `POST /business/search/business`: companies whose standardised or written names contain the keyword. */
export const BusinessSearchRequestSchema = z.object({
  keyword: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type BusinessSearchRequest = z.infer<typeof BusinessSearchRequestSchema>;

/** A written name of a company and its patents (publications where it is an applicant). */
export const CompanyVariantSchema = z.object({
  name: z.string(),
  count: z.number().int(),
});
export type CompanyVariant = z.infer<typeof CompanyVariantSchema>;

/** The result set of a company, as a result page holds it (expression + exact filters). */
export const CompanySetSchema = z.object({
  searchExpre: z.string(),
  filters: z.array(AnalysisFilterSchema),
});
export type CompanySet = z.infer<typeof CompanySetSchema>;

export const CompanySchema = z.object({
  /** The display name: the most frequent standardised name of the group. */
  name: z.string(),
  /** The standardised names grouped into this company (values of the applicantStandard dimension). */
  standardNames: z.array(z.string()),
  /** Written names whose standardised name is one of standardNames, most patents first. */
  variants: z.array(CompanyVariantSchema),
  /** Publications with the company as an applicant. */
  patents: z.number().int(),
  set: CompanySetSchema,
  /** Where an imported tree holds the company: its parent and its number of direct subsidiaries. */
  tree: z
    .object({
      parent: z.string().nullable(),
      subsidiaries: z.number().int(),
    })
    .nullable(),
});
export type Company = z.infer<typeof CompanySchema>;

export const BusinessSearchResponseSchema = z.object({
  companies: z.array(CompanySchema),
  tookMs: z.number(),
});
export type BusinessSearchResponse = z.infer<typeof BusinessSearchResponseSchema>;

/** `POST /business/search/business/tree`: the tree around a company. */
export const BusinessTreeRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
});
export type BusinessTreeRequest = z.infer<typeof BusinessTreeRequestSchema>;

export interface CompanyTreeNode {
  name: string;
  /** Percent held by the parent, when the imported file states it. */
  share: number | null;
  relation: string | null;
  patents: number;
  set: CompanySet;
  children: CompanyTreeNode[];
}
export const CompanyTreeNodeSchema: z.ZodType<CompanyTreeNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    share: z.number().nullable(),
    relation: z.string().nullable(),
    patents: z.number().int(),
    set: CompanySetSchema,
    children: z.array(CompanyTreeNodeSchema),
  }),
);

export const BusinessTreeResponseSchema = z.object({
  company: CompanySchema,
  /** Parent chain, nearest first, up to the root (each with its own patents, without children). */
  parents: z.array(CompanyTreeNodeSchema),
  /** The company with its subsidiaries (and theirs), as imported. */
  root: CompanyTreeNodeSchema,
  /** Whether any imported relation names the company. */
  inTree: z.boolean(),
  /** Patents of the company and all its subsidiaries (each counted once), and that set. */
  withSubsidiaries: z.object({ patents: z.number().int(), set: CompanySetSchema }),
  tookMs: z.number(),
});
export type BusinessTreeResponse = z.infer<typeof BusinessTreeResponseSchema>;

/** `POST /api/platform/business/tree/import` (multipart CSV): what was imported. */
export const BusinessTreeImportResponseSchema = z.object({
  relations: z.number().int(),
  companies: z.number().int(),
  source: z.string(),
});
export type BusinessTreeImportResponse = z.infer<typeof BusinessTreeImportResponseSchema>;

/** `GET /api/platform/business/tree`: the imported relations, for the operators' page. */
export const BusinessTreeSummarySchema = z.object({
  relations: z.number().int(),
  source: z.string().nullable(),
  importedAt: z.string().nullable(),
});
export type BusinessTreeSummary = z.infer<typeof BusinessTreeSummarySchema>;

/** Spec 2 §5 "uploads up to 5MB". */
export const MAX_TREE_CSV_BYTES = 5 * 1024 * 1024;
/** Relations one imported file may hold. */
export const MAX_TREE_RELATIONS = 100_000;

/** A malformed line of an imported company information file (not imported; the rest is). */
export const CompanyInfoLineErrorSchema = z.object({ line: z.number().int(), message: z.string() });

/** `POST /api/platform/business/companyInfo/import` (multipart CSV or XLSX): what was imported and what was not. */
export const CompanyInfoImportResponseSchema = z.object({
  companies: z.number().int(),
  listed: z.number().int(),
  source: z.string(),
  errors: z.array(CompanyInfoLineErrorSchema),
});
export type CompanyInfoImportResponse = z.infer<typeof CompanyInfoImportResponseSchema>;

/** `GET /api/platform/business/companyInfo`: the imported company information, for the operators' page. */
export const CompanyInfoSummarySchema = z.object({
  companies: z.number().int(),
  listed: z.number().int(),
  source: z.string().nullable(),
  importedAt: z.string().nullable(),
});
export type CompanyInfoSummary = z.infer<typeof CompanyInfoSummarySchema>;

/** Companies one company information file may hold (each listed one is a phrase of PA-LISTED's expansion). */
export const MAX_COMPANY_INFO_ROWS = 20_000;
