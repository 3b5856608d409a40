import {
  BusinessSearchRequestSchema,
  BusinessSearchResponseSchema,
  BusinessTreeImportResponseSchema,
  BusinessTreeRequestSchema,
  BusinessTreeResponseSchema,
  BusinessTreeSummarySchema,
  CompanyInfoImportResponseSchema,
  CompanyInfoSummarySchema,
} from '../business.js';
import { endpoint } from '../endpoint.js';

/** Companies and their trees (issue 20, spec 2 §7): search and tree, and the operators' tree import. */
export const businessEndpoints = {
  searchCompanies: endpoint({
    method: 'POST',
    path: '/product/business/search/business',
    body: BusinessSearchRequestSchema,
    response: BusinessSearchResponseSchema,
  }),
  tree: endpoint({
    method: 'POST',
    path: '/product/business/search/business/tree',
    body: BusinessTreeRequestSchema,
    response: BusinessTreeResponseSchema,
  }),
  treeSummary: endpoint({ method: 'GET', path: '/platform/business/tree', response: BusinessTreeSummarySchema }),
  /** A multipart upload of the CSV (one file). */
  importTree: endpoint({
    method: 'POST',
    path: '/platform/business/tree/import',
    response: BusinessTreeImportResponseSchema,
  }),
  companyInfoSummary: endpoint({
    method: 'GET',
    path: '/platform/business/companyInfo',
    response: CompanyInfoSummarySchema,
  }),
  /** A multipart upload of the company information file (.csv or .xlsx, one file). */
  importCompanyInfo: endpoint({
    method: 'POST',
    path: '/platform/business/companyInfo/import',
    response: CompanyInfoImportResponseSchema,
  }),
};
