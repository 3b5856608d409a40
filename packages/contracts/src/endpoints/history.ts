import { endpoint } from '../endpoint.js';
import {
  CombineHistoryRequestSchema,
  CombineHistoryResponseSchema,
  DeleteHistoryRequestSchema,
  DeleteResultSchema,
  ExportHistoryRequestSchema,
  HistoryReferencesRequestSchema,
  HistoryReferencesResponseSchema,
  ImportReportSchema,
  ListHistoryRequestSchema,
  SaveHistoryRequestSchema,
  SaveHistoryResponseSchema,
  SearchHistoryPageSchema,
} from '../history.js';

/** Search history (spec 1 §7 /history). exportAll answers an .xlsx file; import takes one (multipart). */
export const historyEndpoints = {
  save: endpoint({
    method: 'POST',
    path: '/product/history',
    body: SaveHistoryRequestSchema,
    response: SaveHistoryResponseSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/product/history',
    body: DeleteHistoryRequestSchema,
    response: DeleteResultSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/history/list',
    body: ListHistoryRequestSchema,
    response: SearchHistoryPageSchema,
  }),
  references: endpoint({
    method: 'POST',
    path: '/product/history/references',
    body: HistoryReferencesRequestSchema,
    response: HistoryReferencesResponseSchema,
  }),
  exportAll: endpoint({ method: 'POST', path: '/product/history/exportAll', body: ExportHistoryRequestSchema }),
  import: endpoint({ method: 'POST', path: '/product/history/import', response: ImportReportSchema }),
  combine: endpoint({
    method: 'POST',
    path: '/product/history/historyRetrievalCombined',
    body: CombineHistoryRequestSchema,
    response: CombineHistoryResponseSchema,
  }),
};
