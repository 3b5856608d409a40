import { endpoint } from '../endpoint.js';
import {
  InventorStatsSchema,
  PatentValueParamsSchema,
  PatentValueSchema,
  ValueReportRequestSchema,
} from '../patent-value.js';

/** Patent value (spec 2 §7): evaluate, refresh, inventor statistics and the report file. */
export const patentValueEndpoints = {
  evaluate: endpoint({
    method: 'POST',
    path: '/product/patentValue/evaluate/:pn',
    params: PatentValueParamsSchema,
    response: PatentValueSchema,
  }),
  refresh: endpoint({
    method: 'GET',
    path: '/product/patentValue/refresh/:pn',
    params: PatentValueParamsSchema,
    response: PatentValueSchema,
  }),
  inventorStats: endpoint({
    method: 'GET',
    path: '/product/patentValue/inventorStat/:pn',
    params: PatentValueParamsSchema,
    response: InventorStatsSchema,
  }),
  /** Answers the report file (Word, PDF or Excel), not an envelope. */
  download: endpoint({ method: 'POST', path: '/product/patentValue/download', body: ValueReportRequestSchema }),
};
