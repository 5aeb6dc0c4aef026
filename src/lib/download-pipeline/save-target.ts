// Where a streamed download is written: the service worker's download URL when a worker controls
// the page (service-worker-target.ts), else a file the person picks (File System Access API, where
// the browser has it), else the worker's URL once one is active.
import { serviceWorkerTarget } from './service-worker-target';

/** What the browser's save dialog returns (the File System Access API, Chromium only). */
interface SaveFilePicker {
  showSaveFilePicker(options: { suggestedName: string }): Promise<{
    createWritable(): Promise<WritableStream<Uint8Array>>;
  }>;
}

/** Neither way to stream to disk is there (no File System Access API, no active service worker). */
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
      return await handle.createWritable();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      // The dialog refused (no activation left, a sandbox): the worker's way still works.
    }
  }
  const target = await serviceWorkerTarget(request);
  if (!target) throw new NoStreamingSaveError();
  return target;
}
