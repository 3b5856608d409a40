import { advancedSearchEndpoints as endpoints } from '@patlas/contracts';
import type { AddTemplateRequest, AdvancedTemplate, LastSearchFields } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST getTemplate`: the user's templates, the default first. */
export function getTemplates(options: Options): Promise<AdvancedTemplate[]> {
  return call(endpoints.getTemplate, {}, options);
}

/** `POST initDefaultTemplate`: makes the default template once, answers the list. */
export function initDefaultTemplate(options: Options): Promise<AdvancedTemplate[]> {
  return call(endpoints.initDefaultTemplate, {}, options);
}

export function addTemplate(body: AddTemplateRequest, options: Options): Promise<AdvancedTemplate> {
  return call(endpoints.addTemplate, { body }, options);
}

export function deleteTemplate(id: string, options: Options): Promise<{ deleted: number }> {
  return call(endpoints.delTemplate, { params: { id } }, options);
}

export function getLastSearchFields(options: Options): Promise<LastSearchFields> {
  return call(endpoints.getLastSearchFields, {}, options);
}

export function addLastSearchFields(fields: string[], options: Options): Promise<LastSearchFields> {
  return call(endpoints.addLastSearchFields, { body: { fields } }, options);
}
