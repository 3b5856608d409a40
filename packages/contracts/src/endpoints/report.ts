import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  ReportCreateRequestSchema,
  ReportFileQuerySchema,
  ReportIdParamsSchema,
  ReportListRequestSchema,
  ReportListResponseSchema,
  ReportSchema,
  SysReportListResponseSchema,
} from '../report.js';

/** Smart reports (spec 2 §7 "Reports"; surface.json group report). The file route answers a PDF or Word file. */
export const reportEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/product/report/patent',
    body: ReportCreateRequestSchema,
    response: ReportSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/report/patent/list',
    body: ReportListRequestSchema.nullish(),
    response: ReportListResponseSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/product/report/patent/:id',
    params: ReportIdParamsSchema,
    response: ReportSchema,
  }),
  file: endpoint({
    method: 'GET',
    path: '/product/report/patent/:id/file',
    params: ReportIdParamsSchema,
    query: ReportFileQuerySchema,
  }),
  regenerate: endpoint({
    method: 'POST',
    path: '/product/report/patent/:id/regenerate',
    params: ReportIdParamsSchema,
    response: ReportSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/product/report/patent/:id/delete',
    params: ReportIdParamsSchema,
    response: z.object({ id: z.string() }),
  }),
  listAll: endpoint({
    method: 'POST',
    path: '/product/sys/report/list',
    body: ReportListRequestSchema.nullish(),
    response: SysReportListResponseSchema,
  }),
};
