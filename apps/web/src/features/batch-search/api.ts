import type {
  BatchImportResponse,
  BatchMode,
  BatchRecord,
  BatchSearchResponse,
  ManageBatchRecordRequest,
} from '@patlas/contracts';
import { apiGet, apiPost, apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /search/batch`: records found and every input not found. */
export function searchBatch(mode: BatchMode, text: string, options: Options): Promise<BatchSearchResponse> {
  return apiPost('/product/search/batch', { mode, text }, options);
}

export function manageBatchRecords(
  body: ManageBatchRecordRequest,
  options: Options,
): Promise<{ id?: string; deleted: number }> {
  return apiPost('/product/batchSearchRecord/manageHistory', body, options);
}

export function getBatchRecords(options: Options): Promise<BatchRecord[]> {
  return apiGet('/product/batchSearchRecord/getHistory', options);
}

/** File calls send the bearer token themselves (the JSON client cannot carry a multipart body). */
export type FileOptions = Omit<UploadOptions, 'query'>;

/** `POST /data/search/import/txt|excel`: the values of the file and the lines refused, by line number. */
export function importBatchFile(file: File, mode: BatchMode, options: FileOptions): Promise<BatchImportResponse> {
  const kind = /\.txt$/i.test(file.name) ? 'txt' : 'excel';
  return apiUpload(`/platform/data/search/import/${kind}`, file, { ...options, query: { mode } });
}
