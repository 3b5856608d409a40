import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestBudget } from '@patlas/engine';
import type { FastifyInstance } from 'fastify';

/** A request's budget, and who made it (null: an IP visitor or a public route). */
type RequestStore = RequestBudget & { userId: string | null };

const requests = new AsyncLocalStorage<RequestStore>();

/**
 * The request being served: its signal, aborted when its client goes away before the answer is
 * sent, and the deadline its first search call sets. The search engine stops that request's work
 * (createPooledEngine's `currentRequest`) without every service passing them along.
 */
export function currentRequest(): RequestBudget | undefined {
  return requests.getStore();
}

/**
 * Who makes the request being served: a set source that only some users may open (a library) is
 * checked against it wherever the set is read (result page, analyses, text mining), without every
 * service passing the caller along. Undefined outside a request.
 */
export function currentCaller(): { userId: string | null } | undefined {
  const store = requests.getStore();
  return store ? { userId: store.userId } : undefined;
}

/** The caller as the access plugin resolved it (AuthContext), as far as the work's owner needs. */
interface CallerAuth {
  readonly userId: string | null;
  readonly sessionId?: string | null;
}

/**
 * Whose share of the search workers a request's work takes (fair-admission.ts in the engine): a
 * signed-in user's, whatever address they come from; an IP visitor's session (one per browser: an
 * institution behind one address is many people); otherwise the client address. The rate limits
 * of the search routes use the same key.
 */
export function workOwnerOf(auth: CallerAuth | null | undefined, address: string): string {
  if (auth?.userId) return `user:${auth.userId}`;
  if (auth?.sessionId) return `session:${auth.sessionId}`;
  return `ip:${address}`;
}

/**
 * Runs background work (a job) as a request of `userId` would run: sets only that user may open
 * (a library) are checked against them, and its searches take that user's share of the workers.
 * No signal: the work is not tied to a client.
 */
export function runAsCaller<T>(userId: string, work: () => Promise<T>): Promise<T> {
  return requests.run({ signal: new AbortController().signal, userId, owner: workOwnerOf({ userId }, '') }, work);
}

/**
 * Runs work under a signal of its own instead of the calling request's, as the same caller: work
 * that several requests share (shared-results.ts) must not stop when the one that started it goes.
 */
export function runWithSignal<T>(signal: AbortSignal, work: () => Promise<T>, userId?: string | null): Promise<T> {
  const current = requests.getStore();
  const caller = userId !== undefined ? userId : (current?.userId ?? null);
  const owner = userId !== undefined && userId !== null ? workOwnerOf({ userId }, '') : current?.owner;
  return requests.run({ signal, userId: caller, ...(owner !== undefined ? { owner } : {}) }, work);
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
    // The access plugin has signed the caller in by now (onRequest); public routes have no caller.
    const auth = request.auth as CallerAuth | null | undefined;
    const owner = workOwnerOf(auth, request.ip);
    requests.run({ signal: request.cancelSignal, userId: auth?.userId ?? null, owner }, done);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted when the client goes away before its answer is sent (plugins/request-signal.ts). */
    cancelSignal: AbortSignal;
  }
}
