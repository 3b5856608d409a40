import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestBudget } from '@patlas/engine';
import type { FastifyInstance } from 'fastify';

const requests = new AsyncLocalStorage<RequestBudget>();

/**
 * The request being served: its signal, aborted when its client goes away before the answer is
 * sent, and the deadline its first search call sets. The search engine stops that request's work
 * (createPooledEngine's `currentRequest`) without every service passing them along.
 */
export function currentRequest(): RequestBudget | undefined {
  return requests.getStore();
}

/** Gives every request its signal; the handler (and what it awaits) runs within it. */
export function registerRequestSignal(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    // 'close' also follows a finished answer: only a connection closed before it cancels.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    request.cancelSignal = controller.signal;
    done();
  });
  // After body parsing (its stream events run outside the request's async context), just before the handler.
  app.addHook('preHandler', (request, _reply, done) => {
    requests.run({ signal: request.cancelSignal }, done);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted when the client goes away before its answer is sent (plugins/request-signal.ts). */
    cancelSignal: AbortSignal;
  }
}
