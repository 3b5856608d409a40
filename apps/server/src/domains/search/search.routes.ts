import { searchEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import { familyExpression, type FamilyExpansionService } from './family-expansion.js';
import { resultPageSearch, type ResultPageRecorder, type SearchService } from './search.service.js';
import { ok } from '../../envelope.js';

/** Searching needs quick search or the result page in the caller's menu (spec 1 §6). */
export const SEARCH_ACCESS = ['/search/quick', '/search/result'];
export interface SearchRoutesOptions {
  service: SearchService;
}

export interface SearchProductRoutesOptions extends SearchRoutesOptions {
  /** Records the result page's action in the searcher's history (absent: searchNew records nothing). */
  recorder?: ResultPageRecorder | undefined;
  /** Simple-family expansion with its quota (absent: expansions are neither limited nor counted). */
  familyExpansion?: FamilyExpansionService | undefined;
}

/** Spec 1 §7 platform data calls, under /api/platform. */
export const searchPlatformRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.query,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'Run a search expression: one page of results, total, facets and highlights',
        tags: ['search'],
      },
    },
    async (request) => ok(await service.search(request.body, languageOf(request), request.auth)),
  );

  route(
    app,
    endpoints.totalHits,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'The number of hits of an expression',
        tags: ['search'],
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
export const searchProductRoutes: FastifyPluginAsyncZod<SearchProductRoutesOptions> = async (
  app,
  { service, recorder, familyExpansion },
) => {
  // The result page's call: the search, and the page's action recorded in the history with its total (issue 42).
  route(
    app,
    endpoints.searchNew,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: "Search for the result page: results and facets; `history` records the page's action with the total",
        tags: ['search'],
      },
    },
    async (request) => {
      const { history, ...params } = request.body;
      const lang = languageOf(request);
      const result = await service.search(params, lang, request.auth);
      // IP visitors keep no history; a recording that fails leaves the search answered (and is logged).
      const userId = request.auth.userId;
      if (history && userId !== null && recorder) {
        try {
          await recorder.recordResultPage(userId, resultPageSearch(params, history, result), lang);
        } catch (err) {
          request.log.warn({ err }, 'result-page history entry not recorded');
        }
      }
      return ok(result);
    },
  );

  // The simple search (spec 1 §3 "simple query body"): results without facets.
  route(
    app,
    endpoints.search,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'Simple search: one page of results without facets',
        tags: ['search'],
      },
    },
    async (request) =>
      ok(
        await service.search({ ...request.body, facets: request.body.facets ?? [] }, languageOf(request), request.auth),
      ),
  );

  // The detail page's previous / next when it was opened from a result list.
  route(
    app,
    endpoints.neighbours,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary: 'The records before and after a rank of a result list (1-based, across result pages)',
        tags: ['search'],
      },
    },
    async (request) => ok(await service.neighbours(request.body, languageOf(request), request.auth)),
  );

  route(
    app,
    endpoints.cacheUrlParam,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Result-page state by key ({ key }), or store a state and get its key ({ state })',
        tags: ['search'],
      },
    },
    async (request) => {
      const body = request.body;
      if ('key' in body) return ok({ key: body.key, state: await service.findState(body.key) });
      return ok({ key: await service.saveState(body.state, languageOf(request)), state: body.state });
    },
  );

  route(
    app,
    endpoints.familyExpand,
    {
      config: { access: '/search/result' },
      schema: {
        summary:
          'Simple-family expansion (spec 2 §4, §8): the held family members of the selected publications or of a whole result set (at most 1000), as a result-page expression; counts against the familyExpand quota',
        tags: ['search'],
      },
    },
    async (request) => {
      if (familyExpansion) return ok(await familyExpansion.expand(request.auth, request.body, languageOf(request)));
      const publicationNumbers = await service.expandFamily(request.body.publicationNumbers ?? []);
      return ok({
        publicationNumbers,
        expression: familyExpression(publicationNumbers),
        quota: { limit: null, used: 0 },
      });
    },
  );

  route(
    app,
    endpoints.extractWord,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Keywords of a text (jieba TF-IDF), e.g. to build an expression from a disclosure',
        tags: ['search'],
      },
    },
    async (request) => ok({ words: service.extractWords(request.body.text, request.body.topK) }),
  );
};
