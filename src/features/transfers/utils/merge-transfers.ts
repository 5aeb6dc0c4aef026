import { FILE_LIST_LIMIT } from '@domain/constants';
import type { FileDto } from '@domain/api-types';
import type { UploadJobSummary } from '@/lib/upload-engine/protocol';

/** A job as the queue shows it: its summary plus the engine's last speed and time-left estimate. */
export type LiveJob = UploadJobSummary & {
  bytesPerSecond?: number | null;
  etaSeconds?: number | null;
};

/** One row of Transfers: a file the server holds, or an upload still on its way (or failed). */
export type TransferItem =
  | { kind: 'file'; key: string; createdAt: number; file: FileDto }
  | { kind: 'upload'; key: string; createdAt: number; job: LiveJob };

/**
 * Files from the server and unfinished jobs from the engine as one list, newest first, at most
 * FILE_LIST_LIMIT. A finished job is left to the server's list (it knows whether the file still
 * exists); an unfinished one replaces the server's 'uploading' row of the same share id, because
 * only the engine knows its progress.
 */
export function mergeTransfers(files: readonly FileDto[], jobs: readonly LiveJob[]): TransferItem[] {
  const unfinished = jobs.filter((job) => job.state !== 'done' && job.state !== 'cancelled');
  const inFlight = new Set(unfinished.flatMap((job) => (job.shareId === null ? [] : [job.shareId])));
  const items: TransferItem[] = [
    ...unfinished.map((job): TransferItem => ({
      kind: 'upload',
      key: `job:${job.jobId}`,
      createdAt: job.createdAt,
      job,
    })),
    ...files
      .filter((file) => !inFlight.has(file.shareId))
      .map((file): TransferItem => ({
        kind: 'file',
        key: `file:${file.shareId}`,
        createdAt: Date.parse(file.createdAt),
        file,
      })),
  ];
  return items.sort((a, b) => b.createdAt - a.createdAt).slice(0, FILE_LIST_LIMIT);
}
