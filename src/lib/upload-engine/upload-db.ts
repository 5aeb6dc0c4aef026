// The IndexedDB database of this origin, shared by the page and the service worker: its name,
// version and object stores, the upgrade from every earlier version, and the one way to open it.
// Existing devices hold queued uploads and owner records in it, so a change here is a new version
// with an upgrade step, never an edit of an old one. tests/e2e/fixtures/pwa.ts reads the same
// database from the browser side.

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SharedItemRecord } from '@/lib/share-inbox/shared-item';
import type { StoredChunk } from './device-copy/stored-bytes';
import type { OwnedFileRecord, OwnedTransferRecord, UploadJobRecord } from './job-record';

export const UPLOAD_DB_NAME = 'ulak';
// 2: adds sharedItems (files another app shared to us through the Web Share Target), and moves
//    each job's Blob out of its record into jobBlobs. A record is written at every finished part
//    and lease renewal; with the Blob inside, each write re-stored the Blob reference (tens of ms for
//    a large file in Chromium), which slowed the upload and widened the window in which a part the
//    bucket finished is not yet recorded (and so is sent again after a crash).
// 3: adds jobChunks, the copy of a job's bytes in chunks written from the end of the file backward
//    (see the job store's `add`): Blobs then, ArrayBuffers now, where the origin private file
//    system cannot hold the copy. jobBlobs stays: it holds the whole copies written by version 2 of
//    the app, for jobs queued before the update (or by a tab of that version still open).
// 4: adds ownedTransfers, the transfers this device sends (what was picked in one go has one
//    link): the runner that uploads the first of its files creates it on the server, with or
//    without a page open, and keeps its owner token here.
export const UPLOAD_DB_VERSION = 4;
export const JOBS = 'uploadJobs';
export const BLOBS = 'jobBlobs';
export const CHUNKS = 'jobChunks';
export const OWNED = 'ownedFiles';
export const SHARED = 'sharedItems';
export const TRANSFERS = 'ownedTransfers';

export interface UploadDb extends DBSchema {
  [JOBS]: { key: string; value: UploadJobRecord };
  [BLOBS]: { key: string; value: Blob };
  /** Keyed by job id and the chunk's first byte in the file. */
  [CHUNKS]: { key: [string, number]; value: StoredChunk };
  [OWNED]: { key: string; value: OwnedFileRecord };
  [SHARED]: { key: string; value: SharedItemRecord };
  [TRANSFERS]: { key: string; value: OwnedTransferRecord };
}

/** The database, opened on first use and again after a newer version of the app closed it. */
export type UploadDbConnection = () => Promise<IDBPDatabase<UploadDb>>;

/** Every chunk of a job's copy. */
export function chunksOf(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id, 0], [id, Infinity]);
}

/** A connection of its own to the database `name` (tests name their own; the app uses `originUploadDb`). */
export function connectUploadDb(name: string = UPLOAD_DB_NAME): UploadDbConnection {
  let connection: Promise<IDBPDatabase<UploadDb>> | undefined;
  return () => {
    connection ??= openDatabase(name, () => {
      connection = undefined;
    }).catch((error: unknown) => {
      connection = undefined;
      throw error;
    });
    return connection;
  };
}

let originConnection: UploadDbConnection | undefined;

/** This origin's database: one connection per context, shared by the job store, owned files and the share inbox. */
export function originUploadDb(): UploadDbConnection {
  originConnection ??= connectUploadDb();
  return originConnection;
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
      if (!database.objectStoreNames.contains(TRANSFERS)) database.createObjectStore(TRANSFERS, { keyPath: 'id' });
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
