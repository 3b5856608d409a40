import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { EventLoopDelayQuerySchema, EventLoopDelaySchema, HealthSchema } from '../envelope.js';

/** Liveness (GET /api/health, no token) and the operators' event-loop delay (issue 40). */
export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    response: HealthSchema.extend({
      demoLoading: z.boolean(),
      starting: z.boolean(),
      semantic: z.object({ model: z.string().nullable(), vectors: z.number().int(), building: z.boolean() }),
    }),
  }),
  eventLoop: endpoint({
    method: 'GET',
    path: '/product/sys/event-loop',
    query: EventLoopDelayQuerySchema,
    response: EventLoopDelaySchema,
  }),
};
