import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * How long an answer a route's loader fetched counts as fresh: the screen mounting a moment later reads it
 * from the cache instead of asking again. Writes still invalidate it at once.
 */
export const LOADED_FRESH_MS = 5_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An answer the server gave on purpose (4xx) comes back the same when asked again.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
