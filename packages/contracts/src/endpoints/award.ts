import { z } from 'zod';
import { pagedOf } from '../auth.js';
import {
  AwardImportReportSchema,
  AwardInfoRequestSchema,
  AwardInfoResponseSchema,
  AwardListQuerySchema,
  AwardRowSchema,
} from '../award.js';
import { endpoint } from '../endpoint.js';

const DeletedSchema = z.object({ deleted: z.number().int() });

/** Awards (docs/awards.md): a patent's awards, and the operators' award list under /sys/awards. */
export const awardEndpoints = {
  getInfo: endpoint({
    method: 'POST',
    path: '/product/award/getInfo',
    body: AwardInfoRequestSchema,
    response: AwardInfoResponseSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/product/sys/awards',
    query: AwardListQuerySchema,
    response: pagedOf(AwardRowSchema),
  }),
  /** A multipart upload of the CSV (field "file"). */
  importCsv: endpoint({ method: 'POST', path: '/product/sys/awards/import', response: AwardImportReportSchema }),
  remove: endpoint({
    method: 'DELETE',
    path: '/product/sys/awards/:id',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: DeletedSchema,
  }),
  removeAll: endpoint({ method: 'DELETE', path: '/product/sys/awards', response: DeletedSchema }),
};
