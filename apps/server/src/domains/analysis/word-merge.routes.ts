import {
  envelopeOf,
  WordMergeReductionRequestSchema,
  WordMergeRequestSchema,
  WordMergeResponseSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.post(
    '/search/depth/analysis/merge/word',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary:
          "Merges words of a set's word cloud and clusters into one term (action merge) or leaves them out " +
          '(action remove); kept for the user and the set, applied whenever they are analysed again',
        tags,
        body: WordMergeRequestSchema,
        response: { 200: envelopeOf(WordMergeResponseSchema) },
      },
    },
    async (request) => ok(await service.merge(requireUser(request).userId, request.body)),
  );

  app.post(
    '/search/depth/analysis/merge/word/reduction',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Undoes one merge (its name) or removal (the word) of the set, or all of them (all: true)',
        tags,
        body: WordMergeReductionRequestSchema,
        response: { 200: envelopeOf(WordMergeResponseSchema) },
      },
    },
    async (request) => ok(await service.reduce(requireUser(request).userId, request.body)),
  );
};
