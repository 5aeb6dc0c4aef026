// Video and audio previews of end-to-end encrypted files. A player reads its source with HTTP Range
// requests and seeks by asking for the bytes at the new place, which a presigned URL of ciphertext
// cannot answer. The page therefore registers the file (its presigned GET, plaintext size, type and
// cipher) with the service worker that controls it, and the player reads a same-origin URL that the
// worker answers: each Range maps to the records behind it (decryptedRange). The cipher is a
// non-extractable CryptoKey: it is cloned into the worker's memory, never written anywhere, and
// dropped when the page ends the preview, when the page goes, or when the ticket's URL expires.
// Shared by both sides: the page (encryptedMediaUrl) and sw/media-stream.ts.
import type { FileCipher } from '@/lib/crypto/keys';

/** The URLs the worker answers for a registered media file: this prefix, then its id. */
export const MEDIA_STREAM_PATH = '/media-stream/';

/**
 * How often the page registers a media file again while it is previewed (default 20 s): a worker
 * the browser stopped while the player was paused (after some 30 s idle) forgets it, and the next
 * seek must still find it. Each message also keeps the worker awake meanwhile.
 */
const MEDIA_REFRESH_MS = 20_000;
/** How long the worker has to take the file (default 5 s): a stopped worker starts in well under. */
const MEDIA_READY_WAIT_MS = 5_000;

/** Page -> worker (with a MessagePort, answered 'ready'): answer MEDIA_STREAM_PATH + id from this file. */
export interface MediaStreamStart {
  type: 'MEDIA_STREAM';
  id: string;
  /** The presigned GET of the stored (encrypted) file. */
  url: string;
  /** Plaintext bytes. */
  size: number;
  contentType: string;
  cipher: FileCipher;
  /** When the presigned URL runs out (ms since the epoch): the worker forgets the file then. */
  expiresAt: number;
}

/** Page -> worker: the preview is closed; forget the file. */
export interface MediaStreamEnd {
  type: 'MEDIA_STREAM_END';
  id: string;
}

export function isMediaStreamStart(data: unknown): data is MediaStreamStart {
  const start = data as Partial<MediaStreamStart> | null;
  return (
    typeof start === 'object' &&
    start !== null &&
    start.type === 'MEDIA_STREAM' &&
    typeof start.id === 'string' &&
    start.id.length <= 64 &&
    typeof start.url === 'string' &&
    /^https?:\/\//.test(start.url) &&
    Number.isSafeInteger(start.size) &&
    (start.size ?? -1) >= 0 &&
    typeof start.contentType === 'string' &&
    start.contentType.length <= 255 &&
    typeof start.expiresAt === 'number' &&
    typeof start.cipher?.aesKey === 'object' &&
    start.cipher.nonceBase instanceof Uint8Array
  );
}

export function isMediaStreamEnd(data: unknown): data is MediaStreamEnd {
  const end = data as Partial<MediaStreamEnd> | null;
  return typeof end === 'object' && end !== null && end.type === 'MEDIA_STREAM_END' && typeof end.id === 'string';
}

/** Whether an encrypted video or audio file can be previewed here: only a controlling worker can answer its player. */
export function encryptedMediaPossible(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

/** Posts `message` to the controlling worker and waits for its 'ready'; false when none answers. */
function register(message: MediaStreamStart): Promise<boolean> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(false);
  const { port1, port2 } = new MessageChannel();
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), MEDIA_READY_WAIT_MS);
    port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    worker.postMessage(message, [port2]);
  }).finally(() => port1.close());
}

/**
 * A same-origin URL for a <video> or <audio> of an encrypted file, answered by the service worker
 * with its plaintext, Range by Range; null where no worker controls the page (the file can then
 * only be downloaded: say so). `file.size` is the plaintext size, `url` the preview ticket's GET
 * and `expiresInSeconds` its lifetime. Aborting `signal` (the preview closed) ends it.
 */
export async function encryptedMediaUrl(
  file: { size: number; type: string },
  cipher: FileCipher,
  ticket: { url: string; expiresInSeconds: number },
  signal: AbortSignal,
): Promise<string | null> {
  const id = crypto.randomUUID();
  const message: MediaStreamStart = {
    type: 'MEDIA_STREAM',
    id,
    url: ticket.url,
    size: file.size,
    contentType: file.type || 'application/octet-stream',
    cipher,
    expiresAt: Date.now() + ticket.expiresInSeconds * 1000,
  };
  if (signal.aborted || !(await register(message))) return null;
  const refresh = setInterval(() => void register(message), MEDIA_REFRESH_MS);
  const end = () => {
    clearInterval(refresh);
    navigator.serviceWorker?.controller?.postMessage({ type: 'MEDIA_STREAM_END', id } satisfies MediaStreamEnd);
  };
  // Closed while the worker was taking it: forgotten at once.
  if (signal.aborted) {
    end();
    return null;
  }
  signal.addEventListener('abort', end, { once: true });
  return `${MEDIA_STREAM_PATH}${id}`;
}
