import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/supabase';
import { shareKeys } from '../keys';

/** A short-lived presigned GET; the object carries Content-Disposition attachment with the file's name. */
export interface DownloadTicket {
  url: string;
  fileName: string;
  expiresInSeconds: number;
}

/** POST shares/{shareId}/download: logs and counts the download and hands back the URL. */
export function requestDownload(shareId: string, referrer: string, signal?: AbortSignal): Promise<DownloadTicket> {
  return callApi<DownloadTicket>(`shares/${encodeURIComponent(shareId)}/download`, {
    method: 'POST',
    body: { referrer },
    signal,
  });
}

/**
 * Asks for a download URL. When the server says the file is gone (404), the share's metadata is
 * fetched again so the page turns into 'File Not Found' instead of a failure banner.
 */
export function useRequestDownload(shareId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestDownload(shareId, document.referrer),
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: shareKeys.detail(shareId) });
      }
    },
  });
}
