// Where upload jobs and owner records live: IndexedDB, shared by the page and the service worker.
// The engine sees only the UploadStore interface; the database's name, version and object stores
// are defined here (tests/e2e/fixtures/pwa.ts reads the same database from the browser side).

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FileDto, FinishedPart } from '@domain/api-types';
import { partRange } from '@domain/part-plan';
import type { Failure } from '@/lib/api/failure';
import { holdsBackProgress, whileCopyLocked, type DeviceCopyState } from './device-copy/copy-state';
import { COPY_CHUNK_BYTES, type OpenCopyWriter } from './device-copy/copy-writer';
import { idbCopyWriter } from './device-copy/idb-copy-writer';
import { removeCopyFile } from './device-copy/opfs-files';
import {
  chunkedBytes,
  nothingStored,
  privateFileBytes,
  wholeBlob,
  type StoredBytes,
  type StoredChunk,
} from './device-copy/stored-bytes';
import { UNFINISHED_STATES, type UploadJobState, type UploadJobSummary } from './protocol';

export const UPLOAD_DB_NAME = 'ulak';
// 2: adds sharedItems (files another app shared to us through the Web Share Target), and moves
//    each job's Blob out of its record into jobBlobs. A record is written at every finished part
//    and lease renewal; with the Blob inside, each write re-stored the Blob reference (tens of ms for
//    a large file in Chromium), which slowed the upload and widened the window in which a part the
//    bucket finished is not yet recorded (and so is sent again after a crash).
// 3: adds jobChunks, the copy of a job's bytes in chunks written from the end of the file backward
//    (see `add`): Blobs then, ArrayBuffers now, where the origin private file system cannot hold
//    the copy. jobBlobs stays: it holds the whole copies written by version 2 of the app, for jobs
//    queued before the update (or by a tab of that version still open).
export const UPLOAD_DB_VERSION = 3;
const JOBS = 'uploadJobs';
const BLOBS = 'jobBlobs';
const CHUNKS = 'jobChunks';
const OWNED = 'ownedFiles';
const SHARED = 'sharedItems';

/**
 * One file to upload, stored with a copy of the bytes it has still to send, so that a crash or a
 * closed tab loses nothing. The bytes live apart (`getBytes`: the origin private file system, or
 * CHUNKS) until the upload is done: the record is rewritten at every finished part and lease
 * renewal, which no write of the bytes should wait for.
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
}

/** Proof that this device uploaded a file: kept after the upload so Transfers can list and delete it. */
export interface OwnedFileRecord {
  shareId: string;
  ownerToken: string;
  fileId: string;
  name: string;
  /** ms since epoch. */
  createdAt: number;
}

/** A file as the share target received it. */
export interface SharedFile {
  blob: Blob;
  name: string;
  type: string;
  size: number;
}

/**
 * What one share from another app brought (Web Share Target): its files, and the title, text and
 * URL the sharing app may add. Kept until the person uploads or discards it.
 */
export interface SharedItemRecord {
  id: string;
  /** ms since epoch. */
  sharedAt: number;
  title: string | null;
  text: string | null;
  url: string | null;
  files: SharedFile[];
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
    if (!finished.has(n)) return partRange({ partSize, partCount }, job.size, n).start;
  }
  return job.size;
}

export interface UploadStore {
  get(id: string): Promise<UploadJobRecord | undefined>;
  /**
   * The job's stored bytes, once any copy of them still being written has ended; undefined when
   * there is no such job. Nothing is stored once the upload is done, or when the copy was lost.
   */
  getBytes(id: string): Promise<StoredBytes | undefined>;
  /**
   * Stores a new job, and begins a copy of its bytes beside it, at the disk's speed: through
   * `openWriter` (the page's: the origin private file system) or else in IndexedDB chunks. The copy
   * goes from the end of the file backward, a chunk at a time, while the upload goes forward from
   * the start, and stops where it meets the parts the bucket acknowledged: it writes only what was
   * not sent by then. Until they meet the job's progress does not show (`holdsBackProgress`): from
   * the first progress on, a browser killed at any moment resumes with every byte it needs.
   * Reading the bytes (`getBytes`) waits for a copy still being written, in any context.
   * `recorded` settles when the record is written, `copied` when the copy stops.
   */
  add(
    job: UploadJobRecord,
    blob: Blob,
    openWriter?: OpenCopyWriter,
  ): { recorded: Promise<void>; copied: Promise<void> };
  /** Oldest first. */
  list(): Promise<UploadJobRecord[]>;
  /** Removes the job and its stored bytes. */
  delete(id: string): Promise<void>;
  /**
   * Reads, changes and writes a job in one transaction, so runners in two contexts (or parts
   * finishing together) never overwrite each other's changes. `change` returns the new record, or
   * undefined to leave it as it is. Resolves to the stored record, undefined when there is none.
   * `dropBytes`: the bytes are deleted in the same transaction when the change is written (the
   * upload is done, the file lives in the bucket).
   */
  update(
    id: string,
    change: (job: UploadJobRecord) => UploadJobRecord | undefined,
    options?: { dropBytes?: boolean },
  ): Promise<UploadJobRecord | undefined>;
  /** Records a finished part and its bytes. Resolves to the job, undefined when it was removed (cancelled). */
  updatePart(id: string, part: FinishedPart, bytes: number, now: number): Promise<UploadJobRecord | undefined>;
  /**
   * Takes or renews the job for `owner` until `now + ms`, unless another owner holds an unexpired
   * lease. Resolves to the job when taken, undefined otherwise.
   */
  acquireLease(id: string, owner: string, now: number, ms: number): Promise<UploadJobRecord | undefined>;
  putOwnedFile(record: OwnedFileRecord): Promise<void>;
  getOwnedFile(shareId: string): Promise<OwnedFileRecord | undefined>;
  /** Newest first. */
  listOwnedFiles(): Promise<OwnedFileRecord[]>;
  deleteOwnedFile(shareId: string): Promise<void>;
  putSharedItem(record: SharedItemRecord): Promise<void>;
  /** Oldest first. */
  listSharedItems(): Promise<SharedItemRecord[]>;
  deleteSharedItem(id: string): Promise<void>;
}

interface UploadDb extends DBSchema {
  [JOBS]: { key: string; value: UploadJobRecord };
  [BLOBS]: { key: string; value: Blob };
  /** Keyed by job id and the chunk's first byte in the file. */
  [CHUNKS]: { key: [string, number]; value: StoredChunk };
  [OWNED]: { key: string; value: OwnedFileRecord };
  [SHARED]: { key: string; value: SharedItemRecord };
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

/** A fresh record in state 'queued', as the page stores it before anything is sent. */
export function newJobRecord(
  file: { name: string; type: string; size: number },
  id: string,
  now: number,
): UploadJobRecord {
  return {
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
    // Not before every byte is sent or stored: see `add`.
    bytesDone: holdsBackProgress(job.copy, firstNeededByte(job)) ? 0 : job.bytesDone,
    shareId: job.shareId,
    shareUrl: job.shareUrl,
    failure: job.failure ?? null,
    createdAt: job.createdAt,
    file: job.file,
  };
}

function openDatabase(name: string, onClose: () => void): Promise<IDBPDatabase<UploadDb>> {
  // A newer version of the app already upgraded the database while this one still runs (an old tab,
  // or this worker before the new one takes over): open it as it is, so its uploads go on. Every
  // version only adds stores, so the ones this code uses are there.
  return openAtVersion(name, UPLOAD_DB_VERSION, onClose).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'VersionError') return openAtVersion(name, undefined, onClose);
    throw error;
  });
}

function openAtVersion(
  name: string,
  version: number | undefined,
  onClose: () => void,
): Promise<IDBPDatabase<UploadDb>> {
  return openDB<UploadDb>(name, version, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      if (!database.objectStoreNames.contains(JOBS)) database.createObjectStore(JOBS, { keyPath: 'id' });
      if (!database.objectStoreNames.contains(OWNED)) {
        database.createObjectStore(OWNED, { keyPath: 'shareId' });
      }
      if (!database.objectStoreNames.contains(SHARED)) database.createObjectStore(SHARED, { keyPath: 'id' });
      if (!database.objectStoreNames.contains(BLOBS)) database.createObjectStore(BLOBS);
      if (!database.objectStoreNames.contains(CHUNKS)) database.createObjectStore(CHUNKS);
      if (oldVersion === 1) {
        // Version 1 kept the Blob in the job record: move it out, so uploads queued before the
        // update go on.
        const jobs = transaction.objectStore(JOBS);
        const blobs = transaction.objectStore(BLOBS);
        for (let cursor = await jobs.openCursor(); cursor !== null; cursor = await cursor.continue()) {
          const { blob, ...record } = cursor.value as UploadJobRecord & { blob?: unknown };
          if (blob instanceof Blob) await blobs.put(blob, record.id);
          await cursor.update(record);
        }
      }
    },
    // A newer version of the app (a new service worker) wants to upgrade: step aside, and open the
    // new version on the next call.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      onClose();
    },
    terminated: onClose,
  });
}

/** Whether a job may still need its stored bytes: it is there, and neither done nor cancelled. */
function wantsBytes(job: UploadJobRecord | undefined): job is UploadJobRecord {
  return job !== undefined && job.state !== 'done' && job.state !== 'cancelled';
}

/** Every chunk of a job's copy. */
function chunksOf(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id, 0], [id, Infinity]);
}

class IdbUploadStore implements UploadStore {
  private connection: Promise<IDBPDatabase<UploadDb>> | undefined;

  constructor(
    private readonly name: string,
    private readonly copyChunkBytes: number,
  ) {}

  private db(): Promise<IDBPDatabase<UploadDb>> {
    this.connection ??= openDatabase(this.name, () => {
      this.connection = undefined;
    }).catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  async get(id: string) {
    return (await this.db()).get(JOBS, id);
  }

  getBytes(id: string): Promise<StoredBytes | undefined> {
    return whileCopyLocked(id, 'shared', async () => {
      const tx = (await this.db()).transaction([JOBS, BLOBS, CHUNKS]);
      const [job, whole, keys] = await Promise.all([
        tx.objectStore(JOBS).get(id),
        tx.objectStore(BLOBS).get(id),
        tx.objectStore(CHUNKS).getAllKeys(chunksOf(id)),
      ]);
      if (job === undefined) return undefined;
      if (job.copy?.place === 'opfs') return privateFileBytes(id, job.size, job.copy.from);
      if (whole !== undefined) return wholeBlob(whole);
      const starts = keys.map(([, start]) => start);
      // Records of earlier versions say nothing of their copy: it begins at its first chunk.
      const from = job.copy?.place === 'idb' ? job.copy.from : (starts[0] ?? job.size);
      // Each chunk is read as a part needs it, in a transaction of its own (this one is over by then).
      const read = async (start: number) => (await this.db()).get(CHUNKS, [id, start]);
      return job.copy?.place === null ? nothingStored(job.size) : chunkedBytes(starts, job.size, from, read);
    });
  }

  add(job: UploadJobRecord, blob: Blob, openWriter?: OpenCopyWriter) {
    const added: UploadJobRecord = { ...job, copy: { place: null, from: job.size, writing: true } };
    const recorded = this.db().then(async (db) => {
      await db.put(JOBS, added);
    });
    // The lock is asked for now, before the record is written: any reader of the bytes saw the
    // record, so asks after the copy did, and waits for it.
    const copied = whileCopyLocked(job.id, 'exclusive', async () => {
      await recorded;
      await this.copyBackward(added, blob, openWriter);
    });
    return { recorded, copied };
  }

  /** See `add`. `added` is the job as recorded: where the copy starts. */
  private async copyBackward(added: UploadJobRecord, blob: Blob, openWriter?: OpenCopyWriter): Promise<void> {
    const { id } = added;
    const writer =
      (await openWriter?.(id, blob).catch((error: unknown) => {
        console.info('The private file system cannot keep the copy; IndexedDB does', error);
        return undefined;
      })) ??
      idbCopyWriter(blob, {
        put: async (start, bytes) => {
          await (await this.db()).put(CHUNKS, bytes, [id, start]);
        },
        removeAll: async () => {
          await (await this.db()).delete(CHUNKS, chunksOf(id));
        },
      });
    const noteCopy = (copy: DeviceCopyState) =>
      this.update(id, (current) => (wantsBytes(current) ? { ...current, copy } : undefined));
    let job: UploadJobRecord | undefined = added;
    let end = blob.size;
    try {
      while (end > 0 && wantsBytes(job) && end > firstNeededByte(job)) {
        const start = Math.max(0, end - this.copyChunkBytes);
        await writer.write(start, end);
        end = start;
        job = await noteCopy({ place: writer.place, from: end, writing: true });
      }
    } finally {
      // Done, or failed (no room left, say): a runner no longer waits for it to show progress.
      if (wantsBytes(job)) job = await noteCopy({ place: writer.place, from: end, writing: false }).catch(() => job);
      // A copy of a job finished or removed meanwhile would be left behind: drop it.
      await writer.close(!wantsBytes(job));
    }
  }

  async list() {
    const records = await (await this.db()).getAll(JOBS);
    return records.sort((a, b) => a.createdAt - b.createdAt);
  }

  async delete(id: string) {
    const tx = (await this.db()).transaction([JOBS, BLOBS, CHUNKS], 'readwrite');
    await Promise.all([
      tx.objectStore(JOBS).delete(id),
      tx.objectStore(BLOBS).delete(id),
      tx.objectStore(CHUNKS).delete(chunksOf(id)),
    ]);
    await tx.done;
    await removeCopyFile(id);
  }

  async update(
    id: string,
    change: (job: UploadJobRecord) => UploadJobRecord | undefined,
    { dropBytes = false }: { dropBytes?: boolean } = {},
  ) {
    // Only the records, unless the bytes go too: a transaction on them would wait behind (and hold
    // up) any other that touches the bytes.
    const tx = (await this.db()).transaction(dropBytes ? [JOBS, BLOBS, CHUNKS] : [JOBS], 'readwrite');
    const jobs = tx.objectStore(JOBS);
    let result = await jobs.get(id);
    const next = result === undefined ? undefined : change(result);
    if (next !== undefined) {
      await jobs.put(next);
      if (dropBytes) {
        await tx.objectStore(BLOBS).delete(id);
        await tx.objectStore(CHUNKS).delete(chunksOf(id));
      }
      result = next;
    }
    await tx.done;
    if (dropBytes && next !== undefined) await removeCopyFile(id);
    return result;
  }

  updatePart(id: string, part: FinishedPart, bytes: number, now: number) {
    return this.update(id, (job) => {
      if (job.parts.some((p) => p.partNumber === part.partNumber)) return undefined;
      return {
        ...job,
        parts: [...job.parts, part],
        bytesDone: job.bytesDone + bytes,
        updatedAt: now,
      };
    });
  }

  async acquireLease(id: string, owner: string, now: number, ms: number) {
    let taken = false;
    const job = await this.update(id, (current) => {
      if (current.leaseOwner !== null && current.leaseOwner !== owner && current.leaseUntil > now) {
        return undefined;
      }
      taken = true;
      return { ...current, leaseOwner: owner, leaseUntil: now + ms };
    });
    return taken ? job : undefined;
  }

  async putOwnedFile(record: OwnedFileRecord) {
    await (await this.db()).put(OWNED, record);
  }

  async getOwnedFile(shareId: string) {
    return (await this.db()).get(OWNED, shareId);
  }

  async listOwnedFiles() {
    const records = await (await this.db()).getAll(OWNED);
    return records.sort((a, b) => b.createdAt - a.createdAt);
  }

  async deleteOwnedFile(shareId: string) {
    await (await this.db()).delete(OWNED, shareId);
  }

  async putSharedItem(record: SharedItemRecord) {
    await (await this.db()).put(SHARED, record);
  }

  async listSharedItems() {
    const items = await (await this.db()).getAll(SHARED);
    return items.sort((a, b) => a.sharedAt - b.sharedAt);
  }

  async deleteSharedItem(id: string) {
    await (await this.db()).delete(SHARED, id);
  }
}

/** The upload database of this origin; the options are for tests. Opens lazily, reopens after an upgrade. */
export function createUploadStore(
  name: string = UPLOAD_DB_NAME,
  { copyChunkBytes = COPY_CHUNK_BYTES }: { copyChunkBytes?: number } = {},
): UploadStore {
  return new IdbUploadStore(name, copyChunkBytes);
}

let defaultStore: UploadStore | undefined;

/** The store of this origin, one per context. */
export function getUploadStore(): UploadStore {
  defaultStore ??= createUploadStore();
  return defaultStore;
}

/** Whether a job of this origin still has work to do (queued, uploading or paused). */
export async function hasUnfinishedJobs(): Promise<boolean> {
  return (await getUploadStore().list()).some((job) => UNFINISHED_STATES.has(job.state));
}

/** This device's uploads (newest first), for POST /files/lookup. */
export async function listOwnedFiles(): Promise<OwnedFileRecord[]> {
  return getUploadStore().listOwnedFiles();
}

/** Drops the owner record, e.g. after the file was deleted or the server no longer knows it. */
export async function forgetOwnedFile(shareId: string): Promise<void> {
  await getUploadStore().deleteOwnedFile(shareId);
}

/** The token that proves ownership (header `x-owner-token`), undefined when this device has none. */
export async function getOwnerToken(shareId: string): Promise<string | undefined> {
  return (await getUploadStore().getOwnedFile(shareId))?.ownerToken;
}
