import type { PatentDetail, SearchNeighboursRequest, SearchNeighboursResponse } from '@patlas/contracts';
import { apiGet, apiPost, type RequestOptions } from '../../api/client';

/** `GET /api/product/patent/detail?pn=`: the whole record plus `held`. */
export function fetchPatentDetail(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentDetail> {
  return apiGet<PatentDetail>('/product/patent/detail', { ...options, query: { pn } });
}

/** `POST /api/product/search/neighbours`: the records around a rank of the result list the page came from. */
export function fetchListNeighbours(
  request: SearchNeighboursRequest,
  options: RequestOptions,
): Promise<SearchNeighboursResponse> {
  return apiPost<SearchNeighboursResponse>('/product/search/neighbours', request, options);
}
