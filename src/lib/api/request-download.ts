import type { DownloadRequest, DownloadTicket } from '@domain/api-types';
import { apiClient } from './app-client';

/**
 * POST shares/{shareId}/download: logs and counts the download and hands back a short-lived URL.
 * `referrer` is the page's document.referrer ('' or 'direct' when there is none).
 */
export function requestDownload(shareId: string, referrer: string, signal?: AbortSignal): Promise<DownloadTicket> {
  return apiClient.call<DownloadTicket>(`shares/${encodeURIComponent(shareId)}/download`, {
    body: { referrer } satisfies DownloadRequest,
    signal,
  });
}
