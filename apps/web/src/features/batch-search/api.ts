import type {
  BatchImportResponse,
  BatchMode,
  BatchRecord,
  BatchSearchResponse,
  ManageBatchRecordRequest,
} from '@patlas/contracts';
import { ApiError, apiGet, apiPost, urlOf, type RequestOptions } from '../../api/client';

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
export interface FileOptions extends Options {
  token: string | undefined;
}

/** `POST /data/search/import/txt|excel`: the values of the file and the lines refused, by line number. */
export async function importBatchFile(file: File, mode: BatchMode, options: FileOptions): Promise<BatchImportResponse> {
  const kind = /\.txt$/i.test(file.name) ? 'txt' : 'excel';
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(`/platform/data/search/import/${kind}`, { mode }), {
      method: 'POST',
      headers: {
        'Accept-Language': options.lang,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: form,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
  let envelope: { status?: number; message?: string; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('BAD_RESPONSE', options.messages.badResponse(response.status), response.status);
  }
  if (!response.ok || envelope.status !== 1 || !envelope.data) {
    const code = (envelope.data as { code?: string } | undefined)?.code ?? `HTTP_${response.status}`;
    throw new ApiError(code, envelope.message || options.messages.badResponse(response.status), response.status);
  }
  return envelope.data as BatchImportResponse;
}
