import { hasPermission, semanticSearchEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import type { AccountService } from '../account/index.js';
import type { SemanticSearchService } from './semantic-search.service.js';

export interface SemanticSearchRoutesOptions {
  service: SemanticSearchService;
  /** The caller's saved weights (user custom config `semanticsSearchWeightInfo`, domains/account). */
  account: Pick<AccountService, 'semanticWeights'>;
}

/** Spec 1 §6: "Semantic retrieval needs its own permission" (`semantics`), refused with its own message (§8). */
const SEMANTICS_PERMISSION = 'semantics';

/** POST /search/semantics under /api/product (spec 1 §7). */
export const semanticSearchRoutes: FastifyPluginAsyncZod<SemanticSearchRoutesOptions> = async (
  app,
  { service, account },
) => {
  route(
    app,
    endpoints.search,
    {
      config: { access: 'authenticated' },
      schema: {
        summary:
          'Semantic search: a text ranked by meaning (vectors) and its key terms (BM25), fused; `key` pages a stored search',
        tags: ['search'],
      },
    },
    async (request) => {
      if (!hasPermission(request.auth.permissions, SEMANTICS_PERMISSION)) throw new AppError('SEMANTIC_FORBIDDEN');
      return ok(await service.search(request.body, () => account.semanticWeights(request.auth)));
    },
  );

  route(
    app,
    endpoints.nearTerms,
    {
      config: { access: 'authenticated' },
      schema: {
        summary:
          "A term's nearest terms in the shipped word vectors: the expression editor's suggestions for a `TI=(… OR …)` group",
        tags: ['search'],
      },
    },
    async (request) => ok(service.nearTerms(request.query.term, request.query.limit)),
  );
};
