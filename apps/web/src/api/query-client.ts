import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** Answers that will not change on a retry: the server said no (4xx) or the number is unknown. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (failureCount, error) => !isFinal(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
