import type {
  BatchImportResponse,
  BatchMode,
  BatchRecord,
  BatchSearchResponse,
  ManageBatchRecordRequest,
} from '@patlas/contracts';
import { batchSearchEndpoints } from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /search/batch`: records found and every input not found. */
export function searchBatch(mode: BatchMode, text: string, options: Options): Promise<BatchSearchResponse> {
  return call(batchSearchEndpoints.search, { body: { mode, text } }, options);
}

export function manageBatchRecords(
  body: ManageBatchRecordRequest,
  options: Options,
): Promise<{ id?: string; deleted: number }> {
  return call(batchSearchEndpoints.manageRecords, { body }, options);
}

export function getBatchRecords(options: Options): Promise<BatchRecord[]> {
  return call(batchSearchEndpoints.records, {}, options);
}

/** File calls send the bearer token themselves (the JSON client cannot carry a multipart body). */
export type FileOptions = Omit<UploadOptions, 'query'>;

/** `POST /data/search/import/txt|excel`: the values of the file and the lines refused, by line number. */
export function importBatchFile(file: File, mode: BatchMode, options: FileOptions): Promise<BatchImportResponse> {
  const endpoint = /\.txt$/i.test(file.name) ? batchSearchEndpoints.importTxt : batchSearchEndpoints.importExcel;
  return apiUpload(endpoint.path, file, { ...options, query: { mode } });
}
