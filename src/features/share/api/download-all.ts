import { useRef, useState } from 'react';
import type { DownloadRequest, TransferDownload, TransferDto } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { entryName, FileGoneError, save, zipFiles } from '@/lib/download-pipeline/pipeline';
import { openSaveTarget } from '@/lib/download-pipeline/save-target';

/**
 * POST shares/{transferId}/download: one presigned GET per complete file, counted as one
 * download of the transfer (and one of each file).
 */
export function requestTransferDownload(
  shareId: string,
  referrer: string,
  signal?: AbortSignal,
): Promise<TransferDownload> {
  return apiClient.call<TransferDownload>(`shares/${encodeURIComponent(shareId)}/download`, {
    body: { referrer } satisfies DownloadRequest,
    signal,
  });
}

export type DownloadAllState =
  | { status: 'idle' }
  | { status: 'running'; bytesRead: number; total: number }
  | { status: 'done' }
  | { status: 'cancelled' }
  /** `missing` names the file that was gone; otherwise the save or the network failed. */
  | { status: 'failed'; missing: string | null; unsupported: boolean };

/** The zip's name: the transfer's link id, so two transfers' zips do not overwrite each other. */
export function zipName(transfer: Pick<TransferDto, 'shareId'>): string {
  return `${transfer.shareId}.zip`;
}

/**
 * Download all: the transfer's files as one zip streamed to disk (pipeline.ts), with progress
 * and Cancel. The save dialog (where there is one) opens first, while the tap's activation lasts.
 */
export function useDownloadAll(transfer: TransferDto) {
  const [state, setState] = useState<DownloadAllState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const start = async () => {
    if (running.current) return;
    const abort = new AbortController();
    running.current = abort;
    const total = transfer.files.reduce((sum, file) => sum + file.size, 0);
    setState({ status: 'running', bytesRead: 0, total });
    try {
      const target = await openSaveTarget({ fileName: zipName(transfer), contentType: 'application/zip', size: null });
      if (!target) {
        setState({ status: 'idle' });
        return;
      }
      try {
        const { tickets } = await requestTransferDownload(transfer.shareId, document.referrer, abort.signal);
        const files = tickets.map(({ url, fileName, path, size }) => ({ url, name: fileName, path, size }));
        const zip = zipFiles(files, {
          signal: abort.signal,
          onProgress: (bytesRead) => setState({ status: 'running', bytesRead, total }),
        });
        await save(zip, target, abort.signal);
      } catch (error) {
        await target.abort(error).catch(() => undefined);
        throw error;
      }
      setState({ status: 'done' });
    } catch (error) {
      if (abort.signal.aborted) setState({ status: 'cancelled' });
      else
        setState({
          status: 'failed',
          missing: error instanceof FileGoneError ? entryName(error.file) : null,
          unsupported: error instanceof Error && error.name === 'NoStreamingSaveError',
        });
    } finally {
      running.current = null;
    }
  };

  return {
    state,
    start: () => void start(),
    cancel: () => running.current?.abort(),
  };
}
