import {
  imageSearchEndpoints,
  type ImageHistoryClearResponse,
  type ImageHistoryList,
  type ImageSearchResult,
} from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /search/image/getResultKey`: a stored search by key; `rerun` ranks it again on the current index. */
export function getImageResult(key: string, rerun: boolean, options: Options): Promise<ImageSearchResult> {
  return call(imageSearchEndpoints.getResult, { body: { key, ...(rerun ? { rerun } : {}) } }, options);
}

export function listImageHistory(options: Options): Promise<ImageHistoryList> {
  return call(imageSearchEndpoints.listHistory, {}, options);
}

export function clearImageHistory(options: Options): Promise<ImageHistoryClearResponse> {
  return call(imageSearchEndpoints.clearHistory, {}, options);
}

/** The upload sends the bearer token itself (the JSON client cannot carry a multipart body). */
export type FileOptions = Omit<UploadOptions, 'query'>;

/** `POST /search/image/search`: the patents whose drawings look like the image (multipart, one file). */
export function searchImage(file: File, options: FileOptions): Promise<ImageSearchResult> {
  return apiUpload(imageSearchEndpoints.search.path, file, options);
}
