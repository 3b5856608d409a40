import type { Health } from '@patlas/contracts';
import { apiGet, type RequestOptions } from '../../api/client';

/** `GET /api/health`: the installation's patent count and version. */
export function fetchHealth(options: RequestOptions): Promise<Health> {
  return apiGet<Health>('/health', options);
}
