import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  AlertAddRequestSchema,
  AlertDeleteResponseSchema,
  AlertDetailsRequestSchema,
  AlertDetailsResponseSchema,
  AlertExportRequestSchema,
  AlertIdParamsSchema,
  AlertListRequestSchema,
  AlertPageSchema,
  AlertRecipientConfirmRequestSchema,
  AlertResponseSchema,
  AlertResultCountRequestSchema,
  AlertResultCountResponseSchema,
  AlertRunListQuerySchema,
  AlertRunPageSchema,
  AlertStatusQuerySchema,
  AlertTestMailResponseSchema,
  AlertUpdateRequestSchema,
  LibraryAlertRequestSchema,
} from '../alert.js';
import { DownloadTaskSchema } from '../export.js';

/** Alerts (spec 2 §7 /warn/*, /collection/warn, /download/warnResult). */
export const alertEndpoints = {
  /** The link mailed to a recipient: an HTML page (not the envelope). */
  confirmPage: endpoint({
    method: 'GET',
    path: '/product/warn/recipient/confirm',
    query: AlertRecipientConfirmRequestSchema,
  }),
  /** The page's form answers HTML; a JSON body answers the envelope (AlertRecipientConfirmResponseSchema). */
  confirmRecipient: endpoint({
    method: 'POST',
    path: '/product/warn/recipient/confirm',
    body: AlertRecipientConfirmRequestSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/product/warn/addWarnInfo',
    body: AlertAddRequestSchema,
    response: AlertResponseSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/product/warn/updateWarnInfo',
    body: AlertUpdateRequestSchema,
    response: AlertResponseSchema,
  }),
  saveLibraryAlert: endpoint({
    method: 'POST',
    path: '/product/collection/warn',
    body: LibraryAlertRequestSchema,
    response: AlertResponseSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/warn/getWarnList',
    body: AlertListRequestSchema,
    response: AlertPageSchema,
  }),
  setStatus: endpoint({
    method: 'GET',
    path: '/product/warn/change/warn/status/:id',
    params: AlertIdParamsSchema,
    query: AlertStatusQuerySchema,
    response: AlertResponseSchema,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/product/warn/deleteWarnInfo/:id',
    params: AlertIdParamsSchema,
    response: AlertDeleteResponseSchema,
  }),
  /** Issue 43: mails the alert's current mail to the caller's own address now (rate-limited per account). */
  sendTestMail: endpoint({
    method: 'POST',
    path: '/product/warn/sendTestMail/:id',
    params: AlertIdParamsSchema,
    response: AlertTestMailResponseSchema,
  }),
  runs: endpoint({
    method: 'GET',
    path: '/product/warn/getWarnResultList/:id',
    params: AlertIdParamsSchema,
    query: AlertRunListQuerySchema,
    response: AlertRunPageSchema,
  }),
  resultCount: endpoint({
    method: 'POST',
    path: '/product/warn/getWarnResultCount',
    body: AlertResultCountRequestSchema,
    response: AlertResultCountResponseSchema,
  }),
  details: endpoint({
    method: 'POST',
    path: '/product/warn/getWarnDetails',
    body: AlertDetailsRequestSchema,
    response: AlertDetailsResponseSchema,
  }),
  exportRun: endpoint({
    method: 'POST',
    path: '/product/download/warnResult',
    body: AlertExportRequestSchema,
    response: z.object({ task: DownloadTaskSchema }),
  }),
};
