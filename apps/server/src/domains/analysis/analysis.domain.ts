import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisRoutes } from './analysis.routes.js';
import type { AnalysisService } from './analysis.service.js';
import { textMiningRoutes } from './text-mining.routes.js';
import type { TextMiningService } from './text-mining.service.js';
import { wordMergeRoutes } from './word-merge.routes.js';
import { limitSearchRate } from '../../plugins/search-rate-limit.js';
import type { WordMergeService } from './word-merge.service.js';

export interface AnalysisDomainDeps {
  analysis: AnalysisService;
  textMining: TextMiningService;
  wordMerge: WordMergeService;
  /** Requests per minute, route and user (plugins/search-rate-limit.ts). */
  ratePerMinute: number;
}

/** Result-set analysis and text mining; registered under /api/product. */
export const analysisDomain: FastifyPluginAsyncZod<AnalysisDomainDeps> = async (
  app,
  { analysis, textMining, wordMerge, ratePerMinute },
) => {
  limitSearchRate(app, ratePerMinute);
  await app.register(analysisRoutes, { service: analysis });
  await app.register(textMiningRoutes, { service: textMining });
  await app.register(wordMergeRoutes, { service: wordMerge });
};
