import { classificationEndpoints as endpoints } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import type { Scheme } from './paths';

type Options = Omit<RequestOptions, 'query'>;

export function fetchChildren(scheme: Scheme, code: string | undefined, options: Options) {
  return call(endpoints.children, { query: { scheme, code } }, options);
}

export function fetchPath(scheme: Scheme, code: string, options: Options) {
  return call(endpoints.path, { query: { scheme, code } }, options);
}

export function searchSymbols(scheme: Scheme, keyword: string, options: Options) {
  return call(endpoints.search, { query: { scheme, keyword, limit: 50 } }, options);
}
