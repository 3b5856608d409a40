import {
  imageSearchEndpoints,
  type ImageHistoryClearResponse,
  type ImageHistoryList,
  type ImageSearchFiltersInput,
  type ImageSearchResult,
} from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/**
 * `POST /search/image/getResultKey`: a stored search by key; `rerun` ranks it again on the current
 * index, under `filters` when given (they replace the stored ones).
 */
export function getImageResult(
  key: string,
  rerun: boolean,
  options: Options,
  filters?: ImageSearchFiltersInput,
): Promise<ImageSearchResult> {
  return call(
    imageSearchEndpoints.getResult,
    { body: { key, ...(rerun ? { rerun } : {}), ...(rerun && filters ? { filters } : {}) } },
    options,
  );
}

export function listImageHistory(options: Options): Promise<ImageHistoryList> {
  return call(imageSearchEndpoints.listHistory, {}, options);
}

export function clearImageHistory(options: Options): Promise<ImageHistoryClearResponse> {
  return call(imageSearchEndpoints.clearHistory, {}, options);
}

/** The upload sends the bearer token itself (the JSON client cannot carry a multipart body). */
export type FileOptions = Omit<UploadOptions, 'query'>;

/** The filters as the upload's query string (`locarno` comma-separated); empty parts left out. */
export function filtersQuery(filters: ImageSearchFiltersInput): Record<string, string> {
  return {
    ...(filters.locarno?.length ? { locarno: filters.locarno.join(',') } : {}),
    ...(filters.dateFrom || filters.dateTo ? { dateField: filters.dateField ?? 'publication' } : {}),
    ...(filters.dateFrom ? { dateFrom: filters.dateFrom } : {}),
    ...(filters.dateTo ? { dateTo: filters.dateTo } : {}),
  };
}

/**
 * `POST /search/image/search`: the patents whose drawings look like the image (multipart, one
 * file), ranked among those the filters leave.
 */
export function searchImage(
  file: File,
  filters: ImageSearchFiltersInput,
  options: FileOptions,
): Promise<ImageSearchResult> {
  return apiUpload(imageSearchEndpoints.search.path, file, { ...options, query: filtersQuery(filters) });
}
