import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { workOwnerOf } from './request-signal.js';

/** The caller the access plugin resolved (null on public routes). */
function authOf(request: FastifyRequest): { userId: string | null; sessionId: string | null } | null {
  return (request.auth as { userId: string | null; sessionId: string | null } | null | undefined) ?? null;
}

/**
 * Per-user rate limit of every route of the plugin it is called in (the search, count and analysis
 * domains; issue 40): at most `perMinute` requests a minute per route and user (an IP visitor's
 * session, or the address of a caller without one), past which the answer is 429
 * SEARCH_RATE_LIMITED with `Retry-After` (@fastify/rate-limit sets it). Runs after the access
 * plugin has signed the caller in (its onRequest hook is the root's, this one the domain's).
 */
export function limitSearchRate(app: FastifyInstance, perMinute: number): void {
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: perMinute,
      timeWindow: 60_000,
      // Per route: a result page fires a search, its counts and analyses at once.
      keyGenerator: (request) => `${workOwnerOf(authOf(request), request.ip)} ${request.routeOptions.url ?? ''}`,
      errorResponseBuilder: (_request, context) =>
        new AppError('SEARCH_RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    }),
  );
}
