import { ENVELOPE_STATUS, HTTP_TIMEOUT_MS, type Language } from '@patlas/contracts';
import { API_BASE } from '../config';

/**
 * A failed API call. `code` is the server's error code (packages/contracts error-codes.ts) or one
 * of the client's own: NETWORK_ERROR, TIMEOUT, BAD_RESPONSE. `message` is ready to show: the server
 * localises its messages from Accept-Language; the client's own are filled in by the caller's
 * `messages`.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Texts for failures that happen before the server can say anything. */
export interface ClientMessages {
  network: string;
  timeout: string;
  badResponse: (status: number) => string;
}

export interface RequestOptions {
  lang: Language;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  messages: ClientMessages;
}

interface RawEnvelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

export function urlOf(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * GETs an API path and unwraps the envelope `{status, message, data}`: answers `data` when status
 * is 1, otherwise throws ApiError with the server's code and localised message.
 */
export function apiGet<T>(path: string, options: RequestOptions): Promise<T> {
  return request<T>('GET', path, options);
}

/** POSTs a JSON body to an API path; the answer is unwrapped as for apiGet. */
export function apiPost<T>(path: string, body: unknown, options: RequestOptions): Promise<T> {
  return request<T>('POST', path, options, body);
}

async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions, body?: unknown): Promise<T> {
  const { lang, query, signal, messages } = options;
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);

  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': lang,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: controller.signal,
    });
  } catch (cause) {
    // A caller's own abort (TanStack Query cancelling) must stay an AbortError.
    if (signal?.aborted) throw cause;
    throw isTimedOut
      ? new ApiError('TIMEOUT', messages.timeout, 0)
      : new ApiError('NETWORK_ERROR', messages.network, 0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  let envelope: RawEnvelope;
  try {
    envelope = (await response.json()) as RawEnvelope;
  } catch {
    throw new ApiError('BAD_RESPONSE', messages.badResponse(response.status), response.status);
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'number') {
    throw new ApiError('BAD_RESPONSE', messages.badResponse(response.status), response.status);
  }
  if (envelope.status === ENVELOPE_STATUS.ok && response.ok) return envelope.data as T;
  const data = envelope.data as { code?: unknown } | undefined;
  const code = typeof data?.code === 'string' ? data.code : `HTTP_${response.status}`;
  const message =
    typeof envelope.message === 'string' && envelope.message ? envelope.message : messages.badResponse(response.status);
  throw new ApiError(code, message, response.status, envelope.data);
}
