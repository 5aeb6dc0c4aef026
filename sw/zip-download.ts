// The app's Download all (src/lib/download-pipeline/service-worker-zip.ts): the page hands over the
// files and their ciphers, and this worker fetches, decrypts and zips them as the browser saves the
// download URL's answer, telling the page the progress, the end, or which file failed.
import { entryName, FileGoneError } from '@/lib/download-pipeline/pipeline';
import {
  isZipDownloadStart,
  type ZipDownloadCancel,
  type ZipDownloadSignal,
  type ZipFailure,
} from '@/lib/download-pipeline/stream-download-messages';
import { DamagedFileError, zipFiles, type ZipFile } from '@/lib/download-pipeline/zip-files';
import type { ParkDownload } from './download-stream';

function failureOf(error: unknown, files: readonly ZipFile[]): ZipFailure {
  const indexOf = (file: Pick<ZipFile, 'name' | 'path'>) => files.findIndex((f) => entryName(f) === entryName(file));
  if (error instanceof FileGoneError) return { reason: 'gone', index: indexOf(error.file) };
  if (error instanceof DamagedFileError) return { reason: 'damaged', index: indexOf(error.file), code: error.code };
  return { reason: 'other' };
}

/** The zip of `files`, reporting over `port` as it goes; a 'cancel' from the page stops it. */
function reportedZip(files: ZipFile[], progressEvery: number, port: MessagePort): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  let ended = false;
  const end = (signal: ZipDownloadSignal) => {
    if (ended) return;
    ended = true;
    port.postMessage(signal);
    port.close();
  };
  const zip = zipFiles(files, {
    signal: stop.signal,
    progressEvery,
    onProgress: (bytesRead) => port.postMessage({ type: 'progress', bytesRead } satisfies ZipDownloadSignal),
  });
  const reader = zip.getReader();
  let out: ReadableStreamDefaultController<Uint8Array> | null = null;
  port.onmessage = (event: MessageEvent<ZipDownloadCancel>) => {
    if (event.data?.type !== 'cancel') return;
    // The fetch stops, the zip too, and the browser's download fails rather than end looking whole.
    stop.abort();
    void reader.cancel().catch(() => undefined);
    out?.error(new DOMException('The page cancelled the download.', 'AbortError'));
    end({ type: 'cancelled' });
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        controller.close();
        end({ type: 'done' });
      } catch (error) {
        controller.error(error);
        end(stop.signal.aborted ? { type: 'cancelled' } : { type: 'failed', failure: failureOf(error, files) });
      }
    },
    cancel(reason) {
      // The browser stopped reading: the download was cancelled in its list, or its file failed.
      stop.abort();
      void reader.cancel(reason).catch(() => undefined);
      end({ type: 'cancelled' });
    },
  });
}

export function registerZipDownloads(scope: ServiceWorkerGlobalScope, park: ParkDownload): void {
  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (!port || !isZipDownloadStart(event.data)) return;
    const { id, fileName, files, progressEvery } = event.data;
    park(id, {
      start: { fileName, contentType: 'application/zip', size: null },
      body: reportedZip(files, progressEvery, port),
    });
    port.postMessage({ type: 'ready' } satisfies ZipDownloadSignal);
  });
}
