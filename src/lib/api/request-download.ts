import type { DownloadRequest, DownloadTicket } from '@domain/api-types';
import { apiClient } from './app-client';

/**
 * POST shares/{shareId}/download: logs and counts the download and hands back a short-lived URL.
 * `referrer` is the page's document.referrer ('' or 'direct' when there is none); `headers` carry a
 * password share's proof.
 */
export function requestDownload(
  shareId: string,
  referrer: string,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<DownloadTicket> {
  return apiClient.call<DownloadTicket>(`shares/${encodeURIComponent(shareId)}/download`, {
    body: { referrer } satisfies DownloadRequest,
    signal,
    headers,
  });
}
