import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  DownloadListRequestSchema,
  DownloadListResponseSchema,
  DownloadTaskSchema,
  ExportCheckResponseSchema,
  ExportFieldsResponseSchema,
  ExportLastFieldsRequestSchema,
  ExportRequestSchema,
  ExportSortFieldsRequestSchema,
  ExportTemplateRequestSchema,
  ExportTemplateResponseSchema,
} from '../export.js';
import { AnalysisExportRequestSchema } from '../export-analysis.js';
import { CitationExportRequestSchema } from '../export-citations.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const OnePatentQuery = z.object({ publicationNumber: z.string().trim().min(3).max(64) });
const TaskAnswer = z.object({ task: DownloadTaskSchema });

/**
 * Export and the download centre (spec 2 §7 /export/*, /download/*). Several answer to GET and POST
 * alike (spec 2 names either): one definition each. /export/excel and /export/adduceInfo answer the
 * file itself or `{ task }`; /export/docx, /download/pdf and /download/file/:id answer a file. The
 * progress WebSocket (/download/progress/:id) is not an endpoint of this kind.
 */
export const exportEndpoints = {
  fields: endpoint({ method: 'GET', path: '/product/download/fields', response: ExportFieldsResponseSchema }),
  fieldsPost: endpoint({ method: 'POST', path: '/product/download/fields', response: ExportFieldsResponseSchema }),
  sortFields: endpoint({
    method: 'POST',
    path: '/product/download/sortFields',
    body: ExportSortFieldsRequestSchema,
    response: ExportFieldsResponseSchema,
  }),
  lastFields: endpoint({
    method: 'POST',
    path: '/product/download/addLastExportField',
    body: ExportLastFieldsRequestSchema,
    response: ExportFieldsResponseSchema,
  }),
  template: endpoint({
    method: 'POST',
    path: '/product/download/template',
    body: ExportTemplateRequestSchema,
    response: ExportTemplateResponseSchema,
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/product/download/template/:id',
    params: IdParams,
    response: z.object({ id: z.string() }),
  }),
  check: endpoint({
    method: 'POST',
    path: '/product/export/check',
    body: ExportRequestSchema,
    response: ExportCheckResponseSchema,
  }),
  excel: endpoint({ method: 'POST', path: '/product/export/excel', body: ExportRequestSchema }),
  citations: endpoint({ method: 'POST', path: '/product/export/adduceInfo', body: CitationExportRequestSchema }),
  analysis: endpoint({
    method: 'POST',
    path: '/product/export/depthAnalysisInfo',
    body: AnalysisExportRequestSchema,
    response: TaskAnswer,
  }),
  docx: endpoint({ method: 'GET', path: '/product/export/docx', query: OnePatentQuery }),
  docxPost: endpoint({ method: 'POST', path: '/product/export/docx', query: OnePatentQuery }),
  pdf: endpoint({ method: 'GET', path: '/product/download/pdf', query: OnePatentQuery }),
  pdfPost: endpoint({ method: 'POST', path: '/product/download/pdf', query: OnePatentQuery }),
  task: endpoint({ method: 'POST', path: '/product/download/task', body: ExportRequestSchema, response: TaskAnswer }),
  list: endpoint({
    method: 'GET',
    path: '/product/download/list',
    query: DownloadListRequestSchema,
    response: DownloadListResponseSchema,
  }),
  listPost: endpoint({
    method: 'POST',
    path: '/product/download/list',
    body: DownloadListRequestSchema.nullish(),
    response: DownloadListResponseSchema,
  }),
  cancel: endpoint({ method: 'GET', path: '/product/download/cancel/:id', params: IdParams, response: TaskAnswer }),
  cancelPost: endpoint({
    method: 'POST',
    path: '/product/download/cancel/:id',
    params: IdParams,
    response: TaskAnswer,
  }),
  again: endpoint({ method: 'GET', path: '/product/download/again/:id', params: IdParams, response: TaskAnswer }),
  againPost: endpoint({ method: 'POST', path: '/product/download/again/:id', params: IdParams, response: TaskAnswer }),
  draw: endpoint({ method: 'GET', path: '/product/download/draw/:id', params: IdParams, response: TaskAnswer }),
  drawPost: endpoint({ method: 'POST', path: '/product/download/draw/:id', params: IdParams, response: TaskAnswer }),
  file: endpoint({ method: 'GET', path: '/product/download/file/:id', params: IdParams }),
  /** A WebSocket (DownloadProgress messages), opened with ?ticket= of authEndpoints.socketTicket. */
  progressSocket: endpoint({ method: 'GET', path: '/product/download/progress/:id', params: IdParams }),
};
