import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareLookup } from '@domain/api-types';
import { isShareId } from '@domain/share-id';
import { apiClient } from '@/lib/api/app-client';
import { shareKeys } from '../keys';

/**
 * GET shares/{shareId}: a file or a transfer (one namespace). Counts a view on the server. Throws
 * ApiError file_not_found (404) when it is gone, still uploading or expired.
 */
export function getShare(shareId: string, signal?: AbortSignal): Promise<ShareLookup> {
  return apiClient.call<ShareLookup>(`shares/${encodeURIComponent(shareId)}`, { signal });
}

export function shareQueryOptions(shareId: string) {
  return queryOptions({
    queryKey: shareKeys.detail(shareId),
    queryFn: ({ signal }) => getShare(shareId, signal),
  });
}

export function useShare(shareId: string) {
  // The route's loader already asked; a failure it met (404 above all) is not asked again on mount.
  return useQuery({ ...shareQueryOptions(shareId), retryOnMount: false });
}

/**
 * The download routes' loader. A malformed id is never sent; a failed load is not a route error,
 * because the download screen shows it (Not Found, the load failure banner).
 */
export async function preloadShare(queryClient: QueryClient, shareId: string): Promise<void> {
  // Offline, the screen says so at once instead of waiting here for the load's retries to fail.
  if (!isShareId(shareId) || globalThis.navigator?.onLine === false) return;
  await queryClient.ensureQueryData(shareQueryOptions(shareId)).catch(() => undefined);
}
