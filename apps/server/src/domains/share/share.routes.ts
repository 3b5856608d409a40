import { shareEndpoints as endpoints } from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import type { ShareService } from './share.service.js';

export interface ShareRoutesOptions {
  service: ShareService;
  /** Shares by e-mail per user and minute: the answer tells registered addresses apart (issue 41). */
  lookups: RateLimitOptions;
}

/** Spec 2 §2: sharing is the patentShare permission; the "shared with me" pages are /user/share. */
const SEND = { access: 'patentShare' } as const;
const READ = { access: '/user/share' } as const;

/** Sharing under /api/product (spec 2 §7 "Sharing", all POST; the capital S of ShareRetrievable is the spec's). */
export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, { service, lookups }) => {
  route(
    app,
    endpoints.sharePatent,
    {
      config: { ...SEND, rateLimit: lookups },
      schema: {
        summary: 'Shares patents with at most 5 registered users by e-mail, each told in the message centre',
        tags: ['share'],
      },
    },
    async (request) => ok({ shared: await service.sharePatents(requireUser(request).userId, request.body) }),
  );

  route(
    app,
    endpoints.listPatents,
    {
      config: READ,
      schema: {
        summary: 'Patents shared with the caller (received) or by the caller (sent), newest first',
        tags: ['share'],
      },
    },
    async (request) => ok(await service.list(requireUser(request).userId, 'patent', request.body)),
  );

  route(
    app,
    endpoints.shareSearch,
    {
      config: { ...SEND, rateLimit: lookups },
      schema: {
        summary: 'Shares a search (its result page state) with at most 5 registered users by e-mail',
        tags: ['share'],
      },
    },
    async (request) => ok({ shared: await service.shareSearch(requireUser(request).userId, request.body) }),
  );

  route(
    app,
    endpoints.listSearches,
    {
      config: READ,
      schema: {
        summary: 'Searches shared with the caller (received) or by the caller (sent), newest first',
        tags: ['share'],
      },
    },
    async (request) => ok(await service.list(requireUser(request).userId, 'search', request.body)),
  );
};
