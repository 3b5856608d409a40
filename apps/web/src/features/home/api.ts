import { specialTopicEndpoints, systemEndpoints, type Health, type SpecialTopicCard } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

/** `GET /api/health`: the installation's patent count and version. */
export function fetchHealth(options: RequestOptions): Promise<Health> {
  return call(systemEndpoints.health, {}, options);
}

/** `POST /api/product/indexPage/getSpecialTopicInfo`: the enabled special topics with their live counts. */
export function fetchSpecialTopics(options: RequestOptions): Promise<SpecialTopicCard[]> {
  return call(specialTopicEndpoints.cards, {}, options);
}
