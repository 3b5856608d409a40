import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  BatchImportResponseSchema,
  BatchModeSchema,
  BatchRecordListSchema,
  BatchSearchRequestSchema,
  BatchSearchResponseSchema,
  ManageBatchRecordRequestSchema,
  ManageBatchRecordResponseSchema,
} from '../batch-search.js';

/** ?mode=number|applicant on the imports: applicants are split on commas and line breaks only. */
const ImportQuerySchema = z.object({ mode: BatchModeSchema.default('number') });

/** Batch search (spec 1 §7): the search, its kept records, and the file imports (multipart, one file). */
export const batchSearchEndpoints = {
  search: endpoint({
    method: 'POST',
    path: '/product/search/batch',
    body: BatchSearchRequestSchema,
    response: BatchSearchResponseSchema,
  }),
  manageRecords: endpoint({
    method: 'POST',
    path: '/product/batchSearchRecord/manageHistory',
    body: ManageBatchRecordRequestSchema,
    response: ManageBatchRecordResponseSchema,
  }),
  records: endpoint({ method: 'GET', path: '/product/batchSearchRecord/getHistory', response: BatchRecordListSchema }),
  importTxt: endpoint({
    method: 'POST',
    path: '/platform/data/search/import/txt',
    query: ImportQuerySchema,
    response: BatchImportResponseSchema,
  }),
  importExcel: endpoint({
    method: 'POST',
    path: '/platform/data/search/import/excel',
    query: ImportQuerySchema,
    response: BatchImportResponseSchema,
  }),
};
