// The records of the upload database: a job, as the runners change it, and the owner record a job
// leaves behind; and what follows from a job's record alone: where the bytes a run needs begin, and
// what a page may see of it. No storage here (job-store.ts and owned-files.ts keep them).

import type { FileDto, FinishedPart, MaxDownloads } from '@domain/api-types';
import type { Failure } from '@/lib/api/failure';
import type { TransferSecrets } from '@/lib/crypto/transfer-secrets';
import { holdsBackProgress, type DeviceCopyState } from './device-copy/copy-state';
import { partSpan } from './part-cipher';
import type { UploadJobState, UploadJobSummary } from './protocol';

/**
 * One file to upload, stored with a copy of the bytes it has still to send, so that a crash or a
 * closed tab loses nothing. The bytes live apart (`getBytes`: the origin private file system, or
 * IndexedDB chunks) until the upload is done: the record is rewritten at every finished part and
 * lease renewal, which no write of the bytes should wait for.
 */
export interface UploadJobRecord {
  id: string;
  // Name and type are kept apart from the Blob: a stored File comes back as a plain Blob on some engines.
  name: string;
  type: string;
  size: number;
  state: UploadJobState;
  /**
   * Why the job failed. (Records written before this field kept an English `error` instead;
   * they read as a failure without a known reason.)
   */
  failure: Failure | null;
  /** ms since epoch. */
  createdAt: number;
  updatedAt: number;
  /** Sum of the sizes of the parts in `parts`. */
  bytesDone: number;
  // Known once the server created the upload (POST /uploads).
  fileId: string | null;
  shareId: string | null;
  shareUrl: string | null;
  ownerToken: string | null;
  partSize: number | null;
  partCount: number | null;
  /** Parts the bucket acknowledged, never sent again. */
  parts: FinishedPart[];
  file: FileDto | null;
  /** The server lost the partial upload (it answered 404, or refused to complete it): a retry starts over. */
  restartOnRetry: boolean;
  /** Which runner (page or worker instance) holds the job, and until when (ms since epoch). */
  leaseOwner: string | null;
  leaseUntil: number;
  /** The device's copy of the bytes (absent in records of earlier versions: see `getBytes`). */
  copy?: DeviceCopyState;
  /**
   * The transfer the file joins (absent: it has a link of its own only, as in records of earlier
   * versions): the id of its OwnedTransferRecord, and the file's folder inside it ('' = top level).
   */
  transfer?: JobTransfer;
  /**
   * The keys of the encrypted transfer the file joins (absent: the file is stored as it is). Kept
   * with the job so the next runner, after a crash, seals its parts again with the same key; taken
   * out of the record when the upload is done, gone with it when it is cancelled.
   */
  encryption?: TransferSecrets;
}

/** Where a job's file goes in a transfer; sent with POST /uploads once the transfer exists. */
export interface JobTransfer {
  /** The OwnedTransferRecord's id (made on this device; not the transfer's share id). */
  id: string;
  path: string;
}

/**
 * A transfer this device sends: made on the device when the files are picked, created on the
 * server by the runner that uploads its first file (`shareId` and the owner token are null until
 * then), and kept after the upload so Transfers can list, mail and delete it.
 */
export interface OwnedTransferRecord {
  id: string;
  shareId: string | null;
  shareUrl: string | null;
  ownerToken: string | null;
  /** Sent with POST /transfers: the recipient's page and the mail show them. */
  senderName: string | null;
  message: string | null;
  /** Sent with POST /transfers: deleted after this many downloads; null or absent (older records): no limit. */
  maxDownloads?: MaxDownloads | null;
  /**
   * The link key of an encrypted transfer (its link's fragment), kept on this device only so that
   * Home and Transfers show the full link after the upload and after a reload. Absent: the transfer
   * is not encrypted, or was made before the device kept keys.
   */
  linkKey?: Uint8Array<ArrayBuffer>;
  /** The transfer was sent with a password (whose slow key the device does not keep). */
  withPassword?: boolean;
  /** ms since epoch. */
  createdAt: number;
}

/** Proof that this device uploaded a file: kept after the upload so Transfers can list and delete it. */
export interface OwnedFileRecord {
  shareId: string;
  ownerToken: string;
  fileId: string;
  name: string;
  /** ms since epoch. */
  createdAt: number;
  /** The device's record of the transfer the file is in (OwnedTransferRecord); absent: none. */
  transferId?: string;
}

/**
 * Where the bytes the next run of the job needs begin: the start of the first part not recorded as
 * finished (the parts after it may be finished too), the size once every part is. 0 before the
 * upload exists on the server, or when it must start over there.
 */
export function firstNeededByte(job: UploadJobRecord): number {
  const { partSize, partCount } = job;
  if (partSize === null || partCount === null || job.restartOnRetry) return 0;
  const finished = new Set(job.parts.map((part) => part.partNumber));
  for (let n = 1; n <= partCount; n += 1) {
    if (!finished.has(n)) return partSpan(job, { partSize, partCount }, n).start;
  }
  return job.size;
}

/**
 * The server-side half of a job before its upload exists there: no file, share or owner token
 * yet, nothing sent. A new job starts so; a job whose upload the server lost goes back to it.
 */
export function notStartedOnServer() {
  return {
    fileId: null,
    shareId: null,
    shareUrl: null,
    ownerToken: null,
    partSize: null,
    partCount: null,
    parts: [],
    bytesDone: 0,
  } satisfies Partial<UploadJobRecord>;
}

/**
 * A fresh record in state 'queued', as the page stores it before anything is sent. `encryption`:
 * the keys of the encrypted transfer it joins (an encrypted file is always in a transfer).
 */
export function newJobRecord(
  file: { name: string; type: string; size: number },
  id: string,
  now: number,
  transfer?: JobTransfer,
  encryption?: TransferSecrets,
): UploadJobRecord {
  if (encryption !== undefined && transfer === undefined) throw new RangeError('An encrypted file joins a transfer');
  return {
    ...(transfer === undefined ? {} : { transfer }),
    ...(encryption === undefined ? {} : { encryption }),
    id,
    name: file.name,
    type: file.type,
    size: file.size,
    state: 'queued',
    failure: null,
    createdAt: now,
    updatedAt: now,
    ...notStartedOnServer(),
    file: null,
    restartOnRetry: false,
    leaseOwner: null,
    leaseUntil: 0,
  };
}

export function summarizeJob(job: UploadJobRecord): UploadJobSummary {
  return {
    jobId: job.id,
    name: job.name,
    type: job.type,
    size: job.size,
    state: job.state,
    // Not before every byte is sent or stored: see the store's `add`.
    bytesDone: holdsBackProgress(job.copy, firstNeededByte(job)) ? 0 : job.bytesDone,
    shareId: job.shareId,
    shareUrl: job.shareUrl,
    failure: job.failure ?? null,
    createdAt: job.createdAt,
    file: job.file,
    transferId: job.transfer?.id ?? null,
    path: job.transfer?.path ?? '',
  };
}
