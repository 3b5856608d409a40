import {
  AnalysisJumpRequestSchema,
  AnalysisJumpResponseSchema,
  AnalysisMapRequestSchema,
  AnalysisRequestSchema,
  AnalysisResponseSchema,
  CHINA_PROVINCES,
  ConnectionJumpRequestSchema,
  envelopeOf,
  ExpiredYearJumpRequestSchema,
  ImpactRequestSchema,
  MAX_ANALYSIS_BUCKETS,
  MultiFieldRankJumpRequestSchema,
  ResultSetAnalysisRequestSchema,
  SingleFieldRankJumpRequestSchema,
  SingleFieldRankRequestSchema,
  type AnalysisSpec,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { languageOf } from '../../plugins/locale.js';
import type { AnalysisResultSet, AnalysisService } from './analysis.service.js';
import { ok } from '../../envelope.js';

/** Analysing a result set needs what viewing it needs (spec 1 §6, as the search calls). */
const ANALYSIS_ACCESS = ['/search/quick', '/search/result'];

export interface AnalysisRoutesOptions {
  service: AnalysisService;
}

/** The result-set part of a per-chart body (the rest are the chart's options). */
function resultSetOf(body: AnalysisResultSet): AnalysisResultSet {
  const { searchExpre, set, secondExpre, filters, mergeType, source } = body;
  return {
    searchExpre,
    ...(set ? { set } : {}),
    filters,
    mergeType,
    ...(secondExpre !== undefined ? { secondExpre } : {}),
    ...(source ? { source } : {}),
  };
}

/** Spec 2 §7 "Analysis (POST)" under /api/product; docs/analysis.md says what each counts. */
export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRoutesOptions> = async (app, { service }) => {
  const response = { 200: envelopeOf(AnalysisResponseSchema) };

  app.post(
    '/search/analyze',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary:
          'Any analysis of a result set: terms, trend, matrix, lifecycle, expiry, impact, three rates, valid patents',
        tags: ['analysis'],
        body: AnalysisRequestSchema,
        response,
      },
    },
    async (request) => ok(await service.analyze(resultSetOf(request.body), request.body.analysis, languageOf(request))),
  );

  app.post(
    '/search/analy/single/field/rank',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Ranking of one field (applicants, inventors, IPC levels, offices, provinces…)',
        tags: ['analysis'],
        body: SingleFieldRankRequestSchema,
        response,
      },
    },
    async (request) => {
      const { dimension, limit, keys } = request.body;
      const spec: AnalysisSpec = { kind: 'terms', dimension, limit, ...(keys ? { keys } : {}) };
      return ok(await service.analyze(resultSetOf(request.body), spec, languageOf(request)));
    },
  );

  const fixed = (url: string, summary: string, spec: AnalysisSpec): void => {
    app.post(
      url,
      {
        config: { access: ANALYSIS_ACCESS },
        schema: { summary, tags: ['analysis'], body: ResultSetAnalysisRequestSchema, response },
      },
      async (request) => ok(await service.analyze(resultSetOf(request.body), spec, languageOf(request))),
    );
  };
  fixed('/search/analy/expired/year', 'Patents per expiry year (recorded, else statutory term)', { kind: 'expiry' });
  fixed('/search/china/invention/three/rate', 'China invention grant, rejection, withdrawal and validity rates', {
    kind: 'threeRates',
  });
  fixed('/search/china/patent/efficient', 'China valid (in force) patents by type and application year', {
    kind: 'validPatents',
  });

  app.post(
    '/search/analy/impact',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Citation impact: cited-by distribution, most-cited patents and applicants',
        tags: ['analysis'],
        body: ImpactRequestSchema,
        response,
      },
    },
    async (request) =>
      ok(
        await service.analyze(
          resultSetOf(request.body),
          { kind: 'impact', limit: request.body.limit },
          languageOf(request),
        ),
      ),
  );

  app.post(
    '/search/analy/map',
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Map: patents per applicant province (china, every province) or per publishing office (world)',
        tags: ['analysis'],
        body: AnalysisMapRequestSchema,
        response,
      },
    },
    async (request) => {
      const spec: AnalysisSpec =
        request.body.map === 'china'
          ? { kind: 'terms', dimension: 'applicantProvince', limit: CHINA_PROVINCES.length, keys: [...CHINA_PROVINCES] }
          : { kind: 'terms', dimension: 'country', limit: MAX_ANALYSIS_BUCKETS };
      return ok(await service.analyze(resultSetOf(request.body), spec, languageOf(request)));
    },
  );

  const jump = (url: string, summary: string, body: z.ZodType<z.output<typeof AnalysisJumpRequestSchema>>): void => {
    app.post(
      url,
      {
        config: { access: ANALYSIS_ACCESS },
        schema: { summary, tags: ['analysis'], body, response: { 200: envelopeOf(AnalysisJumpResponseSchema) } },
      },
      async (request) => ok(await service.jump(request.body, languageOf(request))),
    );
  };
  jump('/search/analysisJump', 'The result page of any chart element (exactly its count)', AnalysisJumpRequestSchema);
  jump(
    '/search/single/field/rank/analysisJump',
    'The result page of a ranking bar or map region',
    SingleFieldRankJumpRequestSchema,
  );
  jump(
    '/search/multi/field/rank/analysisJump',
    'The result page of a matrix cell or split-trend point',
    MultiFieldRankJumpRequestSchema,
  );
  jump('/search/expired/year/analysisJump', 'The result page of one expiry year', ExpiredYearJumpRequestSchema);
  jump(
    '/search/connection/analysisJump',
    'The result page of a connection: two values of one field on the same patents',
    ConnectionJumpRequestSchema,
  );
};
