import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  RewriteDayLimitSchema,
  RewriteDeleteRequestSchema,
  RewriteExportRequestSchema,
  RewriteIdQuerySchema,
  RewriteListRequestSchema,
  RewriteListResponseSchema,
  RewriteRequestSchema,
  RewriteResponseSchema,
  RewriteSchema,
} from '../rewrite.js';

/** Assisted writing (spec 2 §7 "Rewrite"; surface.json group rewrite). The export answers a Word or text file. */
export const rewriteEndpoints = {
  text: endpoint({
    method: 'POST',
    path: '/product/patent/rewrite/text',
    body: RewriteRequestSchema,
    response: RewriteResponseSchema,
  }),
  all: endpoint({
    method: 'POST',
    path: '/product/patent/rewrite/all',
    body: RewriteRequestSchema,
    response: RewriteResponseSchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/product/patent/rewrite/all/status',
    query: RewriteIdQuerySchema,
    response: RewriteSchema,
  }),
  dayLimit: endpoint({
    method: 'GET',
    path: '/product/patent/rewrite/limit/day',
    response: RewriteDayLimitSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/patent/rewrite/list',
    body: RewriteListRequestSchema.nullish(),
    response: RewriteListResponseSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/product/patent/rewrite/delete',
    body: RewriteDeleteRequestSchema,
    response: z.object({ ids: z.array(z.string()) }),
  }),
  exportText: endpoint({
    method: 'POST',
    path: '/product/patent/rewrite/export/text',
    body: RewriteExportRequestSchema,
  }),
};
