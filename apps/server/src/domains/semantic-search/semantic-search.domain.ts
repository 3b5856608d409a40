import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from '../account/index.js';
import { semanticSearchRoutes } from './semantic-search.routes.js';
import type { SemanticSearchService } from './semantic-search.service.js';
import { limitSearchRate } from '../../plugins/search-rate-limit.js';

export interface SemanticSearchDomainDeps {
  semanticSearch: SemanticSearchService;
  /** the caller's saved weights (domains/account) */
  account: Pick<AccountService, 'semanticWeights'>;
  /** Requests per minute, route and user (plugins/search-rate-limit.ts). */
  ratePerMinute: number;
}

/** Semantic search (POST /search/semantics); registered under /api/product. */
export const semanticSearchDomain: FastifyPluginAsyncZod<SemanticSearchDomainDeps> = async (app, deps) => {
  limitSearchRate(app, deps.ratePerMinute);
  await app.register(semanticSearchRoutes, { service: deps.semanticSearch, account: deps.account });
};
