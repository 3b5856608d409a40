import {
  rewriteEndpoints,
  type Rewrite,
  type RewriteDayLimit,
  type RewriteExportRequest,
  type RewriteListRequest,
  type RewriteListResponse,
  type RewriteRequest,
  type RewriteResponse,
} from '@patlas/contracts';
import { ApiError, urlOf, type RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import type { FileOptions } from '../../export-actions/api';
import { fileNameOf } from '../../utils/content-disposition';

// Assisted writing's calls (spec 2 §7 "Rewrite"; packages/contracts/src/rewrite.ts).

type Options = Omit<RequestOptions, 'query'>;

/** `POST /patent/rewrite/text`: a passage, answered within the request. */
export function rewriteText(body: RewriteRequest, options: Options): Promise<RewriteResponse> {
  return call(rewriteEndpoints.text, { body }, options);
}

/** `POST /patent/rewrite/all`: a document, queued as a task. */
export function rewriteAll(body: RewriteRequest, options: Options): Promise<RewriteResponse> {
  return call(rewriteEndpoints.all, { body }, options);
}

/** `GET /patent/rewrite/all/status?id=`: a rewrite with its whole texts and progress. */
export function getRewrite(id: string, options: Options): Promise<Rewrite> {
  return call(rewriteEndpoints.status, { query: { id } }, options);
}

/** `GET /patent/rewrite/limit/day`. */
export function getDayLimit(options: Options): Promise<RewriteDayLimit> {
  return call(rewriteEndpoints.dayLimit, {}, options);
}

/** `POST /patent/rewrite/list`. */
export function listRewrites(body: RewriteListRequest, options: Options): Promise<RewriteListResponse> {
  return call(rewriteEndpoints.list, { body }, options);
}

/** `POST /patent/rewrite/delete`. */
export function deleteRewrites(ids: string[], options: Options): Promise<{ ids: string[] }> {
  return call(rewriteEndpoints.remove, { body: { ids } }, options);
}

/** `POST /patent/rewrite/export/text`: the file (docx or txt) of one rewrite or several. */
export async function exportRewrites(
  body: RewriteExportRequest,
  options: FileOptions,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(urlOf(rewriteEndpoints.exportText.path), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': options.lang,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => undefined)) as
      { status?: number; message?: string; data?: { code?: string } } | undefined;
    throw new ApiError(
      envelope?.data?.code ?? `HTTP_${response.status}`,
      envelope?.message || options.messages.badResponse(response.status),
      response.status,
      envelope?.data,
      envelope?.status,
    );
  }
  const fallback = `assisted-writing.${body.format ?? 'docx'}`;
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), fallback) };
}
