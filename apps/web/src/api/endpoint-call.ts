import {
  fillPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@patlas/contracts';
import { apiRequest, type RequestOptions } from './client';

/** Options of a typed call: everything of a request but the query, which the endpoint types. */
export type CallOptions = Omit<RequestOptions, 'query'>;

type Keys<T> = keyof T;

/** What a call of E sends: its path parameters, query and body, each present only when E has one. */
export type CallInput<E extends Endpoint> = ([Keys<EndpointParams<E>>] extends [never]
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  ([EndpointQuery<E>] extends [undefined] ? { query?: undefined } : { query: EndpointQuery<E> }) &
  ([EndpointBody<E>] extends [undefined] ? { body?: undefined } : { body: EndpointBody<E> });

/**
 * Calls an endpoint defined in @patlas/contracts (issue 42): the path, method and types come from the
 * definition, so no web file writes a server path. Answers the envelope's `data`; failures are
 * ApiError as for apiRequest (which does the session's token, refresh and 401 handling).
 */
export function call<E extends Endpoint>(
  definition: E,
  input: CallInput<E>,
  options: CallOptions,
): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: object; body?: unknown };
  return apiRequest<EndpointResponse<E>>(
    definition.method,
    fillPath(definition.path, params),
    { ...options, query: query as RequestOptions['query'] },
    body,
  );
}
