// The page's side of a download the service worker answers (sw/download-stream.ts): a writable
// stream whose chunks go to the worker as it asks for them, and a hidden frame that opens the
// worker's download URL so the browser saves the answer.
import {
  STREAM_DOWNLOAD_PATH,
  type StreamDownloadChunks,
  type StreamDownloadSignal,
  type StreamDownloadStart,
} from './stream-download-messages';
import { isServiceWorkerEnabled } from '@/lib/pwa';
import { SAVE_CHUNK_BYTES } from './pipeline';
import type { SaveRequest } from './save-target';

/**
 * How long a first visit waits for the worker to be active (default 20 s): it installs the app's
 * files first, a few seconds on a slow link. Its download URL is a navigation, which the active
 * worker answers even before it controls this page.
 */
const ACTIVE_WAIT_MS = 20_000;
/** How long the worker has to say it is ready for the stream (default 5 s): a stopped worker starts in well under. */
export const READY_WAIT_MS = 5_000;

/** How long the download's frame outlives the stream's end (default 1 s; see finish). */
const FRAME_LINGER_MS = 1_000;

/**
 * Opens the worker's download URL for `id` in a hidden frame, so that the browser saves its answer;
 * returns what removes the frame once the stream has ended. The worker has then handed the browser
 * every byte, which may still be on their way to the file: the frame, whose request the download
 * is, goes a moment later.
 */
export function openDownloadFrame(id: string): () => void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src = `${STREAM_DOWNLOAD_PATH}${id}`;
  document.body.append(frame);
  return () => setTimeout(() => frame.remove(), FRAME_LINGER_MS);
}

/** The worker that controls this page, else the active one once the app has registered it; null when none comes. */
export async function activeWorker(): Promise<ServiceWorker | null> {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  if (!container) return null;
  if (container.controller) return container.controller;
  // A build without a worker (development): none will come. Otherwise the app registers it
  // once its first screen is live, which a tap may beat.
  if (!isServiceWorkerEnabled()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), ACTIVE_WAIT_MS));
  const registration = await Promise.race([container.ready, timeout]);
  return registration?.active ?? null;
}

/** A stream into a browser download of `request.fileName`, or null when no worker controls the page. */
export async function serviceWorkerTarget(request: SaveRequest): Promise<WritableStream<Uint8Array> | null> {
  const worker = await activeWorker();
  if (!worker) return null;
  const id = crypto.randomUUID();
  const { port1: port, port2 } = new MessageChannel();
  let pulls = 0;
  let onPull: (() => void) | null = null;
  let cancelled = false;
  const ready = new Promise<boolean>((resolve) => {
    setTimeout(() => resolve(false), READY_WAIT_MS);
    port.onmessage = (event: MessageEvent<StreamDownloadSignal>) => {
      if (event.data.type === 'ready') resolve(true);
      else if (event.data.type === 'pull') pulls += 1;
      else cancelled = true;
      const wake = onPull;
      onPull = null;
      wake?.();
    };
  });
  worker.postMessage({ type: 'STREAM_DOWNLOAD', id, ...request } satisfies StreamDownloadStart, [port2]);
  if (!(await ready)) {
    port.close();
    return null;
  }
  const removeFrame = openDownloadFrame(id);
  const send = (message: StreamDownloadChunks, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  const finish = () => {
    port.close();
    removeFrame();
  };
  // The chunks gathered for the next message: about SAVE_CHUNK_BYTES, each buffer moved to the
  // worker, not copied (a copy would leave one more buffer per chunk for this page's collector).
  let batch: Uint8Array[] = [];
  let batched = 0;
  const stopIfCancelled = () => {
    if (cancelled) throw new DOMException('The download was cancelled in the browser.', 'AbortError');
  };
  const pulled = async () => {
    while (pulls === 0 && !cancelled) await new Promise<void>((resolve) => (onPull = resolve));
    stopIfCancelled();
    pulls -= 1;
  };
  const sendBatch = async () => {
    await pulled();
    const chunks = batch;
    batch = [];
    batched = 0;
    // A buffer is listed once, however many chunks it holds: a list naming one twice cannot be sent.
    send({ type: 'chunks', chunks }, [...new Set(chunks.map((chunk) => chunk.buffer))]);
  };
  return new WritableStream<Uint8Array>({
    async write(chunk) {
      stopIfCancelled();
      if (chunk.byteLength === 0) return;
      // A copy only when the chunk is a view of a larger buffer (moving it would take the rest too).
      const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
      batch.push(own);
      batched += own.byteLength;
      if (batched >= SAVE_CHUNK_BYTES) await sendBatch();
    },
    async close() {
      if (batch.length > 0) await sendBatch();
      await pulled();
      send({ type: 'end' });
      finish();
    },
    abort() {
      send({ type: 'abort' });
      finish();
    },
  });
}
