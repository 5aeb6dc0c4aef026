// The upload jobs in IndexedDB, with the device's copy of their bytes: what the engine reads and
// changes, always in one transaction per change so that runners in two contexts never overwrite
// each other.

import type { FinishedPart } from '@domain/api-types';
import { whileCopyLocked } from './device-copy/copy-state';
import type { OpenCopyWriter } from './device-copy/copy-writer';
import { removeCopyFile } from './device-copy/opfs-files';
import { chunkedBytes, nothingStored, privateFileBytes, wholeBlob, type StoredBytes } from './device-copy/stored-bytes';
import { copyBackward } from './backward-copy';
import type { UploadJobRecord } from './job-record';
import { BLOBS, CHUNKS, chunksOf, JOBS, type UploadDbConnection } from './upload-db';

export interface JobStore {
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
}

/** The jobs of the database `db`; the copy is written `copyChunkBytes` at a time. */
export function jobStoreIn(db: UploadDbConnection, copyChunkBytes: number): JobStore {
  const store: JobStore = {
    async get(id) {
      return (await db()).get(JOBS, id);
    },

    getBytes(id) {
      return whileCopyLocked(id, 'shared', async () => {
        const tx = (await db()).transaction([JOBS, BLOBS, CHUNKS]);
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
        const read = async (start: number) => (await db()).get(CHUNKS, [id, start]);
        return job.copy?.place === null ? nothingStored(job.size) : chunkedBytes(starts, job.size, from, read);
      });
    },

    add(job, blob, openWriter) {
      const added: UploadJobRecord = { ...job, copy: { place: null, from: job.size, writing: true } };
      const recorded = db().then(async (database) => {
        await database.put(JOBS, added);
      });
      // The lock is asked for now, before the record is written: any reader of the bytes saw the
      // record, so asks after the copy did, and waits for it.
      const copied = whileCopyLocked(job.id, 'exclusive', async () => {
        await recorded;
        const target = {
          update: store.update,
          putChunk: async (id: string, start: number, bytes: ArrayBuffer) => {
            await (await db()).put(CHUNKS, bytes, [id, start]);
          },
          removeChunks: async (id: string) => {
            await (await db()).delete(CHUNKS, chunksOf(id));
          },
        };
        await copyBackward(target, added, blob, copyChunkBytes, openWriter);
      });
      return { recorded, copied };
    },

    async list() {
      const records = await (await db()).getAll(JOBS);
      return records.sort((a, b) => a.createdAt - b.createdAt);
    },

    async delete(id) {
      const tx = (await db()).transaction([JOBS, BLOBS, CHUNKS], 'readwrite');
      await Promise.all([
        tx.objectStore(JOBS).delete(id),
        tx.objectStore(BLOBS).delete(id),
        tx.objectStore(CHUNKS).delete(chunksOf(id)),
      ]);
      await tx.done;
      await removeCopyFile(id);
    },

    async update(id, change, { dropBytes = false } = {}) {
      // Only the records, unless the bytes go too: a transaction on them would wait behind (and hold
      // up) any other that touches the bytes.
      const tx = (await db()).transaction(dropBytes ? [JOBS, BLOBS, CHUNKS] : [JOBS], 'readwrite');
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
    },

    updatePart(id, part, bytes, now) {
      return store.update(id, (job) => {
        if (job.parts.some((p) => p.partNumber === part.partNumber)) return undefined;
        return { ...job, parts: [...job.parts, part], bytesDone: job.bytesDone + bytes, updatedAt: now };
      });
    },

    async acquireLease(id, owner, now, ms) {
      let taken = false;
      const job = await store.update(id, (current) => {
        if (current.leaseOwner !== null && current.leaseOwner !== owner && current.leaseUntil > now) {
          return undefined;
        }
        taken = true;
        return { ...current, leaseOwner: owner, leaseUntil: now + ms };
      });
      return taken ? job : undefined;
    },
  };
  return store;
}
