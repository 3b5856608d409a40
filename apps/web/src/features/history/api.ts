import {
  historyEndpoints,
  operateHistoryEndpoints,
  type EndpointBody,
  type EndpointResponse,
  type ImportReport,
  type ListHistoryRequest,
  type OperateHistoryItem,
  type RecordType,
} from '@patlas/contracts';
import { ApiError, urlOf } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { fileNameOf } from '../../utils/content-disposition';
import type { Options, Paged } from '../../history-recording/api';

// The history page's own calls: operation list, combination, reopening, and the file exchange.

export type OperateHistoryPage = Paged<OperateHistoryItem>;
export type OperateHistoryData = OperateHistoryItem & { data: Record<string, unknown> };
export type ListOperateHistoryRequest = ListHistoryRequest & { recordType?: RecordType };
export type ExportHistoryRequest = EndpointBody<typeof historyEndpoints.exportAll>;
export type ExportOperateHistoryRequest = EndpointBody<typeof operateHistoryEndpoints.export>;
export type CombineHistoryRequest = EndpointBody<typeof historyEndpoints.combine>;
export type CombineHistoryResponse = EndpointResponse<typeof historyEndpoints.combine>;

export function combineHistory(body: CombineHistoryRequest, options: Options): Promise<CombineHistoryResponse> {
  return call(historyEndpoints.combine, { body }, options);
}

export function listOperateHistory(body: ListOperateHistoryRequest, options: Options): Promise<OperateHistoryPage> {
  return call(operateHistoryEndpoints.list, { body }, options);
}

export function fetchOperateData(id: string, options: Options): Promise<OperateHistoryData> {
  return call(operateHistoryEndpoints.getData, { params: { id } }, options);
}

// Files: the JSON client cannot carry them, so these calls send the bearer token themselves.

export interface FileOptions extends Options {
  /** The bearer token to send (renewed first by the caller when it has expired). */
  token: string | undefined;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

async function sendFileCall(path: string, body: BodyInit, contentType: string | undefined, options: FileOptions) {
  let response: Response;
  try {
    response = await fetch(urlOf(path), {
      method: 'POST',
      headers: {
        'Accept-Language': options.lang,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(contentType ? { 'Content-Type': contentType } : {}),
      },
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
  return response;
}

/** A failed file call answers with the usual envelope; its message is the user's. */
async function errorOf(response: Response, options: FileOptions): Promise<ApiError> {
  try {
    const envelope = (await response.json()) as { status?: number; message?: string; data?: { code?: string } };
    return new ApiError(
      envelope.data?.code ?? `HTTP_${response.status}`,
      envelope.message || options.messages.badResponse(response.status),
      response.status,
      envelope.data,
      envelope.status,
    );
  } catch {
    return new ApiError('BAD_RESPONSE', options.messages.badResponse(response.status), response.status);
  }
}

async function download(path: string, body: unknown, fallbackName: string, options: FileOptions) {
  const response = await sendFileCall(path, JSON.stringify(body), 'application/json', options);
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) throw await errorOf(response, options);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}

async function upload(path: string, file: File, options: FileOptions): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  // No Content-Type: the browser writes the multipart boundary.
  const response = await sendFileCall(path, form, undefined, options);
  if (!response.ok) throw await errorOf(response, options);
  const envelope = (await response.json()) as { status?: number; data?: ImportReport };
  if (envelope.status !== 1 || !envelope.data) throw await errorOf(response, options);
  return envelope.data;
}

/** `POST /history/exportAll`: the entries (chosen, or all matching) as .xlsx. */
export function exportHistory(body: ExportHistoryRequest, options: FileOptions): Promise<DownloadedFile> {
  return download(historyEndpoints.exportAll.path, body, 'search-history.xlsx', options);
}

/** `POST /history/import`: a file written by exportAll; bad rows come back with their line numbers. */
export function importHistory(file: File, options: FileOptions): Promise<ImportReport> {
  return upload(historyEndpoints.import.path, file, options);
}

export function exportOperateHistory(body: ExportOperateHistoryRequest, options: FileOptions): Promise<DownloadedFile> {
  return download(operateHistoryEndpoints.export.path, body, 'operation-history.xlsx', options);
}

export function importOperateHistory(file: File, options: FileOptions): Promise<ImportReport> {
  return upload(operateHistoryEndpoints.import.path, file, options);
}
