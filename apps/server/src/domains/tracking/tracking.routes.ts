import {
  envelopeOf,
  EventTrackingRecordSchema,
  EventTrackingSummarySchema,
  SYS_PERMISSION,
  SysEventTrackingSummaryQuerySchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrackingService } from './tracking.service.js';
import { ok } from '../../envelope.js';

export interface TrackingRoutesOptions {
  service: TrackingService;
}

/** /eventTracking/record and /summary for everyone signed in; /sys/eventTracking/summary for operators. */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (app, { service }) => {
  app.post(
    '/eventTracking/record',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Stores one event (IP-login visitors: under their organisation, without a user)',
        tags: ['tracking'],
        body: EventTrackingRecordSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.record(request.auth, request.body);
      return ok(null);
    },
  );

  app.get(
    '/eventTracking/summary',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The caller's event counts per record type and per event name",
        tags: ['tracking'],
        response: { 200: envelopeOf(EventTrackingSummarySchema) },
      },
    },
    async (request) => ok(await service.ownSummary(request.auth)),
  );

  app.get(
    '/sys/eventTracking/summary',
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary: "One account's event counts (userId), or everyone's",
        tags: ['sys'],
        querystring: SysEventTrackingSummaryQuerySchema,
        response: { 200: envelopeOf(EventTrackingSummarySchema) },
      },
    },
    async (request) => ok(await service.summary(request.query.userId)),
  );
};
