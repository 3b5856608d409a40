import {
  AddLastSearchFieldsRequestSchema,
  AddTemplateRequestSchema,
  AdvancedTemplateListSchema,
  AdvancedTemplateSchema,
  DeleteResultSchema,
  envelopeOf,
  LastSearchFieldsSchema,
  TemplateIdParamsSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  app.post(
    '/advancedSearch/template/getTemplate',
    {
      config: ADVANCED,
      schema: {
        summary: "The caller's templates, the default first",
        tags: ['templates'],
        response: { 200: envelopeOf(AdvancedTemplateListSchema) },
      },
    },
    async (request) => ok(await service.list(request.auth)),
  );

  app.post(
    '/advancedSearch/template/initDefaultTemplate',
    {
      config: ADVANCED,
      schema: {
        summary: 'Creates the default template once, then answers the templates',
        tags: ['templates'],
        response: { 200: envelopeOf(AdvancedTemplateListSchema) },
      },
    },
    async (request) => ok(await service.initDefault(request.auth, languageOf(request))),
  );

  app.post(
    '/advancedSearch/template/addTemplate',
    {
      config: ADVANCED,
      schema: {
        summary: 'Saves a template: a name and the form fields in order',
        tags: ['templates'],
        body: AddTemplateRequestSchema,
        response: { 200: envelopeOf(AdvancedTemplateSchema) },
      },
    },
    async (request) => ok(await service.add(request.auth, request.body)),
  );

  app.delete(
    '/advancedSearch/template/delTemplate/:id',
    {
      config: ADVANCED,
      schema: {
        summary: 'Deletes one of the caller’s templates (not the default one)',
        tags: ['templates'],
        params: TemplateIdParamsSchema,
        response: { 200: envelopeOf(DeleteResultSchema) },
      },
    },
    async (request) => ok(await service.remove(request.auth, request.params.id)),
  );

  app.post(
    '/advancedSearch/template/addLastSearchFields',
    {
      config: ADVANCED,
      schema: {
        summary: 'Remembers the fields of the last advanced search',
        tags: ['templates'],
        body: AddLastSearchFieldsRequestSchema,
        response: { 200: envelopeOf(LastSearchFieldsSchema) },
      },
    },
    async (request) => ok(await service.setLastFields(request.auth, request.body.fields)),
  );

  app.post(
    '/advancedSearch/template/getLastSearchFields',
    {
      config: ADVANCED,
      schema: {
        summary: 'The fields of the last advanced search (empty before the first)',
        tags: ['templates'],
        response: { 200: envelopeOf(LastSearchFieldsSchema) },
      },
    },
    async (request) => ok(await service.getLastFields(request.auth)),
  );
};
