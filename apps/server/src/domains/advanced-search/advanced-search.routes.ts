import { advancedSearchEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { AdvancedSearchService } from './advanced-search.service.js';
import { ok } from '../../envelope.js';

export interface AdvancedSearchRoutesOptions {
  service: AdvancedSearchService;
}

/** Templates belong to the advanced-search page, so they need its permission (spec 1 §6). */
const ADVANCED = { access: '/search/advance' } as const;

/** Advanced-search templates under /api/product/advancedSearch/template (spec 1 §7). */
export const advancedSearchRoutes: FastifyPluginAsyncZod<AdvancedSearchRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.getTemplate,
    {
      config: ADVANCED,
      schema: {
        summary: "The caller's templates, the default first",
        tags: ['templates'],
      },
    },
    async (request) => ok(await service.list(request.auth)),
  );

  route(
    app,
    endpoints.initDefaultTemplate,
    {
      config: ADVANCED,
      schema: {
        summary: 'Creates the default template once, then answers the templates',
        tags: ['templates'],
      },
    },
    async (request) => ok(await service.initDefault(request.auth, languageOf(request))),
  );

  route(
    app,
    endpoints.addTemplate,
    {
      config: ADVANCED,
      schema: {
        summary: 'Saves a template: a name and the form fields in order',
        tags: ['templates'],
      },
    },
    async (request) => ok(await service.add(request.auth, request.body)),
  );

  route(
    app,
    endpoints.delTemplate,
    {
      config: ADVANCED,
      schema: {
        summary: 'Deletes one of the caller’s templates (not the default one)',
        tags: ['templates'],
      },
    },
    async (request) => ok(await service.remove(request.auth, request.params.id)),
  );

  route(
    app,
    endpoints.addLastSearchFields,
    {
      config: ADVANCED,
      schema: {
        summary: 'Remembers the fields of the last advanced search',
        tags: ['templates'],
      },
    },
    async (request) => ok(await service.setLastFields(request.auth, request.body.fields)),
  );

  route(
    app,
    endpoints.getLastSearchFields,
    {
      config: ADVANCED,
      schema: {
        summary: 'The fields of the last advanced search (empty before the first)',
        tags: ['templates'],
      },
    },
    async (request) => ok(await service.getLastFields(request.auth)),
  );
};
