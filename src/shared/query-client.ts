import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';
import { hasSignal, startSignal } from './signal';

/** Retry what may pass next time (network drops, 5xx), never what the server refused on purpose. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  // Offline, a retry would only pause until the signal returns and keep the screen waiting;
  // failing now lets it show the error with a 'Try again' button instead.
  if (!hasSignal()) return false;
  if (isApiError(error) && error.kind !== 'network' && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The one query client, also handed to the router context so loaders fill the same cache the
 * components read.
 */
export function createQueryClient(): QueryClient {
  // Before any query or write runs: a page opened without signal knows it from the first call.
  startSignal();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        // 'offlineFirst' still runs the request when the browser says it is offline, so the
        // service worker's runtime cache can answer; 'online' would pause it forever instead.
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
