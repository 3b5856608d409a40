import {
  AnalysisJumpResponseSchema,
  ClusteringRequestSchema,
  ClusteringResponseSchema,
  ClusterJumpRequestSchema,
  envelopeOf,
  LandscapeDetailRequestSchema,
  LandscapeRegionRequestSchema,
  LandscapeRequestSchema,
  LandscapeResponseSchema,
  LandscapeTopInfoResponseSchema,
  PatentClusterRequestSchema,
  PatentClusterResponseSchema,
  TextMiningJumpResponseSchema,
  TextMiningPageResponseSchema,
  WordCloudDetailRequestSchema,
  WordCloudJumpRequestSchema,
  WordCloudRequestSchema,
  WordCloudResponseSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.post(
    '/search/analyWordCloud',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: "Word cloud: the set's key terms weighted by TF-IDF against the whole index",
        tags,
        body: WordCloudRequestSchema,
        response: { 200: envelopeOf(WordCloudResponseSchema) },
      },
    },
    async (request) => ok(await service.wordCloud(request.body, languageOf(request))),
  );

  app.post(
    '/search/analyWordCloud/detail',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The patents of the set containing one word, paged',
        tags,
        body: WordCloudDetailRequestSchema,
        response: { 200: envelopeOf(TextMiningPageResponseSchema) },
      },
    },
    async (request) => ok(await service.wordCloudDetail(request.body, languageOf(request))),
  );

  app.post(
    '/search/analyWordCloud/analysisJump',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: "The result page of one word: the set AND TIAB=(word), total = the word's count",
        tags,
        body: WordCloudJumpRequestSchema,
        response: { 200: envelopeOf(AnalysisJumpResponseSchema) },
      },
    },
    async (request) => ok(await service.wordCloudJump(request.body, languageOf(request))),
  );

  app.post(
    '/search/analyClustering',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Topic clusters of the set, labelled by their distinctive terms',
        tags,
        body: ClusteringRequestSchema,
        response: { 200: envelopeOf(ClusteringResponseSchema) },
      },
    },
    async (request) => ok(await service.clusters(request.body, languageOf(request))),
  );

  app.post(
    '/search/analy/patentCluster',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: "One cluster's member patents, paged, most typical first",
        tags,
        body: PatentClusterRequestSchema,
        response: { 200: envelopeOf(PatentClusterResponseSchema) },
      },
    },
    async (request) => ok(await service.patentCluster(request.body, languageOf(request))),
  );

  app.post(
    '/search/patent/clustering/analysisJump',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The result page of one cluster: the set AND PN=(its members)',
        tags,
        body: ClusterJumpRequestSchema,
        response: { 200: envelopeOf(TextMiningJumpResponseSchema) },
      },
    },
    async (request) => ok(await service.clusterJump(request.body, languageOf(request))),
  );

  app.post(
    '/search/analyPatentLandscape',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Patent landscape: a 2-D text map of the set, its density grid and labelled peaks',
        tags,
        body: LandscapeRequestSchema,
        response: { 200: envelopeOf(LandscapeResponseSchema) },
      },
    },
    async (request) => ok(await service.landscape(request.body, languageOf(request))),
  );

  app.post(
    '/search/getOtherTopInfo/PatentLandscape',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'What a region of the landscape is about: top terms, applicants, IPC, years',
        tags,
        body: LandscapeRegionRequestSchema,
        response: { 200: envelopeOf(LandscapeTopInfoResponseSchema) },
      },
    },
    async (request) => ok(await service.landscapeTopInfo(request.body, languageOf(request))),
  );

  app.post(
    '/search/detail/patentLandscape',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The patents of a landscape region, nearest its centre first, paged',
        tags,
        body: LandscapeDetailRequestSchema,
        response: { 200: envelopeOf(TextMiningPageResponseSchema) },
      },
    },
    async (request) => ok(await service.landscapeDetail(request.body, languageOf(request))),
  );

  app.post(
    '/search/patent/landscape/analysisJump',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The result page of a landscape region: the set AND PN=(its patents)',
        tags,
        body: LandscapeRegionRequestSchema,
        response: { 200: envelopeOf(TextMiningJumpResponseSchema) },
      },
    },
    async (request) => ok(await service.landscapeJump(request.body, languageOf(request))),
  );
};
