import type { Health, SpecialTopicCard } from '@patlas/contracts';
import { apiGet, apiPost, type RequestOptions } from '../../api/client';

/** `GET /api/health`: the installation's patent count and version. */
export function fetchHealth(options: RequestOptions): Promise<Health> {
  return apiGet<Health>('/health', options);
}

/** `POST /api/product/indexPage/getSpecialTopicInfo`: the enabled special topics with their live counts. */
export function fetchSpecialTopics(options: RequestOptions): Promise<SpecialTopicCard[]> {
  return apiPost<SpecialTopicCard[]>('/product/indexPage/getSpecialTopicInfo', undefined, options);
}
