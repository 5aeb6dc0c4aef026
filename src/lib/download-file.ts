// Saving a shared file: the recipient's Download and the uploader's own (the file modal) alike.
import type { DownloadTicket } from '@domain/api-types';
import { requestDownload } from './api/request-download';

/**
 * Has the browser itself fetch `url` and save it as a download: the file streams to disk and never
 * sits in this page's memory, whatever its size (up to 2 GB). The object's Content-Disposition
 * names the file, so this works even where `download` is ignored (another origin).
 */
function startBrowserDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Asks the API for the file's download URL (the download is logged and counted) and saves it. */
export async function downloadFile(shareId: string, referrer: string): Promise<DownloadTicket> {
  const ticket = await requestDownload(shareId, referrer);
  startBrowserDownload(ticket.url, ticket.fileName);
  return ticket;
}
