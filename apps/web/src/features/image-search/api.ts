import type { ImageHistoryClearResponse, ImageHistoryList, ImageSearchResult } from '@patlas/contracts';
import { apiPost, apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /search/image/getResultKey`: a stored search by key; `rerun` ranks it again on the current index. */
export function getImageResult(key: string, rerun: boolean, options: Options): Promise<ImageSearchResult> {
  return apiPost('/product/search/image/getResultKey', { key, ...(rerun ? { rerun } : {}) }, options);
}

export function listImageHistory(options: Options): Promise<ImageHistoryList> {
  return apiPost('/product/image/history/list', {}, options);
}

export function clearImageHistory(options: Options): Promise<ImageHistoryClearResponse> {
  return apiPost('/product/image/history/clear', {}, options);
}

/** The upload sends the bearer token itself (the JSON client cannot carry a multipart body). */
export type FileOptions = Omit<UploadOptions, 'query'>;

/** `POST /search/image/search`: the patents whose drawings look like the image (multipart, one file). */
export function searchImage(file: File, options: FileOptions): Promise<ImageSearchResult> {
  return apiUpload('/product/search/image/search', file, options);
}
