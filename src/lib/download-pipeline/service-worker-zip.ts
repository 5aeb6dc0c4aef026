// The page's side of Download all made by the service worker (sw/zip-download.ts): it hands over
// the files, opens the worker's download URL in a hidden frame so the browser saves the zip, and
// hears the progress, the end, or which file failed.
import { NoStreamingSaveError } from './save-target';
import { activeWorker, openDownloadFrame, READY_WAIT_MS } from './service-worker-target';
import { FileGoneError } from './pipeline';
import type { ZipDownloadCancel, ZipDownloadSignal, ZipDownloadStart, ZipFailure } from './stream-download-messages';
import { DamagedFileError, type ZipFile } from './zip-files';

export interface WorkerZipRequest {
  fileName: string;
  /** The files, asked for once a worker is there to zip them (their tickets count a download). */
  files: () => Promise<ZipFile[]>;
  /** Progress is told every this many bytes of the files (and at their end). */
  progressEvery: number;
  onProgress?: (bytesRead: number) => void;
  signal?: AbortSignal;
}

function errorOf(failure: ZipFailure, files: readonly ZipFile[]): Error {
  const file = failure.reason === 'other' ? undefined : files[failure.index];
  if (failure.reason === 'gone' && file) return new FileGoneError(file);
  if (failure.reason === 'damaged' && file) return new DamagedFileError(file, failure.code);
  return new Error('The zip failed in the service worker.');
}

/**
 * Saves the zip of the files, made by this page's service worker (waiting for it on a first visit,
 * as serviceWorkerTarget does); resolves once its last byte is handed to the browser. Rejects
 * with FileGoneError or DamagedFileError naming the file, an AbortError when cancelled (here or in
 * the browser's downloads), or NoStreamingSaveError when no worker comes or answers.
 */
export async function serviceWorkerZip(request: WorkerZipRequest): Promise<void> {
  const { fileName, progressEvery, onProgress, signal } = request;
  const worker = await activeWorker();
  if (!worker) throw new NoStreamingSaveError();
  const files = await request.files();
  return new Promise<void>((resolve, reject) => {
    const id = crypto.randomUUID();
    const { port1: port, port2 } = new MessageChannel();
    let removeFrame: (() => void) | null = null;
    const settle = (error?: Error) => {
      clearTimeout(unanswered);
      signal?.removeEventListener('abort', cancel);
      port.close();
      removeFrame?.();
      if (error) reject(error);
      else resolve();
    };
    const unanswered = setTimeout(() => settle(new NoStreamingSaveError()), READY_WAIT_MS);
    const cancel = () => {
      port.postMessage({ type: 'cancel' } satisfies ZipDownloadCancel);
      settle(new DOMException('The download was cancelled.', 'AbortError'));
    };
    if (signal?.aborted) return cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    port.onmessage = ({ data }: MessageEvent<ZipDownloadSignal>) => {
      if (data.type === 'ready') {
        clearTimeout(unanswered);
        removeFrame = openDownloadFrame(id);
      } else if (data.type === 'progress') onProgress?.(data.bytesRead);
      else if (data.type === 'done') settle();
      else if (data.type === 'cancelled')
        settle(new DOMException('The download was cancelled in the browser.', 'AbortError'));
      else settle(errorOf(data.failure, files));
    };
    worker.postMessage({ type: 'ZIP_DOWNLOAD', id, fileName, files, progressEvery } satisfies ZipDownloadStart, [
      port2,
    ]);
  });
}
