import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/** Retry a failed query once, except for client errors (4xx) which a retry cannot fix. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
