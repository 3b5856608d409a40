import { SYS_PERMISSION, trackingEndpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import type { TrackingService } from './tracking.service.js';
import { ok } from '../../envelope.js';

export interface TrackingRoutesOptions {
  service: TrackingService;
}

/** /eventTracking/record and /summary for everyone signed in; /sys/eventTracking/summary for operators. */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (app, { service }) => {
  route(
    app,
    trackingEndpoints.recordEvent,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Stores one event (IP-login visitors: under their organisation, without a user)',
        tags: ['tracking'],
      },
    },
    async (request) => {
      await service.record(request.auth, request.body);
      return ok(null);
    },
  );

  route(
    app,
    trackingEndpoints.ownSummary,
    {
      config: { access: 'authenticated' },
      schema: { summary: "The caller's event counts per record type and per event name", tags: ['tracking'] },
    },
    async (request) => ok(await service.ownSummary(request.auth)),
  );

  route(
    app,
    trackingEndpoints.sysSummary,
    {
      config: { access: SYS_PERMISSION },
      schema: { summary: "One account's event counts (userId), or everyone's", tags: ['sys'] },
    },
    async (request) => ok(await service.summary(request.query.userId)),
  );
};
