import {
  fillPath,
  specialTopicEndpoints,
  type SpecialTopic,
  type SpecialTopicInput,
  type SpecialTopicPatch,
} from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

export function fetchTopics(options: Options): Promise<SpecialTopic[]> {
  return call(specialTopicEndpoints.list, {}, options);
}

export function createTopic(input: SpecialTopicInput, options: Options): Promise<SpecialTopic> {
  return call(specialTopicEndpoints.create, { body: input }, options);
}

export function updateTopic(id: string, patch: SpecialTopicPatch, options: Options): Promise<SpecialTopic> {
  return call(specialTopicEndpoints.update, { params: { id }, body: patch }, options);
}

export function deleteTopic(id: string, options: Options): Promise<null> {
  return call(specialTopicEndpoints.remove, { params: { id } }, options);
}

export function orderTopics(ids: readonly string[], options: Options): Promise<SpecialTopic[]> {
  return call(specialTopicEndpoints.reorder, { body: { ids: [...ids] } }, options);
}

export function uploadTopicPicture(
  id: string,
  file: File,
  options: Omit<UploadOptions, 'query'>,
): Promise<SpecialTopic> {
  return apiUpload(fillPath(specialTopicEndpoints.setPicture.path, { id }), file, options);
}

export function deleteTopicPicture(id: string, options: Options): Promise<SpecialTopic> {
  return call(specialTopicEndpoints.removePicture, { params: { id } }, options);
}
