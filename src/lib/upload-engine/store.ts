// The upload store: the one handle on the upload database the engine is given, its jobs
// (job-store.ts), the owner records their uploads leave (owned-files.ts) and the transfers they
// join (owned-transfers.ts). The database itself,
// its versions and upgrades are upload-db.ts.

import { COPY_CHUNK_BYTES } from './device-copy/copy-writer';
import { jobStoreIn, type JobStore } from './job-store';
import { ownedFilesIn, type OwnedFileStore } from './owned-files';
import { ownedTransfersIn, type OwnedTransferStore } from './owned-transfers';
import { UNFINISHED_STATES } from './protocol';
import { connectUploadDb, originUploadDb, UPLOAD_DB_NAME, type UploadDbConnection } from './upload-db';

export type UploadStore = JobStore & OwnedFileStore & OwnedTransferStore;

function uploadStoreIn(db: UploadDbConnection, copyChunkBytes: number): UploadStore {
  return { ...jobStoreIn(db, copyChunkBytes), ...ownedFilesIn(db), ...ownedTransfersIn(db) };
}

/**
 * A store on a connection of its own to the database `name`; the options are for tests. Opens
 * lazily, reopens after an upgrade.
 */
export function createUploadStore(
  name: string = UPLOAD_DB_NAME,
  { copyChunkBytes = COPY_CHUNK_BYTES }: { copyChunkBytes?: number } = {},
): UploadStore {
  return uploadStoreIn(connectUploadDb(name), copyChunkBytes);
}

let defaultStore: UploadStore | undefined;

/** The store of this origin, one per context. */
export function getUploadStore(): UploadStore {
  defaultStore ??= uploadStoreIn(originUploadDb(), COPY_CHUNK_BYTES);
  return defaultStore;
}

/** Whether a job of this origin still has work to do (queued, uploading or paused). */
export async function hasUnfinishedJobs(): Promise<boolean> {
  return (await getUploadStore().list()).some((job) => UNFINISHED_STATES.has(job.state));
}
