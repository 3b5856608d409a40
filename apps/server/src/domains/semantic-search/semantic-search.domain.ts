import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from '../account/account.service.js';
import { semanticSearchRoutes } from './semantic-search.routes.js';
import type { SemanticSearchService } from './semantic-search.service.js';

export interface SemanticSearchDomainDeps {
  semanticSearch: SemanticSearchService;
  /** the caller's saved weights (domains/account) */
  account: Pick<AccountService, 'semanticWeights'>;
}

/** Semantic search (POST /search/semantics); registered under /api/product. */
export const semanticSearchDomain: FastifyPluginAsyncZod<SemanticSearchDomainDeps> = async (app, deps) => {
  await app.register(semanticSearchRoutes, { service: deps.semanticSearch, account: deps.account });
};
