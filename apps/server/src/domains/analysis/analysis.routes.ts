import {
  analysisEndpoints as endpoints,
  CHINA_PROVINCES,
  MAX_ANALYSIS_BUCKETS,
  type AnalysisSpec,
} from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { optionalAuth } from '../../kernel/access.plugin.js';
import { languageOf } from '../../plugins/locale.js';
import type { SearchContext } from '../search/index.js';
import type { AnalysisResultSet, AnalysisService } from './analysis.service.js';
import { ok } from '../../envelope.js';

/** Analysing a result set needs what viewing it needs (spec 1 §6, as the search calls). */
const ANALYSIS_ACCESS = ['/search/quick', '/search/result'];

export interface AnalysisRoutesOptions {
  service: AnalysisService;
}

/** Who analyses: their `#n` and `PA=@组名` are read as the result page reads them (issue 46). */
function contextOf(request: FastifyRequest): SearchContext {
  return { userId: optionalAuth(request)?.userId ?? null };
}

/** The result-set part of a per-chart body (the rest are the chart's options). */
function resultSetOf(body: AnalysisResultSet): AnalysisResultSet {
  const { searchExpre, set, secondExpre, filters, mergeType, source, crossLanguage, mergeApplicants, asOf } = body;
  return {
    searchExpre,
    ...(set ? { set } : {}),
    filters,
    mergeType,
    ...(secondExpre !== undefined ? { secondExpre } : {}),
    ...(source ? { source } : {}),
    ...(crossLanguage ? { crossLanguage } : {}),
    ...(asOf !== undefined ? { asOf } : {}),
    ...(mergeApplicants !== undefined ? { mergeApplicants } : {}),
  };
}

/** Spec 2 §7 "Analysis (POST)" under /api/product; docs/analysis.md says what each counts. */
export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.analyze,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary:
          'Any analysis of a result set: terms, trend, matrix, lifecycle, expiry, impact, three rates, valid patents',
        tags: ['analysis'],
      },
    },
    async (request) =>
      ok(
        await service.analyze(
          resultSetOf(request.body),
          request.body.analysis,
          languageOf(request),
          contextOf(request),
        ),
      ),
  );

  route(
    app,
    endpoints.singleFieldRank,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Ranking of one field (applicants, inventors, IPC levels, offices, provinces…)',
        tags: ['analysis'],
      },
    },
    async (request) => {
      const { dimension, limit, keys } = request.body;
      const spec: AnalysisSpec = { kind: 'terms', dimension, limit, ...(keys ? { keys } : {}) };
      return ok(await service.analyze(resultSetOf(request.body), spec, languageOf(request), contextOf(request)));
    },
  );

  route(
    app,
    endpoints.applicantGroups,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'The result set counted per applicant group of the caller (PA=@组名; issue 46)',
        tags: ['analysis'],
      },
    },
    async (request) =>
      ok(await service.applicantGroupCounts(resultSetOf(request.body), languageOf(request), contextOf(request).userId)),
  );

  route(
    app,
    endpoints.applicantGroupJump,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: { summary: "An applicant group's bar as a result page: the expression AND PA=@组名", tags: ['analysis'] },
    },
    async (request) =>
      ok(
        await service.applicantGroupJump(
          { ...resultSetOf(request.body), group: request.body.group },
          languageOf(request),
          contextOf(request),
        ),
      ),
  );

  const fixed = (
    definition: (typeof endpoints)['expiredYear' | 'threeRates' | 'validPatents'],
    summary: string,
    spec: AnalysisSpec,
  ): void => {
    route(
      app,
      definition,
      { config: { access: ANALYSIS_ACCESS }, schema: { summary, tags: ['analysis'] } },
      async (request) =>
        ok(await service.analyze(resultSetOf(request.body), spec, languageOf(request), contextOf(request))),
    );
  };
  fixed(endpoints.expiredYear, 'Patents per expiry year (recorded, else statutory term)', { kind: 'expiry' });
  fixed(endpoints.threeRates, 'China invention grant, rejection, withdrawal and validity rates', {
    kind: 'threeRates',
  });
  fixed(endpoints.validPatents, 'China valid (in force) patents by type and application year', {
    kind: 'validPatents',
  });

  route(
    app,
    endpoints.impact,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Citation impact: cited-by distribution, most-cited patents and applicants',
        tags: ['analysis'],
      },
    },
    async (request) =>
      ok(
        await service.analyze(
          resultSetOf(request.body),
          { kind: 'impact', limit: request.body.limit },
          languageOf(request),
          contextOf(request),
        ),
      ),
  );

  route(
    app,
    endpoints.map,
    {
      config: { access: ANALYSIS_ACCESS },
      schema: {
        summary: 'Map: patents per applicant province (china, every province) or per publishing office (world)',
        tags: ['analysis'],
      },
    },
    async (request) => {
      const spec: AnalysisSpec =
        request.body.map === 'china'
          ? { kind: 'terms', dimension: 'applicantProvince', limit: CHINA_PROVINCES.length, keys: [...CHINA_PROVINCES] }
          : { kind: 'terms', dimension: 'country', limit: MAX_ANALYSIS_BUCKETS };
      return ok(await service.analyze(resultSetOf(request.body), spec, languageOf(request), contextOf(request)));
    },
  );

  const jump = (
    definition: (typeof endpoints)[
      'jump' | 'singleFieldRankJump' | 'multiFieldRankJump' | 'expiredYearJump' | 'connectionJump'],
    summary: string,
  ): void => {
    route(
      app,
      definition,
      { config: { access: ANALYSIS_ACCESS }, schema: { summary, tags: ['analysis'] } },
      async (request) => ok(await service.jump(request.body, languageOf(request), contextOf(request))),
    );
  };
  jump(endpoints.jump, 'The result page of any chart element (exactly its count)');
  jump(endpoints.singleFieldRankJump, 'The result page of a ranking bar or map region');
  jump(endpoints.multiFieldRankJump, 'The result page of a matrix cell or split-trend point');
  jump(endpoints.expiredYearJump, 'The result page of one expiry year');
  jump(endpoints.connectionJump, 'The result page of a connection: two values of one field on the same patents');
};
