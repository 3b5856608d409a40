import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  ImportRunListSchema,
  ImportRunSchema,
  ImportUploadResponseSchema,
  StartImportRequestSchema,
} from '../data-import.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** The operators' patent imports (issue 15). The upload is multipart. */
export const dataImportEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/platform/data/patents/import/files',
    response: ImportUploadResponseSchema,
  }),
  discard: endpoint({
    method: 'DELETE',
    path: '/platform/data/patents/import/files/:id',
    params: IdParams,
    response: z.null(),
  }),
  start: endpoint({
    method: 'POST',
    path: '/platform/data/patents/import/runs',
    body: StartImportRequestSchema,
    response: ImportRunSchema,
  }),
  runs: endpoint({ method: 'GET', path: '/platform/data/patents/import/runs', response: ImportRunListSchema }),
  run: endpoint({
    method: 'GET',
    path: '/platform/data/patents/import/runs/:id',
    params: IdParams,
    response: ImportRunSchema,
  }),
};
