import type { SpecialTopic, SpecialTopicInput, SpecialTopicPatch } from '@patlas/contracts';
import { apiGet, apiPost, apiSend, apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';

type Options = Omit<RequestOptions, 'query'>;
const BASE = '/product/sys/specialTopics';

export function fetchTopics(options: Options): Promise<SpecialTopic[]> {
  return apiGet(BASE, options);
}

export function createTopic(input: SpecialTopicInput, options: Options): Promise<SpecialTopic> {
  return apiPost(BASE, input, options);
}

export function updateTopic(id: string, patch: SpecialTopicPatch, options: Options): Promise<SpecialTopic> {
  return apiSend('PUT', `${BASE}/${encodeURIComponent(id)}`, patch, options);
}

export function deleteTopic(id: string, options: Options): Promise<null> {
  return apiSend('DELETE', `${BASE}/${encodeURIComponent(id)}`, undefined, options);
}

export function orderTopics(ids: readonly string[], options: Options): Promise<SpecialTopic[]> {
  return apiPost(`${BASE}/order`, { ids }, options);
}

export function uploadTopicPicture(
  id: string,
  file: File,
  options: Omit<UploadOptions, 'query'>,
): Promise<SpecialTopic> {
  return apiUpload(`${BASE}/${encodeURIComponent(id)}/picture`, file, options);
}

export function deleteTopicPicture(id: string, options: Options): Promise<SpecialTopic> {
  return apiSend('DELETE', `${BASE}/${encodeURIComponent(id)}/picture`, undefined, options);
}
