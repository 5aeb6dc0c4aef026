import type { DownloadTicket } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';

/**
 * POST shares/{shareId}/preview: the file's short-lived URL for a preview. Not a download: the
 * server neither counts nor logs it (the file's download count is what its uploader sees).
 * `headers` carry a password share's proof.
 */
export function requestPreview(
  shareId: string,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<DownloadTicket> {
  return apiClient.call<DownloadTicket>(`shares/${encodeURIComponent(shareId)}/preview`, {
    method: 'POST',
    signal,
    headers,
  });
}
