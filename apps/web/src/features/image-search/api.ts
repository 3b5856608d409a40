import type { ImageHistoryClearResponse, ImageHistoryList, ImageSearchResult } from '@patlas/contracts';
import { ApiError, apiPost, urlOf, type RequestOptions } from '../../api/client';

type Options = Omit<RequestOptions, 'query'>;

/** URL of a patent drawing kept by the server. */
export function drawingUrl(file: string): string {
  return urlOf(`/product/patent/drawing/${encodeURIComponent(file)}`);
}

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
export interface FileOptions extends Options {
  token: string | undefined;
}

/** `POST /search/image/search`: the patents whose drawings look like the image (multipart, one file). */
export async function searchImage(file: File, options: FileOptions): Promise<ImageSearchResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf('/product/search/image/search'), {
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
  return envelope.data as ImageSearchResult;
}
