import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Replaces the server's message in the failure toast. */
      errorMessage?: string;
      /** The screen shows the failure itself; no toast. */
      silent?: boolean;
    };
  }
}

const MINUTE = 60_000;
export const MAX_RETRIES = 3;

/** A client error (4xx) will fail the same way again; network and server errors may not. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Exponential backoff from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export const queryDefaults = {
  queries: {
    staleTime: 5 * MINUTE,
    gcTime: 5 * MINUTE,
    retry: shouldRetry,
    retryDelay,
    refetchOnWindowFocus: false,
    // Offline, still ask: the service worker answers with the last saved copy. 'online' (the default)
    // would pause the query before the request and leave the screen on its skeleton.
    networkMode: 'offlineFirst',
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/**
 * Failed queries toast 'Error!' with the server's message. 401/403 are left to the
 * unauthorized handler, which sends the user to the login screen.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryDefaults,
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.silent) return;
        if (isApiError(error) && (error.status === 401 || error.status === 403)) return;
        notifyError(query.meta?.errorMessage ?? error.message);
      },
    }),
  });
}
