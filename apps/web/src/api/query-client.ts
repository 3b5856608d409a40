import { QueryClient } from '@tanstack/react-query';
import { ApiError, isServiceStarting } from './client';

/** Answers that will not change on a retry: the server said no (4xx) or the number is unknown. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Tries of a call answered SERVICE_STARTING (the search workers open the index: seconds, a few
 * minutes for a very large index) before the page shows the error: about 10 minutes at 2 s.
 */
const STARTING_RETRIES = 300;
/** Wait before asking again when a SERVICE_STARTING answer has no Retry-After. */
const STARTING_DELAY_MS = 2000;

/** TanStack Query's own back-off (1 s, 2 s, 4 s… up to 30 s). */
const backOff = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

/**
 * Retries of a failed query: a starting server is asked again after its Retry-After until it
 * answers (the page shows a "starting, retrying" notice meanwhile); other server failures twice.
 */
export const queryRetry = {
  retry: (failureCount: number, error: unknown): boolean =>
    isServiceStarting(error) ? failureCount < STARTING_RETRIES : !isFinal(error) && failureCount < 2,
  retryDelay: (failureCount: number, error: unknown): number =>
    isServiceStarting(error) ? (error.retryAfterSeconds ?? STARTING_DELAY_MS / 1000) * 1000 : backOff(failureCount),
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: queryRetry.retry,
        retryDelay: queryRetry.retryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}
