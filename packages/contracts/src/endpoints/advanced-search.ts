import { endpoint } from '../endpoint.js';
import {
  AddLastSearchFieldsRequestSchema,
  AddTemplateRequestSchema,
  AdvancedTemplateListSchema,
  AdvancedTemplateSchema,
  LastSearchFieldsSchema,
  TemplateIdParamsSchema,
} from '../advanced-search.js';
import { DeleteResultSchema } from '../history.js';

/** Advanced-search templates and the last search fields (spec 1 §7 /advancedSearch/template). */
export const advancedSearchEndpoints = {
  getTemplate: endpoint({
    method: 'POST',
    path: '/product/advancedSearch/template/getTemplate',
    response: AdvancedTemplateListSchema,
  }),
  initDefaultTemplate: endpoint({
    method: 'POST',
    path: '/product/advancedSearch/template/initDefaultTemplate',
    response: AdvancedTemplateListSchema,
  }),
  addTemplate: endpoint({
    method: 'POST',
    path: '/product/advancedSearch/template/addTemplate',
    body: AddTemplateRequestSchema,
    response: AdvancedTemplateSchema,
  }),
  delTemplate: endpoint({
    method: 'DELETE',
    path: '/product/advancedSearch/template/delTemplate/:id',
    params: TemplateIdParamsSchema,
    response: DeleteResultSchema,
  }),
  addLastSearchFields: endpoint({
    method: 'POST',
    path: '/product/advancedSearch/template/addLastSearchFields',
    body: AddLastSearchFieldsRequestSchema,
    response: LastSearchFieldsSchema,
  }),
  getLastSearchFields: endpoint({
    method: 'POST',
    path: '/product/advancedSearch/template/getLastSearchFields',
    response: LastSearchFieldsSchema,
  }),
};
