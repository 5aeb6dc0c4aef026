// Saving a shared file: the recipient's Download and the uploader's own (the file modal) alike.
import type { DownloadTicket } from '@domain/api-types';
import { requestDownload } from './api/request-download';
import { startBrowserDownload } from './start-browser-download';

/** Asks the API for the file's download URL (the download is logged and counted) and saves it. */
export async function downloadFile(shareId: string, referrer: string): Promise<DownloadTicket> {
  const ticket = await requestDownload(shareId, referrer);
  startBrowserDownload(ticket.url, ticket.fileName);
  return ticket;
}
