import { analysisEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { TextMiningService } from './text-mining.service.js';
import { ok } from '../../envelope.js';

/** Analysing a result set needs what searching it needs (spec 1 §6, as search.routes.ts). */
const ANALYSIS_ACCESS = ['/search/quick', '/search/result'];

export interface TextMiningRoutesOptions {
  service: TextMiningService;
}

/** Spec 2 §7 word cloud, clustering and landscape calls, under /api/product (docs/analysis.md). */
export const textMiningRoutes: FastifyPluginAsyncZod<TextMiningRoutesOptions> = async (app, { service }) => {
  const tags = ['analysis'];

  route(
    app,
    endpoints.wordCloud,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: "Word cloud: the set's key terms weighted by TF-IDF against the whole index",
        tags,
      },
    },
    async (request) => ok(await service.wordCloud(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.wordCloudDetail,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The patents of the set containing one word, paged',
        tags,
      },
    },
    async (request) => ok(await service.wordCloudDetail(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.wordCloudJump,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: "The result page of one word: the set AND TIAB=(word), total = the word's count",
        tags,
      },
    },
    async (request) => ok(await service.wordCloudJump(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.clustering,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Topic clusters of the set, labelled by their distinctive terms',
        tags,
      },
    },
    async (request) => ok(await service.clusters(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.patentCluster,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: "One cluster's member patents, paged, most typical first",
        tags,
      },
    },
    async (request) => ok(await service.patentCluster(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.clusteringJump,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The result page of one cluster: the set AND PN=(its members)',
        tags,
      },
    },
    async (request) => ok(await service.clusterJump(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.landscape,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Patent landscape: a 2-D text map of the set, its density grid and labelled peaks',
        tags,
      },
    },
    async (request) => ok(await service.landscape(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.landscapeTopInfo,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'What a region of the landscape is about: top terms, applicants, IPC, years',
        tags,
      },
    },
    async (request) => ok(await service.landscapeTopInfo(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.landscapeDetail,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The patents of a landscape region, nearest its centre first, paged',
        tags,
      },
    },
    async (request) => ok(await service.landscapeDetail(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.landscapeJump,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The result page of a landscape region: the set AND PN=(its patents)',
        tags,
      },
    },
    async (request) => ok(await service.landscapeJump(request.body, languageOf(request))),
  );
};
