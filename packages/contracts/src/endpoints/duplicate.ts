import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  DuplicateCheckSchema,
  DuplicateDeleteRequestSchema,
  DuplicateDetailsSchema,
  DuplicateExportQuerySchema,
  DuplicateListRequestSchema,
  DuplicateListResponseSchema,
  DuplicateQuickCheckRequestSchema,
  DuplicateQuickCheckResponseSchema,
  DuplicateReportQuerySchema,
  DuplicateSnippetInfoSchema,
  DuplicateSnippetRequestSchema,
  DuplicateSubmitResponseSchema,
  DuplicateSummarySchema,
} from '../duplicate.js';

const AgainParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The duplicate check (spec 2 §7 "Duplicates and checks"; surface.json group duplicate). Submitting
 * takes JSON ({ text, title? }, checked by the handler) or a multipart file, so it declares no body;
 * the export answers a file. Spec 2 §7 names no method for the reads: each is a GET with the query and
 * a POST with the same fields as body.
 */
export const duplicateEndpoints = {
  submit: endpoint({ method: 'POST', path: '/product/patent/repeat', response: DuplicateSubmitResponseSchema }),
  list: endpoint({
    method: 'POST',
    path: '/product/patent/getRepeatList',
    body: DuplicateListRequestSchema.nullish(),
    response: DuplicateListResponseSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/product/patent/deleteRepeat',
    body: DuplicateDeleteRequestSchema,
    response: z.object({ ids: z.array(z.string()) }),
  }),
  exportGet: endpoint({ method: 'GET', path: '/product/patent/export', query: DuplicateExportQuerySchema }),
  exportPost: endpoint({ method: 'POST', path: '/product/patent/export', query: DuplicateExportQuerySchema }),
  quickCheck: endpoint({
    method: 'POST',
    path: '/product/patent/check',
    body: DuplicateQuickCheckRequestSchema,
    response: DuplicateQuickCheckResponseSchema,
  }),
  summaryGet: endpoint({
    method: 'GET',
    path: '/product/patent/similarity/summary',
    query: DuplicateReportQuerySchema,
    response: DuplicateSummarySchema,
  }),
  summaryPost: endpoint({
    method: 'POST',
    path: '/product/patent/similarity/summary',
    query: DuplicateReportQuerySchema,
    body: DuplicateReportQuerySchema.nullish(),
    response: DuplicateSummarySchema,
  }),
  detailsGet: endpoint({
    method: 'GET',
    path: '/product/patent/report/details',
    query: DuplicateReportQuerySchema,
    response: DuplicateDetailsSchema,
  }),
  detailsPost: endpoint({
    method: 'POST',
    path: '/product/patent/report/details',
    query: DuplicateReportQuerySchema,
    body: DuplicateReportQuerySchema.nullish(),
    response: DuplicateDetailsSchema,
  }),
  snippetGet: endpoint({
    method: 'GET',
    path: '/product/patent/similarity/snippet/info',
    query: DuplicateSnippetRequestSchema,
    response: DuplicateSnippetInfoSchema,
  }),
  snippetPost: endpoint({
    method: 'POST',
    path: '/product/patent/similarity/snippet/info',
    body: DuplicateSnippetRequestSchema,
    response: DuplicateSnippetInfoSchema,
  }),
  againGet: endpoint({
    method: 'GET',
    path: '/product/patent/again/:id',
    params: AgainParams,
    response: z.object({ check: DuplicateCheckSchema }),
  }),
  againPost: endpoint({
    method: 'POST',
    path: '/product/patent/again/:id',
    params: AgainParams,
    response: z.object({ check: DuplicateCheckSchema }),
  }),
};
