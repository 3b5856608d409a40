import type { PatentDetail } from '@patlas/contracts';
import { apiGet, type RequestOptions } from '../../api/client';

/** `GET /api/product/patent/detail?pn=`: the whole record plus `held`. */
export function fetchPatentDetail(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentDetail> {
  return apiGet<PatentDetail>('/product/patent/detail', { ...options, query: { pn } });
}
