import { useRef, useState } from 'react';
import type { DownloadRequest, TransferDownload, TransferDto } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { ApiError } from '@/lib/api/client';
import { fileCipherOf, type TransferSecrets } from '@/lib/crypto/transfer-secrets';
import { entryName, FileGoneError, save } from '@/lib/download-pipeline/pipeline';
import { openSaveTarget, savesThroughWorker } from '@/lib/download-pipeline/save-target';
import { serviceWorkerZip } from '@/lib/download-pipeline/service-worker-zip';
import { TooLargeToSaveError } from '@/lib/download-pipeline/memory-save-target';
import { DamagedFileError, zipFiles, zipLength, type ZipFile } from '@/lib/download-pipeline/zip-files';
import { useSavesInMemory } from '../hooks/use-saves-in-memory';
import { proofHeaders, useShareAccess } from '../hooks/use-share-access';
import { progressStep } from '../utils/progress-step';

/**
 * POST shares/{transferId}/download: one presigned GET per complete file, counted as one
 * download of the transfer (and one of each file). `proof`: a password share's (X-Share-Proof).
 */
export function requestTransferDownload(
  shareId: string,
  referrer: string,
  { proof = null, signal }: { proof?: string | null; signal?: AbortSignal } = {},
): Promise<TransferDownload> {
  return apiClient.call<TransferDownload>(`shares/${encodeURIComponent(shareId)}/download`, {
    body: { referrer } satisfies DownloadRequest,
    headers: proofHeaders(proof),
    signal,
  });
}

/** The zip's files from the tickets; with the transfer's secrets, each with its own cipher (by its share id). */
async function zipFilesOf({ tickets }: TransferDownload, secrets: Promise<TransferSecrets> | null): Promise<ZipFile[]> {
  const opened = await secrets;
  return Promise.all(
    tickets.map(async ({ url, fileName, path, size, shareId }) => ({
      url,
      name: fileName,
      path,
      size,
      ...(opened ? { cipher: await fileCipherOf(opened, shareId) } : {}),
    })),
  );
}

export type DownloadAllState =
  | { status: 'idle' }
  | { status: 'running'; bytesRead: number; total: number }
  | { status: 'done' }
  | { status: 'cancelled' }
  /** The transfer's download limit was used up (410 download_limit_reached): "Downloads used up". */
  | { status: 'used-up' }
  /** The zip is over what this browser can save from memory (useSavesInMemory): nothing saved. */
  | { status: 'too-large' }
  /**
   * `missing` names the file that was gone, `damaged` the file of an encrypted transfer whose
   * stored bytes were changed or cut (nothing of the zip is kept); otherwise the save or the
   * network failed.
   */
  | { status: 'failed'; missing: string | null; damaged: string | null; unsupported: boolean };

/** The zip's name: the transfer's link id, so two transfers' zips do not overwrite each other. */
export function zipName(transfer: Pick<TransferDto, 'shareId'>): string {
  return `${transfer.shareId}.zip`;
}

/**
 * Download all: the transfer's files as one zip streamed to disk (pipeline.ts), with progress
 * and Cancel. The save dialog (where there is one) opens first, while the tap's activation lasts.
 */
export function useDownloadAll(transfer: TransferDto) {
  const { secrets, proof } = useShareAccess();
  const memory = useSavesInMemory();
  const [state, setState] = useState<DownloadAllState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  // The zip's exact length follows from the files' names and sizes: refused before it starts.
  const tooLarge = memory.inMemory && zipLength(transfer.files) > memory.limit;

  const start = async () => {
    if (running.current) return;
    if (tooLarge) {
      setState({ status: 'too-large' });
      return;
    }
    const abort = new AbortController();
    running.current = abort;
    const total = transfer.files.reduce((sum, file) => sum + file.size, 0);
    setState({ status: 'running', bytesRead: 0, total });
    const step = progressStep(total);
    const onProgress = (bytesRead: number) => setState({ status: 'running', bytesRead, total });
    const filesToZip = async () =>
      zipFilesOf(
        await requestTransferDownload(transfer.shareId, document.referrer, { proof, signal: abort.signal }),
        secrets,
      );
    try {
      // The worker makes the zip where the browser saves it through the worker: the page only
      // hears how it goes (service-worker-zip.ts).
      if (savesThroughWorker())
        await serviceWorkerZip({
          fileName: zipName(transfer),
          files: filesToZip,
          progressEvery: step,
          onProgress,
          signal: abort.signal,
        });
      else {
        const target = await openSaveTarget({
          fileName: zipName(transfer),
          contentType: 'application/zip',
          size: null,
        });
        if (!target) {
          setState({ status: 'idle' });
          return;
        }
        try {
          const zip = zipFiles(await filesToZip(), { signal: abort.signal, progressEvery: step, onProgress });
          await save(zip, target, abort.signal);
        } catch (error) {
          await target.abort(error).catch(() => undefined);
          throw error;
        }
      }
      setState({ status: 'done' });
    } catch (error) {
      // Cancelled here, or in the browser's list of downloads.
      if (abort.signal.aborted || (error instanceof DOMException && error.name === 'AbortError'))
        setState({ status: 'cancelled' });
      else if (error instanceof ApiError && error.code === 'download_limit_reached') setState({ status: 'used-up' });
      else if (error instanceof TooLargeToSaveError) setState({ status: 'too-large' });
      else
        setState({
          status: 'failed',
          missing: error instanceof FileGoneError ? entryName(error.file) : null,
          damaged: error instanceof DamagedFileError ? entryName(error.file) : null,
          unsupported: error instanceof Error && error.name === 'NoStreamingSaveError',
        });
    } finally {
      running.current = null;
    }
  };

  return {
    state,
    inMemory: memory.inMemory,
    tooLarge,
    start: () => void start(),
    cancel: () => running.current?.abort(),
  };
}
