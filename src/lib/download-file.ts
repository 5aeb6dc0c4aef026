// Saving a shared file: the recipient's Download and the uploader's own (the file modal) alike.
import type { DownloadTicket } from '@domain/api-types';
import type { FileCipher } from './crypto/keys';
import { requestDownload } from './api/request-download';
import { decryptedFile } from './download-pipeline/decrypt-file';
import { save } from './download-pipeline/pipeline';
import { openSaveTarget } from './download-pipeline/save-target';
import { startBrowserDownload } from './start-browser-download';

/**
 * Asks the API for the file's download URL (the download is logged and counted) and has the
 * browser save it: for a file stored as sent. `headers` carry a password share's proof.
 */
export async function downloadFile(
  shareId: string,
  referrer: string,
  headers?: Record<string, string>,
): Promise<DownloadTicket> {
  const ticket = await requestDownload(shareId, referrer, undefined, headers);
  startBrowserDownload(ticket.url, ticket.fileName);
  return ticket;
}

export interface DecryptedDownload {
  shareId: string;
  name: string;
  type: string;
  /** The plaintext size. */
  size: number;
  /** The file's key; awaited once the save dialog has opened (it needs the tap's activation). */
  cipher: () => Promise<FileCipher>;
  referrer: string;
  headers?: Record<string, string>;
  /** Plaintext bytes saved so far. */
  onProgress?: (saved: number) => void;
  signal?: AbortSignal;
}

/**
 * An end-to-end encrypted file, decrypted as it streams into the save target (a file the person
 * picks, or the service worker's download): no whole file in memory. Resolves with the ticket once
 * the file is saved, or null when the person closed the save dialog. On any error (the file is
 * damaged or cut short, the network, Cancel) the save target is aborted, so no partial file is
 * left looking whole, and the error is thrown: E2eError 'damaged'/'truncated', FileGoneError,
 * NoStreamingSaveError, or the API's ApiError.
 */
export async function downloadDecryptedFile(file: DecryptedDownload): Promise<DownloadTicket | null> {
  const target = await openSaveTarget({
    fileName: file.name,
    contentType: file.type || 'application/octet-stream',
    size: file.size,
  });
  if (!target) return null;
  try {
    const ticket = await requestDownload(file.shareId, file.referrer, file.signal, file.headers);
    const plaintext = await decryptedFile(
      { url: ticket.url, name: file.name, path: '', size: file.size, cipher: await file.cipher() },
      { signal: file.signal },
    );
    let saved = 0;
    const counted = plaintext.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          saved += chunk.byteLength;
          file.onProgress?.(saved);
          controller.enqueue(chunk);
        },
      }),
    );
    await save(counted, target, file.signal);
    return ticket;
  } catch (error) {
    await target.abort(error).catch(() => undefined);
    throw error;
  }
}
