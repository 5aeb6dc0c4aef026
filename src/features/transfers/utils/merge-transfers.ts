import { FILE_LIST_LIMIT } from '@domain/constants';
import type { FileDto, OwnedTransferDto } from '@domain/api-types';
import type { UploadJobSummary } from '@/lib/upload-engine/protocol';
import type { MyTransfers } from '../api/get-my-files';

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
export function mergeTransfers(
  files: readonly FileDto[],
  jobs: readonly LiveJob[],
  limit: number = FILE_LIST_LIMIT,
): TransferItem[] {
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
  return items.sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
}

/** One transfer of Transfers: its link and counts (null until the server lists it) and its files. */
export interface TransferGroup {
  kind: 'transfer';
  key: string;
  createdAt: number;
  transfer: OwnedTransferDto | null;
  /** Its files, finished and under way, by folder then name. */
  items: TransferItem[];
  /** How many files it holds and their bytes, those the server counted but did not list included. */
  count: number;
  size: number;
  /** Files the server counted but did not list (it lists LOOKUP_FILES_PER_TRANSFER of each). */
  unlisted: number;
}

/** A row of Transfers: a transfer, or a file (or upload) sent alone. */
export type TransfersEntry = TransferGroup | TransferItem;

const sizeOf = (item: TransferItem) => (item.kind === 'file' ? item.file.size : item.job.size);

/**
 * A transfer's count and size: its items, plus what the server counted beyond the files it
 * listed. An upload under way that the server already knows of, but did not list, is among both,
 * so it is taken off the server's figures.
 */
function totalsOf(transfer: OwnedTransferDto | null, items: readonly TransferItem[]) {
  const shown = { count: items.length, size: items.reduce((sum, item) => sum + sizeOf(item), 0), unlisted: 0 };
  // A list saved by an earlier version has no figures: its items are all there is to show.
  if (transfer === null || !Number.isFinite(transfer.fileCount)) return shown;
  const listed = new Set(transfer.files.map((file) => file.shareId));
  const both = items.filter(
    (item) => item.kind === 'upload' && item.job.shareId !== null && !listed.has(item.job.shareId),
  );
  const unlisted = Math.max(0, transfer.fileCount - transfer.files.length - both.length);
  const listedSize = transfer.files.reduce((sum, file) => sum + file.size, 0);
  const bothSize = both.reduce((sum, item) => sum + sizeOf(item), 0);
  const unlistedSize = Math.max(0, transfer.size - listedSize - bothSize);
  return { count: shown.count + unlisted, size: shown.size + unlistedSize, unlisted };
}

function pathKey(item: TransferItem): string {
  return item.kind === 'file' ? `${item.file.path ?? ''}/${item.file.name}` : `${item.job.path}/${item.job.name}`;
}

/**
 * The transfers and lone files of the server and the engine's jobs as one list, newest first: each
 * job goes into its transfer (a transfer not yet listed by the server shows with its jobs alone),
 * and within a transfer, as in `mergeTransfers`, an unfinished job stands for its file.
 */
export function groupTransfers(list: MyTransfers, jobs: readonly LiveJob[]): TransfersEntry[] {
  const byLocalId = new Map<string, { transfer: OwnedTransferDto | null; jobs: LiveJob[] }>();
  const groups = list.transfers.map((transfer) => {
    const group: { transfer: OwnedTransferDto | null; jobs: LiveJob[] } = { transfer, jobs: [] };
    const localId = list.localIds[transfer.shareId];
    if (localId !== undefined) byLocalId.set(localId, group);
    return group;
  });
  const alone: LiveJob[] = [];
  for (const job of jobs) {
    if (job.transferId === null) {
      alone.push(job);
      continue;
    }
    let group = byLocalId.get(job.transferId);
    if (group === undefined) {
      group = { transfer: null, jobs: [] };
      byLocalId.set(job.transferId, group);
      groups.push(group);
    }
    group.jobs.push(job);
  }
  const entries: TransfersEntry[] = groups.flatMap((group): TransfersEntry[] => {
    const items = mergeTransfers(group.transfer?.files ?? [], group.jobs, Infinity).sort((a, b) =>
      pathKey(a).localeCompare(pathKey(b)),
    );
    // A transfer whose every file was deleted is gone for its sender too.
    if (items.length === 0) return [];
    const key = group.transfer?.shareId ?? group.jobs[0]?.transferId ?? '';
    return [
      {
        kind: 'transfer',
        key: `transfer:${key}`,
        createdAt:
          group.transfer === null
            ? Math.min(...group.jobs.map((job) => job.createdAt))
            : Date.parse(group.transfer.createdAt),
        transfer: group.transfer,
        items,
        ...totalsOf(group.transfer, items),
      },
    ];
  });
  return [...entries, ...mergeTransfers(list.files, alone)].sort((a, b) => b.createdAt - a.createdAt);
}
