// The transfer a job's file joins, created on the server by whichever runner needs it first: the
// page made only the device's record of it (the files may be picked offline, and the service worker
// may run the jobs with no page open). Two runners (a worker and a page, two tabs) may start jobs of
// one transfer at once; a Web Lock per transfer, shared by every context of the origin, has the
// second wait for the first and read the transfer it created, so a batch never gets two links.

import type { OwnedItem } from '@domain/api-types';
import { localFailure } from '@/lib/api/failure';
import { encryptionRequest } from '@/lib/crypto/transfer-secrets';
import type { UploadApi } from './api';
import type { UploadJobRecord } from './job-record';
import type { OwnedTransferStore } from './owned-transfers';

/** Where there are no Web Locks (the unit tests' Node), one context's creations are still joined. */
const creating = new Map<string, Promise<OwnedItem>>();

function lockManager(): LockManager | null | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

/**
 * The share id and owner token of the transfer the job's file joins, creating it on the server (with
 * the sender's name and message, and for an encrypted transfer the key check and password verifier
 * derived from the job's keys, never a key) the first time. `retrying` is the run's retry policy for
 * the call.
 */
export function transferFor(
  job: Pick<UploadJobRecord, 'transfer' | 'encryption'>,
  { api, store }: { api: UploadApi; store: OwnedTransferStore },
  retrying: <T>(call: () => Promise<T>) => Promise<T>,
  signal: AbortSignal,
): Promise<OwnedItem> {
  const id = job.transfer?.id;
  if (id === undefined) throw new RangeError('The job joins no transfer');
  const create = async (): Promise<OwnedItem> => {
    const record = await store.getTransfer(id);
    if (record === undefined) {
      throw localFailure('transfer_not_found', 'The transfer this file was to join is no longer on this device.');
    }
    if (record.shareId !== null && record.ownerToken !== null) {
      return { shareId: record.shareId, ownerToken: record.ownerToken };
    }
    const encryption = job.encryption === undefined ? undefined : await encryptionRequest(job.encryption);
    const created = await retrying(() =>
      api.createTransfer(
        {
          ...(record.senderName === null ? {} : { senderName: record.senderName }),
          ...(record.message === null ? {} : { message: record.message }),
          ...(record.maxDownloads == null ? {} : { maxDownloads: record.maxDownloads }),
          ...(encryption === undefined ? {} : { encryption }),
        },
        signal,
      ),
    );
    await store.putTransfer({
      ...record,
      shareId: created.shareId,
      shareUrl: created.shareUrl,
      ownerToken: created.ownerToken,
    });
    return { shareId: created.shareId, ownerToken: created.ownerToken };
  };
  const locks = lockManager();
  if (locks) return locks.request(`ulak-transfer:${id}`, create);
  const pending = creating.get(id) ?? create().finally(() => creating.delete(id));
  creating.set(id, pending);
  return pending;
}
