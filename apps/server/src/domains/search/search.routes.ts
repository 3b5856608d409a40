import {
  CacheUrlParamRequestSchema,
  envelopeOf,
  ExtractWordRequestSchema,
  ExtractWordResponseSchema,
  FamilyExpandRequestSchema,
  FamilyExpandResponseSchema,
  SearchNeighboursRequestSchema,
  SearchNeighboursResponseSchema,
  SearchQueryRequestSchema,
  SearchQueryResponseSchema,
  SearchStateSchema,
  TotalHitsRequestSchema,
  TotalHitsResponseSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../plugins/locale.js';
import type { SearchService } from './search.service.js';
import { ok } from '../../envelope.js';

/** Searching needs quick search or the result page in the caller's menu (spec 1 §6). */
const SEARCH_ACCESS = ['/search/quick', '/search/result'];
export interface SearchRoutesOptions {
  service: SearchService;
}

/** Spec 1 §7 platform data calls, under /api/platform. */
export const searchPlatformRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { service }) => {
  app.post(
    '/data/search/query',
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'Run a search expression: one page of results, total, facets and highlights',
        tags: ['search'],
        body: SearchQueryRequestSchema,
        response: { 200: envelopeOf(SearchQueryResponseSchema) },
      },
    },
    async (request) => ok(await service.search(request.body, languageOf(request), request.auth)),
  );

  app.post(
    '/data/search/expression/total-hits',
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'The number of hits of an expression',
        tags: ['search'],
        body: TotalHitsRequestSchema,
        response: { 200: envelopeOf(TotalHitsResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await service.totalHits(
          request.body.searchExpre,
          request.body.source,
          request.body.mergeType,
          languageOf(request),
          request.auth,
        ),
      ),
  );
};

/** Spec 1 §7 search calls on the product base, under /api/product. */
export const searchProductRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { service }) => {
  // The result page's call: the search plus a key under which its state is stored (a short deep link).
  app.post(
    '/search/searchNew',
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'Search for the result page: results, facets, and the key of this state',
        tags: ['search'],
        body: SearchQueryRequestSchema.extend({
          viewMode: SearchStateSchema.shape.viewMode,
        }),
        response: { 200: envelopeOf(SearchQueryResponseSchema.extend({ key: z.string() })) },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      const body = request.body;
      const result = await service.search(body, lang, request.auth);
      const key = await service.saveState(
        {
          searchExpre: body.searchExpre,
          ...(body.set ? { set: body.set } : {}),
          ...(body.secondExpre ? { secondExpre: body.secondExpre } : {}),
          page: body.page,
          pageSize: body.pageSize,
          ...(body.sort ? { sort: body.sort } : {}),
          mergeType: body.mergeType,
          ...(body.filters.length > 0 ? { filters: body.filters } : {}),
          ...(body.source ? { source: body.source } : {}),
          ...(body.viewMode ? { viewMode: body.viewMode } : {}),
        },
        lang,
      );
      return ok({ ...result, key });
    },
  );

  // The simple search (spec 1 §3 "simple query body"): results without facets.
  app.post(
    '/search/search',
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'Simple search: one page of results without facets',
        tags: ['search'],
        body: SearchQueryRequestSchema,
        response: { 200: envelopeOf(SearchQueryResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await service.search({ ...request.body, facets: request.body.facets ?? [] }, languageOf(request), request.auth),
      ),
  );

  // The detail page's previous / next when it was opened from a result list.
  app.post(
    '/search/neighbours',
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'The records before and after a rank of a result list (1-based, across result pages)',
        tags: ['search'],
        body: SearchNeighboursRequestSchema,
        response: { 200: envelopeOf(SearchNeighboursResponseSchema) },
      },
    },
    async (request) => ok(await service.neighbours(request.body, languageOf(request), request.auth)),
  );

  app.post(
    '/search/getCacheUrlParam',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Result-page state by key ({ key }), or store a state and get its key ({ state })',
        tags: ['search'],
        body: CacheUrlParamRequestSchema,
        response: { 200: envelopeOf(z.object({ key: z.string(), state: SearchStateSchema })) },
      },
    },
    async (request) => {
      const body = request.body;
      if ('key' in body) return ok({ key: body.key, state: await service.findState(body.key) });
      return ok({ key: await service.saveState(body.state, languageOf(request)), state: body.state });
    },
  );

  app.post(
    '/family/expand',
    {
      config: { access: '/search/result' },
      schema: {
        summary: 'Simple-family expansion: the held family members of these publications',
        tags: ['search'],
        body: FamilyExpandRequestSchema,
        response: { 200: envelopeOf(FamilyExpandResponseSchema) },
      },
    },
    async (request) => ok({ publicationNumbers: await service.expandFamily(request.body.publicationNumbers) }),
  );

  app.post(
    '/search/extract/word',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Keywords of a text (jieba TF-IDF), e.g. to build an expression from a disclosure',
        tags: ['search'],
        body: ExtractWordRequestSchema,
        response: { 200: envelopeOf(ExtractWordResponseSchema) },
      },
    },
    async (request) => ok({ words: service.extractWords(request.body.text, request.body.topK) }),
  );
};
