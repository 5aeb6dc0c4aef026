// Where a streamed download is written: the service worker's download URL when a worker controls
// the page (service-worker-target.ts), else a file the person picks (File System Access API, where
// the browser has it), else the worker's URL once one is active. A browser where no worker can
// ever come and that has no save dialog puts the download together in memory, up to a limit
// (memory-save-target.ts); streamingSaveReady tells the page so before the tap.
import { isServiceWorkerEnabled } from '@/lib/pwa';
import { memorySaveTarget } from './memory-save-target';
import { SAVE_CHUNK_BYTES, writingInChunksOf } from './pipeline';
import { serviceWorkerTarget } from './service-worker-target';

/** What the browser's save dialog returns (the File System Access API, Chromium only). */
interface SaveFilePicker {
  showSaveFilePicker(options: { suggestedName: string }): Promise<{
    createWritable(): Promise<WritableStream<Uint8Array>>;
  }>;
}

/** Neither way to stream to disk is there: no File System Access API, and the service worker never became active. */
export class NoStreamingSaveError extends Error {
  override readonly name = 'NoStreamingSaveError';
  constructor() {
    super('This browser cannot save a stream to disk here.');
  }
}

export interface SaveRequest {
  fileName: string;
  contentType: string;
  /** Exact length when known. */
  size: number | null;
}

function hasPicker(scope: object): scope is SaveFilePicker {
  return typeof (scope as Partial<SaveFilePicker>).showSaveFilePicker === 'function';
}

/** Whether a service worker may answer a download here: the browser has them, and this build registers one. */
function workerMayCome(): boolean {
  return 'serviceWorker' in navigator && isServiceWorkerEnabled();
}

/**
 * Whether this browser can save a download as it streams (a service worker, now or once the app
 * has registered it, or the save dialog); false where only memory is left, as in a Firefox
 * private window, which has no service worker at all. Known before any tap.
 */
export function streamingSaveReady(): boolean {
  return workerMayCome() || hasPicker(window);
}

/**
 * Whether openSaveTarget would save through the service worker's download URL: a worker controls
 * the page, or there is no save dialog and a worker may come. Known before any await, so that the
 * dialog, where it is the way, still opens inside the tap.
 */
export function savesThroughWorker(): boolean {
  return Boolean(navigator.serviceWorker?.controller) || (!hasPicker(window) && workerMayCome());
}

/**
 * A writable stream into the saved file, or null when the person closed the save dialog. The
 * dialog needs the tap's user activation: call this first, before any await of the API.
 */
export async function openSaveTarget(request: SaveRequest): Promise<WritableStream<Uint8Array> | null> {
  // With a worker in control, the browser saves the stream as any download (its bar, its folder),
  // as it does a file stored as sent; the save dialog is for a page no worker controls yet.
  if (navigator.serviceWorker?.controller) {
    const target = await serviceWorkerTarget(request);
    if (target) return target;
  }
  if (hasPicker(window)) {
    try {
      const handle = await window.showSaveFilePicker({ suggestedName: request.fileName });
      return writingInChunksOf(SAVE_CHUNK_BYTES, await handle.createWritable());
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      // The dialog refused (no activation left, a sandbox): the worker's way still works.
    }
  }
  // Throws TooLargeToSaveError at once when the size is known and over the limit.
  if (!workerMayCome()) return memorySaveTarget(request);
  const target = await serviceWorkerTarget(request);
  if (!target) throw new NoStreamingSaveError();
  return target;
}
