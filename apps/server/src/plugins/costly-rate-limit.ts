import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { optionalAuth } from '../kernel/access.plugin.js';
import { AppError } from '../errors.js';

/**
 * The route option `config.rateLimit` of a costly route answered at once (a document rendered, a
 * text aligned): at most `perMinute` requests a minute per user — per address for a caller without
 * an account (IP login) — each route counted on its own. The CPU pool keeps the HTTP thread free;
 * this keeps one user from filling the pool's queue (docs/cpu-workers.md).
 */
export function costlyRateLimit(perMinute: number): RateLimitOptions {
  return {
    max: perMinute,
    timeWindow: '1 minute',
    // Runs after the access hook (a route's hooks follow the app's), so the caller is known.
    keyGenerator: (request: FastifyRequest) => {
      const userId = optionalAuth(request)?.userId;
      return userId ? `user:${userId}` : `address:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('COSTLY_RATE_LIMITED', { max: context.max, seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  };
}
