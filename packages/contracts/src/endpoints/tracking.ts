import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  EventTrackingRecordSchema,
  EventTrackingSummarySchema,
  SysEventTrackingSummaryQuerySchema,
} from '../history.js';

/** Event tracking (spec 1 §3 "Event tracking record"). */
export const trackingEndpoints = {
  recordEvent: endpoint({
    method: 'POST',
    path: '/product/eventTracking/record',
    body: EventTrackingRecordSchema,
    response: z.null(),
  }),
  ownSummary: endpoint({ method: 'GET', path: '/product/eventTracking/summary', response: EventTrackingSummarySchema }),
  sysSummary: endpoint({
    method: 'GET',
    path: '/product/sys/eventTracking/summary',
    query: SysEventTrackingSummaryQuerySchema,
    response: EventTrackingSummarySchema,
  }),
};
