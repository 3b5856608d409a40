import { useQuery } from '@tanstack/react-query';
import type { Health } from '@patlas/contracts';
import { apiGet } from './client';
import { useApiContext } from './useApiContext';

/**
 * The optional services this installation has configured (GET /api/health `features`). A feature
 * that is not configured is not offered anywhere in the web app; until the answer is in, or when it
 * fails, nothing optional is offered.
 */
export function useServerFeatures(): Health['features'] {
  const { lang, messages } = useApiContext();
  const health = useQuery({
    queryKey: ['health', lang],
    queryFn: ({ signal }) => apiGet<Health>('/health', { lang, messages, signal }),
    staleTime: 60_000,
  });
  return { translation: health.data?.features?.translation === true };
}
