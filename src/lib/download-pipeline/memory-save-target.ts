// The save target of a browser with no way to stream to disk (no service worker, as in a Firefox
// private window or where the worker is blocked, and no save dialog): the decrypted bytes are put
// together in memory and handed to the browser as one download of a blob: URL. Only up to
// IN_MEMORY_SAVE_MAX_BYTES; the page says so before the tap (save-target.ts, streamingSaveReady).
import { startBrowserDownload } from '@/lib/start-browser-download';
import type { SaveRequest } from './save-target';

/**
 * The most a download may be where it is put together in memory (default 256 MiB): what a
 * phone's browser holds beside the page without being killed (they give a tab some 0.5-1 GiB),
 * and most photos, documents and short videos fit. Past it the page says to use another browser.
 */
export const IN_MEMORY_SAVE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * How much is gathered into one Blob at a time (default 4 MiB): a Blob of Blobs lets the browser
 * keep the bytes outside the page's heap (Chromium pages large blobs to disk), where an array of
 * every chunk would hold them all twice while the final Blob is made.
 */
const GATHER_BYTES = 4 * 1024 * 1024;

/**
 * How long the blob: URL outlives the download's start (default 60 s): revoked at once, some
 * browsers would lose the bytes before they have written them.
 */
const REVOKE_AFTER_MS = 60_000;

/** The download is over what a browser may save in memory: nothing was saved. */
export class TooLargeToSaveError extends Error {
  override readonly name = 'TooLargeToSaveError';
  constructor(readonly limit: number) {
    super(`This browser can save at most ${limit} bytes at once here.`);
  }
}

/** Whether a download of `size` bytes (null: known only at the end) may be saved in memory. */
export function fitsInMemory(size: number | null, limit = IN_MEMORY_SAVE_MAX_BYTES): boolean {
  return size === null || size <= limit;
}

/**
 * A writable stream that saves `request.fileName` once closed, from memory. Throws
 * TooLargeToSaveError at once when the known size is over `limit`, and errors with it when the
 * bytes pass it (a zip, whose size is known only at its end); abort drops everything.
 */
export function memorySaveTarget(request: SaveRequest, limit = IN_MEMORY_SAVE_MAX_BYTES): WritableStream<Uint8Array> {
  if (!fitsInMemory(request.size, limit)) throw new TooLargeToSaveError(limit);
  let gathered: Blob[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  let total = 0;
  const gather = () => {
    gathered.push(new Blob(pending));
    pending = [];
    pendingBytes = 0;
  };
  return new WritableStream<Uint8Array>({
    write(chunk) {
      total += chunk.byteLength;
      if (total > limit) throw new TooLargeToSaveError(limit);
      pending.push(new Uint8Array(chunk));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= GATHER_BYTES) gather();
    },
    close() {
      gather();
      const url = URL.createObjectURL(new Blob(gathered, { type: request.contentType }));
      gathered = [];
      startBrowserDownload(url, request.fileName);
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    },
    abort() {
      gathered = [];
      pending = [];
    },
  });
}
