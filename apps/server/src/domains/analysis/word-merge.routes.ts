import { analysisEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { WordMergeService } from './word-merge.service.js';

/** As the word cloud and clustering themselves (text-mining.routes.ts). */
const ANALYSIS_ACCESS = ['/search/quick', '/search/result'];

export interface WordMergeRoutesOptions {
  service: WordMergeService;
}

/** Spec 2 §7 `/search/depth/analysis/merge/word` (+ `/reduction`), under /api/product (docs/analysis.md "Merging words"). */
export const wordMergeRoutes: FastifyPluginAsyncZod<WordMergeRoutesOptions> = async (app, { service }) => {
  const tags = ['analysis'];

  route(
    app,
    endpoints.mergeWord,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary:
          "Merges words of a set's word cloud and clusters into one term (action merge) or leaves them out " +
          '(action remove); kept for the user and the set, applied whenever they are analysed again',
        tags,
      },
    },
    async (request) => ok(await service.merge(requireUser(request).userId, request.body)),
  );

  route(
    app,
    endpoints.mergeWordReduction,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Undoes one merge (its name) or removal (the word) of the set, or all of them (all: true)',
        tags,
      },
    },
    async (request) => ok(await service.reduce(requireUser(request).userId, request.body)),
  );
};
