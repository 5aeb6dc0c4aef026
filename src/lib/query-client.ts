import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/client';

// A refusal (4xx: not found, expired, signed out) gives the same answer when asked again. Network
// failures and 5xx are retried twice.
const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** A client with the app's defaults; tests make a fresh one per render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
