import { useQuery } from '@tanstack/react-query';
import { systemEndpoints, type Health } from '@patlas/contracts';
import { call } from './endpoint-call';
import { useApiContext } from './useApiContext';

function useHealth() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['health', lang],
    queryFn: ({ signal }) => call(systemEndpoints.health, {}, { lang, messages, signal }),
    staleTime: 60_000,
  });
}

/**
 * The optional services this installation has configured (GET /api/health `features`). A feature
 * that is not configured is not offered anywhere in the web app; until the answer is in, or when it
 * fails, nothing optional is offered.
 */
export function useServerFeatures(): Health['features'] {
  const health = useHealth();
  return {
    translation: health.data?.features?.translation === true,
    rewrite: health.data?.features?.rewrite === true,
  };
}

/** One optional service: 'loading' until /api/health answers, then 'on' or 'off' (a failed answer: 'off'). */
export function useServerFeature(name: keyof Health['features']): 'loading' | 'on' | 'off' {
  const health = useHealth();
  if (health.isPending) return 'loading';
  return health.data?.features?.[name] === true ? 'on' : 'off';
}
