import { translationEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, type EndpointRequest, type EndpointRouteOptions } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import { optionalAuth } from '../../kernel/access.plugin.js';
import type { TranslationService } from './translation.service.js';
import { ok } from '../../envelope.js';

export interface TranslationRoutesOptions {
  service: TranslationService;
}

const options: EndpointRouteOptions = {
  config: { access: ['/search/quick', '/search/result'] },
  schema: {
    summary:
      'Translates texts into language (zh or en) in chunks of ≤ 6000 characters, 5 per batch, 1 s apart; a failed batch leaves its texts empty and is named in Error. ' +
      'The characters sent count against a daily budget per account (per address without one): past it TRANSLATION_DAILY_LIMIT_REACHED (429)',
    tags: ['translation'],
  },
};

/**
 * Spec 1 §7 translation calls under /api/product: /search/translation and /translate take the same
 * body. Translating is part of searching: quick search or the result page in the caller's menu (spec 1 §6).
 */
export const translationRoutes: FastifyPluginAsyncZod<TranslationRoutesOptions> = async (app, { service }) => {
  const handler = async (request: EndpointRequest<typeof endpoints.translate | typeof endpoints.searchTranslation>) => {
    // An account's day is its own; a caller without one (IP login) shares its address's.
    const caller = { userId: optionalAuth(request)?.userId ?? null, address: request.ip };
    const result = await service.translate(request.body.language, request.body.texts, languageOf(request), caller);
    if (result.Error) request.log.warn({ error: result.Error }, 'translation batches failed');
    return ok(result);
  };

  route(app, endpoints.searchTranslation, options, handler);
  route(app, endpoints.translate, options, handler);
};
