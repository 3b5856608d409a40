import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  DeleteOperateHistoryRequestSchema,
  DeleteResultSchema,
  ExportOperateHistoryRequestSchema,
  ImportReportSchema,
  ListOperateHistoryRequestSchema,
  OperateHistoryDataSchema,
  OperateHistoryPageSchema,
  SaveHistoryResponseSchema,
  SaveOperateHistoryRequestSchema,
} from '../history.js';

/** Operation history (spec 1 §7 /operatehistory). export answers an .xlsx file; import takes one (multipart). */
export const operateHistoryEndpoints = {
  save: endpoint({
    method: 'POST',
    path: '/product/operatehistory',
    body: SaveOperateHistoryRequestSchema,
    response: SaveHistoryResponseSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/operatehistory/list',
    body: ListOperateHistoryRequestSchema,
    response: OperateHistoryPageSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/product/operatehistory',
    body: DeleteOperateHistoryRequestSchema,
    response: DeleteResultSchema,
  }),
  export: endpoint({
    method: 'POST',
    path: '/product/operatehistory/export',
    body: ExportOperateHistoryRequestSchema,
  }),
  import: endpoint({ method: 'POST', path: '/product/operatehistory/import', response: ImportReportSchema }),
  getData: endpoint({
    method: 'GET',
    path: '/product/operatehistory/getData/:id',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: OperateHistoryDataSchema,
  }),
};
