import { callApi } from '@/lib/supabase';

interface DownloadTicket {
  url: string;
  fileName: string;
}

/**
 * The file-processing modal's Download: a presigned GET for the uploader's own file, saved by the
 * browser itself (the object carries Content-Disposition with its name), never held in memory.
 */
export async function downloadOwnFile(shareId: string): Promise<void> {
  const ticket = await callApi<DownloadTicket>(`shares/${encodeURIComponent(shareId)}/download`, {
    method: 'POST',
    body: { referrer: 'direct' },
  });
  const link = document.createElement('a');
  link.href = ticket.url;
  link.download = ticket.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
