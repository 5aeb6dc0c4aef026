// The owner records: proof that this device uploaded a file (its owner token), kept after the
// upload so Transfers can list this device's files and delete them. The engine writes one when the
// server creates an upload and drops it when the upload is cancelled or starts over.

import type { OwnedFileRecord } from './job-record';
import { OWNED, originUploadDb, type UploadDbConnection } from './upload-db';

export interface OwnedFileStore {
  putOwnedFile(record: OwnedFileRecord): Promise<void>;
  getOwnedFile(shareId: string): Promise<OwnedFileRecord | undefined>;
  /** Newest first. */
  listOwnedFiles(): Promise<OwnedFileRecord[]>;
  deleteOwnedFile(shareId: string): Promise<void>;
}

export function ownedFilesIn(db: UploadDbConnection): OwnedFileStore {
  return {
    async putOwnedFile(record) {
      await (await db()).put(OWNED, record);
    },
    async getOwnedFile(shareId) {
      return (await db()).get(OWNED, shareId);
    },
    async listOwnedFiles() {
      const records = await (await db()).getAll(OWNED);
      return records.sort((a, b) => b.createdAt - a.createdAt);
    },
    async deleteOwnedFile(shareId) {
      await (await db()).delete(OWNED, shareId);
    },
  };
}

/** This device's uploads (newest first), for POST /files/lookup. */
export async function listOwnedFiles(): Promise<OwnedFileRecord[]> {
  return ownedFilesIn(originUploadDb()).listOwnedFiles();
}

/** Drops the owner record, e.g. after the file was deleted or the server no longer knows it. */
export async function forgetOwnedFile(shareId: string): Promise<void> {
  await ownedFilesIn(originUploadDb()).deleteOwnedFile(shareId);
}

/** The token that proves ownership (header `x-owner-token`), undefined when this device has none. */
export async function getOwnerToken(shareId: string): Promise<string | undefined> {
  return (await ownedFilesIn(originUploadDb()).getOwnedFile(shareId))?.ownerToken;
}
