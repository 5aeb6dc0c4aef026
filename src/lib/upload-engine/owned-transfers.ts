// The transfers this device sends: one record per batch of files picked in one go, made by the page
// before a byte is sent, completed by the runner that creates the transfer on the server (its share
// id and owner token), and kept afterwards so Transfers can list, mail and delete the transfer.
// The runner may be the service worker with no page open: the record is all it needs.

import type { OwnedTransferRecord } from './job-record';
import { listOwnedFiles } from './owned-files';
import { originUploadDb, TRANSFERS, type UploadDbConnection } from './upload-db';

export interface OwnedTransferStore {
  putTransfer(record: OwnedTransferRecord): Promise<void>;
  getTransfer(id: string): Promise<OwnedTransferRecord | undefined>;
  /** Newest first. */
  listTransfers(): Promise<OwnedTransferRecord[]>;
  deleteTransfer(id: string): Promise<void>;
}

export function ownedTransfersIn(db: UploadDbConnection): OwnedTransferStore {
  return {
    async putTransfer(record) {
      await (await db()).put(TRANSFERS, record);
    },
    async getTransfer(id) {
      return (await db()).get(TRANSFERS, id);
    },
    async listTransfers() {
      const records = await (await db()).getAll(TRANSFERS);
      return records.sort((a, b) => b.createdAt - a.createdAt);
    },
    async deleteTransfer(id) {
      await (await db()).delete(TRANSFERS, id);
    },
  };
}

function originTransfers(): OwnedTransferStore {
  return ownedTransfersIn(originUploadDb());
}

/** This device's transfers, newest first (those not yet created on the server included). */
export async function listOwnedTransfers(): Promise<OwnedTransferRecord[]> {
  return originTransfers().listTransfers();
}

/** The device's record of a transfer, by the id the jobs carry. */
export async function getOwnedTransfer(id: string): Promise<OwnedTransferRecord | undefined> {
  return originTransfers().getTransfer(id);
}

/** The record of the transfer with this share id, undefined when this device holds none. */
export async function findOwnedTransfer(shareId: string): Promise<OwnedTransferRecord | undefined> {
  return (await originTransfers().listTransfers()).find((record) => record.shareId === shareId);
}

/**
 * The device's record of the transfer with this share id, or of the transfer the file with this
 * share id is in; undefined when the device holds none.
 */
export async function sentTransferOf(shareId: string): Promise<OwnedTransferRecord | undefined> {
  const transfers = await originTransfers().listTransfers();
  const transfer = transfers.find((record) => record.shareId === shareId);
  if (transfer !== undefined) return transfer;
  const file = (await listOwnedFiles()).find((record) => record.shareId === shareId);
  return file?.transferId === undefined ? undefined : transfers.find((record) => record.id === file.transferId);
}

/**
 * The link key of the encrypted transfer with this share id, or of the transfer the file is in, as
 * this device kept it; undefined when it holds none (not encrypted, or sent before it kept keys).
 */
export async function linkKeyOf(shareId: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return (await sentTransferOf(shareId))?.linkKey;
}

/** Drops the record of a transfer (deleted, or gone from the server). */
export async function forgetOwnedTransfer(id: string): Promise<void> {
  await originTransfers().deleteTransfer(id);
}
