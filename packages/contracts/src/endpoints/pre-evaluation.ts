import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  PreEvaluationDeleteQuerySchema,
  PreEvaluationDetailQuerySchema,
  PreEvaluationDetailSchema,
  PreEvaluationExportQuerySchema,
  PreEvaluationListRequestSchema,
  PreEvaluationListResponseSchema,
  PreEvaluationSearchRequestSchema,
  PreEvaluationSearchResponseSchema,
} from '../pre-evaluation.js';

/** Pre-evaluation (spec 2 §7 "Pre-application"). */
export const preEvaluationEndpoints = {
  search: endpoint({
    method: 'POST',
    path: '/product/apply/pre/search',
    body: PreEvaluationSearchRequestSchema,
    response: PreEvaluationSearchResponseSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/apply/pre/result/list',
    body: PreEvaluationListRequestSchema.nullish(),
    response: PreEvaluationListResponseSchema,
  }),
  /** The spec passes the ids as params: ?ids=a,b. */
  remove: endpoint({
    method: 'POST',
    path: '/product/apply/pre/result/delete',
    query: PreEvaluationDeleteQuerySchema,
    response: z.object({ ids: z.array(z.string()) }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/product/apply/pre/result/detail',
    query: PreEvaluationDetailQuerySchema,
    response: PreEvaluationDetailSchema,
  }),
  /** Answers the Word or PDF file. */
  export: endpoint({ method: 'GET', path: '/product/apply/pre/result/export', query: PreEvaluationExportQuerySchema }),
};
