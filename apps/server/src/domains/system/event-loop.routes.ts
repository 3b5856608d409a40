import { SYS_PERMISSION, systemEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import type { EventLoopMonitor } from './event-loop-monitor.js';

export interface EventLoopRoutesOptions {
  monitor: Pick<EventLoopMonitor, 'since'>;
}

/** GET /sys/event-loop (permission '/sys'): how long work on the HTTP thread held every request back. */
export const eventLoopRoutes: FastifyPluginAsyncZod<EventLoopRoutesOptions> = async (app, { monitor }) => {
  route(
    app,
    endpoints.eventLoop,
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary:
          "The server's event-loop delay since `sinceMs` (epoch ms; default the last minute, at most the last 30): " +
          'percentiles of how late a timer due every 10 ms ran',
        tags: ['sys'],
      },
    },
    async (request) => ok(monitor.since(request.query.sinceMs)),
  );
};
