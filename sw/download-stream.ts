// Answers the page's streamed downloads (a transfer's zip, a decrypted file) at a same-origin URL,
// where the page has no File System Access API: the browser saves the answer as a download while
// the page feeds it chunk by chunk (protocol: src/lib/download-pipeline/stream-download-messages.ts).
// Downloads asked for before the app is there (public/boot.js) are made here too (early-download.ts).
import { safeDownloadName } from '@domain/file-name';
import { ownJoined } from '@/lib/release-buffers';
import {
  isStreamDownloadStart,
  STREAM_DOWNLOAD_PATH,
  type StreamDownloadChunks,
  type StreamDownloadSignal,
  type StreamDownloadStart,
} from '@/lib/download-pipeline/stream-download-messages';

/**
 * Bytes the worker asks for ahead of the browser's reads (default 8 MiB, eight of the page's
 * messages of SAVE_CHUNK_BYTES): enough to keep the download busy between two round trips to the
 * page, small enough to stay out of memory.
 */
const READ_AHEAD_BYTES = 8 * 1024 * 1024;
/**
 * Streams announced and not yet asked for at once (default 16): a page cannot park more than
 * this in the worker; the oldest goes first.
 */
const MAX_WAITING_STREAMS = 16;

/** A download the worker will answer: what to save it as, and its bytes. */
export interface Waiting {
  start: Pick<StreamDownloadStart, 'fileName' | 'contentType' | 'size'>;
  body: ReadableStream<Uint8Array>;
}

/** Makes the download URL STREAM_DOWNLOAD_PATH + `id` answer once with `waiting`. */
export type ParkDownload = (id: string, waiting: Waiting) => void;

/** RFC 5987's attr-char escaping of a file name for filename*. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** The stream the page feeds over `port`: each pull asks it for its next chunks. */
function streamFrom(port: MessagePort): ReadableStream<Uint8Array> {
  let next: ((message: StreamDownloadChunks) => void) | null = null;
  port.onmessage = (event: MessageEvent<StreamDownloadChunks>) => {
    const resolve = next;
    next = null;
    resolve?.(event.data);
  };
  const ask = (signal: StreamDownloadSignal) => port.postMessage(signal);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const message = await new Promise<StreamDownloadChunks>((resolve) => {
          next = resolve;
          ask({ type: 'pull' });
        });
        // Copied into a buffer of the worker's own and the message's released: handed on to the
        // browser as they came, they were held until a full collection (release-buffers.ts).
        if (message.type === 'chunks') controller.enqueue(ownJoined(message.chunks));
        else if (message.type === 'end') {
          controller.close();
          port.close();
        } else {
          controller.error(new Error('The page stopped the download.'));
          port.close();
        }
      },
      cancel() {
        ask({ type: 'cancel' });
        port.close();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: READ_AHEAD_BYTES }),
  );
}

/** Registers the download URLs; returns how the worker's own downloads (early-download.ts) add one. */
export function registerDownloadStreams(scope: ServiceWorkerGlobalScope): ParkDownload {
  const waiting = new Map<string, Waiting>();

  const park: ParkDownload = (id, parked) => {
    if (waiting.size >= MAX_WAITING_STREAMS) {
      const oldest = waiting.keys().next().value;
      if (oldest !== undefined) {
        void waiting.get(oldest)?.body.cancel();
        waiting.delete(oldest);
      }
    }
    waiting.set(id, parked);
  };

  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (!port || !isStreamDownloadStart(event.data)) return;
    park(event.data.id, { start: event.data, body: streamFrom(port) });
    port.postMessage({ type: 'ready' } satisfies StreamDownloadSignal);
  });

  // Registered before the app shell's routes, so this answer wins over its navigation fallback.
  scope.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== scope.location.origin || !url.pathname.startsWith(STREAM_DOWNLOAD_PATH)) return;
    const id = url.pathname.slice(STREAM_DOWNLOAD_PATH.length);
    const found = waiting.get(id);
    // Once: a second request for the same id (a reload) has nothing left to read.
    waiting.delete(id);
    if (!found) {
      event.respondWith(new Response('This download has ended.', { status: 404 }));
      return;
    }
    const { start, body } = found;
    const headers = new Headers({
      'Content-Type': start.contentType,
      'Content-Disposition': `attachment; filename*=UTF-8''${rfc5987(safeDownloadName(start.fileName))}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
    });
    if (start.size !== null) headers.set('Content-Length', String(start.size));
    event.respondWith(new Response(body, { headers }));
  });
  return park;
}
