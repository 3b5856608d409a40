import { z } from 'zod';
import { LegalHistoryQuerySchema, LegalHistoryResponseSchema } from '../citation.js';
import { PatentCompareRequestSchema, PatentCompareResponseSchema } from '../compare.js';
import { endpoint } from '../endpoint.js';
import {
  PatentDetailQuerySchema,
  PatentDetailSchema,
  PatentDrawingsRequestSchema,
  PatentDrawingsResponseSchema,
  ReadMarkListRequestSchema,
  ReadMarkListResponseSchema,
} from '../patent.js';

/** A drawing's stored file name: no path, png or jpeg. */
const DRAWING_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(png|jpg|jpeg)$/;

/** Patent detail, drawings, compare and legal events. */
export const patentEndpoints = {
  detail: endpoint({
    method: 'GET',
    path: '/product/patent/detail',
    query: PatentDetailQuerySchema,
    response: PatentDetailSchema,
  }),
  /** Reading marks (spec 2 §3/§9): which of these patents the caller has opened. */
  readMarks: endpoint({
    method: 'POST',
    path: '/product/patent/readMark/list',
    body: ReadMarkListRequestSchema,
    response: ReadMarkListResponseSchema,
  }),
  drawings: endpoint({
    method: 'POST',
    path: '/product/patent/drawings',
    body: PatentDrawingsRequestSchema,
    response: PatentDrawingsResponseSchema,
  }),
  compare: endpoint({
    method: 'POST',
    path: '/product/patent/compare',
    body: PatentCompareRequestSchema,
    response: PatentCompareResponseSchema,
  }),
  /** Answers the image file itself. */
  drawing: endpoint({
    method: 'GET',
    path: '/product/patent/drawing/:file',
    params: z.object({ file: z.string().regex(DRAWING_FILE) }),
  }),
  // Spec 1 §7 calls /legal/cnki with POST, spec 2 §7 with GET: both answer, the number always in the query.
  legalHistory: endpoint({
    method: 'GET',
    path: '/product/legal/cnki',
    query: LegalHistoryQuerySchema,
    response: LegalHistoryResponseSchema,
  }),
  legalHistoryPost: endpoint({
    method: 'POST',
    path: '/product/legal/cnki',
    query: LegalHistoryQuerySchema,
    response: LegalHistoryResponseSchema,
  }),
};
