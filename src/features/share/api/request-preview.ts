import type { DownloadTicket } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';

/**
 * POST shares/{shareId}/preview: the file's short-lived URL for a preview. Not a download: the
 * server neither counts nor logs it (the file's download count is what its uploader sees).
 */
export function requestPreview(shareId: string, signal?: AbortSignal): Promise<DownloadTicket> {
  return apiClient.call<DownloadTicket>(`shares/${encodeURIComponent(shareId)}/preview`, { method: 'POST', signal });
}
