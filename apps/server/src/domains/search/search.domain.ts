import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foreignSyntaxRoutes } from './foreign-syntax.routes.js';
import { searchPlatformRoutes, searchProductRoutes } from './search.routes.js';
import { dataVersionRoutes } from './data-version.routes.js';
import type { ResultPageRecorder, SearchService } from './search.service.js';
import type { FamilyExpansionService } from './family-expansion.js';
import { limitSearchRate } from '../../plugins/search-rate-limit.js';
import { clauseTreeRoutes } from './clause-tree.routes.js';
import type { RecallCheckService } from './recall-check.js';
import { recallCheckRoutes } from './recall-check.routes.js';
import type { CpuPool } from '../../cpu/cpu-pool.js';

export interface SearchDomainDeps {
  search: SearchService;
  /** Requests per minute, route and user (plugins/search-rate-limit.ts). */
  ratePerMinute: number;
  /** The history domain's recording of the result page's actions (issue 42: in the search's own request). */
  recorder?: ResultPageRecorder | undefined;
  /** Simple-family expansion and its quota (issue 46). */
  familyExpansion?: FamilyExpansionService | undefined;
  /** The recall check (issue 48 item 4; absent: the route is not registered). */
  recallCheck?: RecallCheckService | undefined;
  /** The CPU workers: the foreign-syntax translation runs there (issue 48 item 2). */
  cpu: Pick<CpuPool, 'run'>;
}

/** Expression search: the platform data calls (/platform) and the product search calls (/product); under /api. */
export const searchDomain: FastifyPluginAsyncZod<SearchDomainDeps> = async (
  app,
  { search, ratePerMinute, recorder, familyExpansion, recallCheck, cpu },
) => {
  limitSearchRate(app, ratePerMinute);
  await app.register(searchPlatformRoutes, { prefix: '/platform', service: search });
  await app.register(dataVersionRoutes, { prefix: '/platform', service: search });
  await app.register(searchProductRoutes, { prefix: '/product', service: search, recorder, familyExpansion });
  await app.register(clauseTreeRoutes, { prefix: '/product', service: search });
  await app.register(foreignSyntaxRoutes, { prefix: '/product', cpu });
  if (recallCheck) await app.register(recallCheckRoutes, { prefix: '/product', recallCheck });
};
