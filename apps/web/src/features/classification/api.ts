import type {
  ClassificationChildrenResponse,
  ClassificationPathResponse,
  ClassificationSearchResponse,
} from '@patlas/contracts';
import { apiGet, type RequestOptions } from '../../api/client';
import type { Scheme } from './paths';

type Options = Omit<RequestOptions, 'query'>;

export function fetchChildren(scheme: Scheme, code: string | undefined, options: Options) {
  return apiGet<ClassificationChildrenResponse>('/product/classification/children', {
    ...options,
    query: { scheme, code },
  });
}

export function fetchPath(scheme: Scheme, code: string, options: Options) {
  return apiGet<ClassificationPathResponse>('/product/classification/path', { ...options, query: { scheme, code } });
}

export function searchSymbols(scheme: Scheme, keyword: string, options: Options) {
  return apiGet<ClassificationSearchResponse>('/product/classification/search', {
    ...options,
    query: { scheme, keyword, limit: 50 },
  });
}
