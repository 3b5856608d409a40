import { ENVELOPE_STATUS, HTTP_TIMEOUT_MS, REFRESH_COOKIE, type Language } from '@patlas/contracts';
import { API_BASE } from '../config';
import { NOT_CUMULATIVE_PARAM, trackPendingRequest } from './pending-requests';

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
    /** The envelope's status when an envelope arrived (0 handled failure, -3 IP-login maximum). */
    readonly envelopeStatus?: number,
    /** The answer's Retry-After, in seconds (SERVICE_STARTING, SEARCH_RATE_LIMITED). */
    readonly retryAfterSeconds?: number,
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
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  messages: ClientMessages;
  /**
   * false: send no bearer token and leave 401 / -3 answers to the caller (login, captcha,
   * refresh and IP-login calls, which decide themselves what such an answer means).
   */
  auth?: false;
  /** With `auth: false`, a token to send anyway (the logout of a session being cleared). */
  bearer?: string;
  /**
   * The spec's `_NotCumulative` flag (also accepted as a query parameter of that name, which is not
   * sent): the request is left out of the pending-request indicator (background polls).
   */
  notCumulative?: boolean;
}

/**
 * How the client learns about the session without knowing the session store (session/session-bridge.ts
 * installs one at start): the token to send, one shared refresh, and what to do on a 401 or a
 * status -3 answer.
 */
export interface AuthBridge {
  /** The access token to send, if any. */
  accessToken(): string | undefined;
  /** Whether the access token is past its expiry and a refresh token can renew it. */
  needsRefresh(): boolean;
  /**
   * Renews the access token. Concurrent callers share one refresh (spec 1 §4: "one refresh runs;
   * other requests wait, then resume with the new token"). Rejects when the refresh failed.
   */
  refresh(): Promise<string>;
  /** A 401 the client cannot recover from (spec 1 §8 "401 … log out once"). */
  onUnauthorized(error: ApiError): void;
  /** Spec 1 §4: "A response status of -3 triggers IP-login-maximum handling". */
  onIpLimit(error: ApiError): void;
}

let authBridge: AuthBridge | undefined;

/** Installs (or, with undefined, removes) the session the client sends requests for. */
export function setAuthBridge(bridge: AuthBridge | undefined): void {
  authBridge = bridge;
}

/** Server code of an expired access token: the one 401 that a refresh can mend. */
export const TOKEN_EXPIRED_CODE = 'TOKEN_EXPIRED';

/** Server code of a search made while the search workers open the index: asked again, it will be answered. */
export const SERVICE_STARTING_CODE = 'SERVICE_STARTING';

/** The server is starting: the call is worth repeating after its Retry-After (query-client.ts does). */
export function isServiceStarting(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === SERVICE_STARTING_CODE;
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

interface RawEnvelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

export function urlOf(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && key !== NOT_CUMULATIVE_PARAM) params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * GETs an API path and unwraps the envelope `{status, message, data}`: answers `data` when status
 * is 1, otherwise throws ApiError with the server's code and localised message.
 */
export function apiGet<T>(path: string, options: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, options);
}

/** POSTs a JSON body to an API path; the answer is unwrapped as for apiGet. */
export function apiPost<T>(path: string, body: unknown, options: RequestOptions): Promise<T> {
  return apiRequest<T>('POST', path, options, body);
}

/** PATCH, PUT or DELETE with an optional JSON body; the answer is unwrapped as for apiGet. */
export function apiSend<T>(
  method: 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  return apiRequest<T>(method, path, options, body);
}

/**
 * Any method. With a session installed: sends `Authorization: Bearer <token>`, refreshes an
 * expired token first (shared with concurrent requests), and on a 401 TOKEN_EXPIRED answer
 * refreshes and retries once.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  body?: unknown,
): Promise<T> {
  const bridge = options.auth === false ? undefined : authBridge;
  if (!bridge) return send<T>(method, path, options, body, options.bearer);

  let token = bridge.accessToken();
  if (token && bridge.needsRefresh()) token = await refreshOrFail(bridge, options);
  try {
    return await send<T>(method, path, options, body, token);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401 && token) {
      if (error.code === TOKEN_EXPIRED_CODE) {
        // Another request may already have renewed it; otherwise renew now (shared).
        const current = bridge.accessToken();
        const renewed = current && current !== token ? current : await refreshOrFail(bridge, options);
        return retryOnce<T>(bridge, method, path, options, body, renewed);
      }
      if (bridge.accessToken() === token) bridge.onUnauthorized(error);
    }
    if (error.status !== 401 && isIpLimit(error)) bridge.onIpLimit(error);
    throw error;
  }
}

async function retryOnce<T>(
  bridge: AuthBridge,
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  body: unknown,
  token: string,
): Promise<T> {
  try {
    return await send<T>(method, path, options, body, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && bridge.accessToken() === token)
      bridge.onUnauthorized(error);
    throw error;
  }
}

async function refreshOrFail(bridge: AuthBridge, options: RequestOptions): Promise<string> {
  try {
    return await bridge.refresh();
  } catch (cause) {
    // The bridge has already logged out and told the user; the caller gets a plain 401.
    if (cause instanceof ApiError) throw cause;
    throw new ApiError('REFRESH_TOKEN_INVALID', options.messages.network, 401);
  }
}

function isIpLimit(error: ApiError): boolean {
  return error.envelopeStatus === ENVELOPE_STATUS.ipLimit;
}

async function send<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  body: unknown,
  token: string | undefined,
): Promise<T> {
  const { query, signal } = options;
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  const isCounted = !options.notCumulative && query?.[NOT_CUMULATIVE_PARAM] === undefined;
  const done = isCounted ? trackPendingRequest() : undefined;

  try {
    return await receive<T>(method, path, options, body, token, controller, () => isTimedOut);
  } finally {
    done?.();
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The fetch and its envelope, within send's timeout and pending-request count. */
async function receive<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  body: unknown,
  token: string | undefined,
  controller: AbortController,
  isTimedOut: () => boolean,
): Promise<T> {
  const { lang, query, signal, messages } = options;
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': lang,
        // Logins and refreshes answer with the refresh token as an httpOnly cookie, not in the body.
        [REFRESH_COOKIE.transportHeader]: 'cookie',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: controller.signal,
    });
  } catch (cause) {
    // A caller's own abort (TanStack Query cancelling) must stay an AbortError.
    if (signal?.aborted) throw cause;
    throw isTimedOut()
      ? new ApiError('TIMEOUT', messages.timeout, 0)
      : new ApiError('NETWORK_ERROR', messages.network, 0);
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
  throw new ApiError(code, message, response.status, envelope.data, envelope.status, retryAfterOf(response));
}

/** Options of a multipart upload: the bearer token travels explicitly (the JSON path adds it itself). */
export interface UploadOptions extends Omit<RequestOptions, 'auth' | 'bearer'> {
  token: string | undefined;
}

/**
 * `POST` of one file as multipart/form-data (field `file`), answered with the usual envelope. No
 * Content-Type is set: the browser writes the multipart boundary. Failures become ApiError with the
 * server's message in the user's language.
 */
export async function apiUpload<T>(path: string, file: File, options: UploadOptions): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(path, options.query), {
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
    throw new ApiError(
      code,
      envelope.message || options.messages.badResponse(response.status),
      response.status,
      envelope.data,
      envelope.status,
    );
  }
  return envelope.data as T;
}
