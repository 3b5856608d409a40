import type {
  AnalysisExportRequest,
  CitationExportRequest,
  DownloadTask,
  ExportCheckResponse,
  ExportFieldId,
  ExportFieldsResponse,
  ExportRequest,
  ExportTemplate,
} from '@patlas/contracts';
import { authEndpoints, exportEndpoints, fillPath } from '@patlas/contracts';
import { API_BASE } from '../config';
import { ApiError, urlOf, type RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';
import { fileNameOf } from '../utils/content-disposition';

// The export calls (packages/contracts/src/export.ts; spec 2 §7 /export/*, /download/*). The export
// dialog (opened from the result page and the detail page) and the download page use them.

export type Options = Omit<RequestOptions, 'query'>;

/** Calls that carry a file: the JSON client cannot, so they send the bearer token themselves. */
export interface FileOptions extends Options {
  /** The bearer token to send (renewed first by the caller when it has expired). */
  token: string | undefined;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** `GET /download/fields`: the catalogue in the request's language, the user's order and last fields. */
export function getExportFields(options: Options): Promise<ExportFieldsResponse> {
  return call(exportEndpoints.fields, {}, options);
}

/** `POST /download/template {action: list}`: the user's templates. */
export async function listTemplates(options: Options): Promise<ExportTemplate[]> {
  const answer = await call(exportEndpoints.template, { body: { action: 'list' } }, options);
  return answer.templates ?? [];
}

/** `POST /download/template {action: save}`: a new template (name ≤ 8, at least one field). */
export async function saveTemplate(
  body: { name: string; fields: ExportFieldId[] },
  options: Options,
): Promise<ExportTemplate | undefined> {
  const answer = await call(exportEndpoints.template, { body: { action: 'save', ...body } }, options);
  return answer.template;
}

/** `DELETE /download/template/{id}`. */
export function deleteTemplate(id: string, options: Options): Promise<unknown> {
  return call(exportEndpoints.deleteTemplate, { params: { id } }, options);
}

/** `POST /download/sortFields`: the user's order of all fields (every id once). */
export function sortFields(fields: ExportFieldId[], options: Options): Promise<unknown> {
  return call(exportEndpoints.sortFields, { body: { fields } }, options);
}

/** `POST /download/addLastExportField`: the next dialog starts with these fields. */
export function addLastExportFields(fields: ExportFieldId[], options: Options): Promise<unknown> {
  return call(exportEndpoints.lastFields, { body: { fields } }, options);
}

/** `POST /export/check`: may this export run (quota, row limit)? Refusals carry the spec's messages. */
export function checkExport(body: ExportRequest, options: Options): Promise<ExportCheckResponse> {
  return call(exportEndpoints.check, { body }, options);
}

/** `POST /download/task`: an export as a download task (any format; every docx and pdf). */
export async function createDownloadTask(body: ExportRequest, options: Options): Promise<DownloadTask> {
  const answer = await call(exportEndpoints.task, { body }, options);
  return answer.task;
}

/** What /export/excel answered: the file itself (a small export), or the task it started. */
export type ExcelExportResult = { kind: 'file'; file: DownloadedFile } | { kind: 'task'; task: DownloadTask };

/** `POST /export/excel` (xlsx, csv): a small export answers the file, a larger one `{ task }` in the envelope. */
export function exportExcel(body: ExportRequest, options: FileOptions): Promise<ExcelExportResult> {
  return tableExport(exportEndpoints.excel.path, body, options);
}

/**
 * `POST /export/adduceInfo` (xlsx, csv): the citations of a set, a row per (patent, cited or citing
 * document); up to 1,000 patents answer the file, more `{ task }`.
 */
export function exportCitations(body: CitationExportRequest, options: FileOptions): Promise<ExcelExportResult> {
  return tableExport(exportEndpoints.citations.path, body, options);
}

/**
 * `POST /export/depthAnalysisInfo`: an analysis's charts (each with its PNG) as an xlsx or docx
 * download task; the server recomputes every table.
 */
export async function exportAnalysis(body: AnalysisExportRequest, options: Options): Promise<DownloadTask> {
  const answer = await call(exportEndpoints.analysis, { body }, options);
  return answer.task;
}

async function tableExport(
  path: string,
  body: { filename?: string | undefined; format: string },
  options: FileOptions,
): Promise<ExcelExportResult> {
  const response = await sendFileCall(urlOf(path), 'POST', body, options);
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('application/json')) {
    if (!response.ok) throw await errorOf(response, options);
    const fallback = `${body.filename?.trim() || 'patlas'}.${body.format}`;
    return {
      kind: 'file',
      file: {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('Content-Disposition'), fallback),
      },
    };
  }
  const envelope = (await response.json().catch(() => undefined)) as
    { status?: number; message?: string; data?: { task?: DownloadTask; code?: string } } | undefined;
  if (!response.ok || envelope?.status !== 1 || !envelope.data?.task) throw envelopeError(envelope, response, options);
  return { kind: 'task', task: envelope.data.task };
}

/** A `POST` that answers a file (content-disposition), or an error envelope. */
export async function postForFile(
  path: string,
  body: unknown,
  fallbackName: string,
  options: FileOptions,
): Promise<DownloadedFile> {
  const response = await sendFileCall(urlOf(path), 'POST', body, options);
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) throw await errorOf(response, options);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}

/**
 * `GET` of a finished task's file (DownloadTask.downloadUrl) with the bearer token. The URL is the
 * server's: absolute, or a path under the API base (with or without its prefix).
 */
export async function downloadTaskFile(
  downloadUrl: string,
  fallbackName: string,
  options: FileOptions,
): Promise<DownloadedFile> {
  const response = await sendFileCall(apiUrlOf(downloadUrl), 'GET', undefined, options);
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) throw await errorOf(response, options);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}

/** A URL the server gave: absolute, already under the API base, or a path relative to the base. */
export function apiUrlOf(url: string): string {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith(`${API_BASE}/`)) return url;
  return urlOf(url.startsWith('/') ? url : `/${url}`);
}

/**
 * The websocket of a task's progress (`/download/progress/{id}`): browsers cannot set headers on a
 * websocket, so a single-use ticket (fetchSocketTicket) travels in the query, never the access
 * token (issue 41: proxies and access logs keep URLs).
 */
export function progressSocketUrl(id: string, ticket: string, base: string = window.location.href): string {
  const url = new URL(urlOf(fillPath(exportEndpoints.progressSocket.path, { id })), base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

/** `POST /platform/socket/ticket`: a ticket that opens one websocket within 30 s. */
export async function fetchSocketTicket(options: Options): Promise<string> {
  return (await call(authEndpoints.socketTicket, {}, options)).ticket;
}

async function sendFileCall(url: string, method: 'GET' | 'POST', body: unknown, options: FileOptions) {
  try {
    return await fetch(url, {
      method,
      headers: {
        'Accept-Language': options.lang,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
}

function envelopeError(
  envelope: { status?: number; message?: string; data?: { code?: string } } | undefined,
  response: Response,
  options: FileOptions,
): ApiError {
  if (!envelope) return new ApiError('BAD_RESPONSE', options.messages.badResponse(response.status), response.status);
  return new ApiError(
    envelope.data?.code ?? `HTTP_${response.status}`,
    envelope.message || options.messages.badResponse(response.status),
    response.status,
    envelope.data,
    envelope.status,
  );
}

/** A failed file call answers with the usual envelope; its message is the user's. */
async function errorOf(response: Response, options: FileOptions): Promise<ApiError> {
  const envelope = (await response.json().catch(() => undefined)) as
    { status?: number; message?: string; data?: { code?: string } } | undefined;
  return envelopeError(envelope, response, options);
}
