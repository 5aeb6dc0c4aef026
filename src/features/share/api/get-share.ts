import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/supabase';
import { shareKeys } from '../keys';

/** A shared file as anyone with the link sees it (API ShareDto). */
export interface ShareDto {
  shareId: string;
  name: string;
  size: number;
  type: string;
  /** ISO date. */
  createdAt: string;
  /** ISO date; null would mean "never expires", which the API does not hand out today. */
  expiresAt: string | null;
  downloadCount: number;
  viewCount: number;
}

/**
 * GET shares/{shareId}. Counts a view on the server. Throws ApiError 404 'File not found or has
 * expired' when the file is gone, still uploading or expired.
 */
export function getShare(shareId: string, signal?: AbortSignal): Promise<ShareDto> {
  return callApi<ShareDto>(`shares/${encodeURIComponent(shareId)}`, { signal });
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
