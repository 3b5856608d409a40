import type { AddTemplateRequest, AdvancedTemplate, LastSearchFields } from '@patlas/contracts';
import { apiPost, apiSend, type RequestOptions } from '../../api/client';

type Options = Omit<RequestOptions, 'query'>;

const BASE = '/product/advancedSearch/template';

/** `POST getTemplate`: the user's templates, the default first. */
export function getTemplates(options: Options): Promise<AdvancedTemplate[]> {
  return apiPost(`${BASE}/getTemplate`, undefined, options);
}

/** `POST initDefaultTemplate`: makes the default template once, answers the list. */
export function initDefaultTemplate(options: Options): Promise<AdvancedTemplate[]> {
  return apiPost(`${BASE}/initDefaultTemplate`, undefined, options);
}

export function addTemplate(body: AddTemplateRequest, options: Options): Promise<AdvancedTemplate> {
  return apiPost(`${BASE}/addTemplate`, body, options);
}

export function deleteTemplate(id: string, options: Options): Promise<{ deleted: number }> {
  return apiSend('DELETE', `${BASE}/delTemplate/${encodeURIComponent(id)}`, undefined, options);
}

export function getLastSearchFields(options: Options): Promise<LastSearchFields> {
  return apiPost(`${BASE}/getLastSearchFields`, undefined, options);
}

export function addLastSearchFields(fields: string[], options: Options): Promise<LastSearchFields> {
  return apiPost(`${BASE}/addLastSearchFields`, { fields }, options);
}
