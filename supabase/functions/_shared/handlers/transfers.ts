// A transfer, as its sender makes and ends it: POST /transfers gives one link for what one visitor
// sends in one go (files then join it through POST /uploads), and DELETE /shares/{shareId} with
// its owner token removes it with every file and object in it.
import type { ApiContext } from '../context.ts';
import type { CreatedTransfer } from '../domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { newShareId } from '../domain/share-id.ts';
import { filesOfTransfers } from '../files-repo.ts';
import type { RouteHandler } from '../handler-types.ts';
import { json, noContent, readJson } from '../http.ts';
import { hashOwnerToken, newOwnerToken } from '../owner-token.ts';
import { releaseSlot } from '../rate-limit.ts';
import { readSettings } from '../settings-store.ts';
import {
  deleteEmptyTransfer,
  insertTransfer,
  markTransferDeleted,
  transfersToSweep,
  usedUpTransfers,
  type TransferRow,
} from '../transfers-repo.ts';
import { visitorOf } from '../visitor.ts';
import { parseEncryption, parseMaxDownloads } from './share-access.ts';
import { recordEvent, removeFile, requireOwnerToken, requireStorage, shareUrl } from './share-common.ts';
import { parseSenderName, parseTransferMessage } from './transfer-input.ts';
import { SHARE_ID_ATTEMPTS, takeCreateSlot, transferNotFound } from './uploads/upload-quotas.ts';
import { refuseDuringMaintenance } from './uploads/upload-settings.ts';

/** Transfers the sweep handles per run; a backlog is worked off over the next runs. */
const TRANSFER_SWEEP_BATCH = 200;

/** POST /transfers: counts as one of the visitor's creates, like an upload. */
export const createTransfer: RouteHandler = async (req, ctx) => {
  requireStorage(ctx);
  const body = await readJson(req);
  const senderName = parseSenderName(body.senderName);
  const message = parseTransferMessage(body.message);
  const encryption = parseEncryption(body.encryption);
  const maxDownloads = parseMaxDownloads(body.maxDownloads);
  refuseDuringMaintenance(await readSettings(ctx));
  const visitor = await visitorOf(req, ctx);
  const now = ctx.now();
  const limit = await takeCreateSlot(ctx, visitor, now);
  const ownerToken = newOwnerToken();
  let transfer: TransferRow | null = null;
  try {
    const ownerTokenHash = await hashOwnerToken(ownerToken);
    for (let attempt = 0; attempt < SHARE_ID_ATTEMPTS && !transfer; attempt++) {
      const t = {
        shareId: newShareId(),
        ownerTokenHash,
        senderName,
        message,
        createdAt: now,
        uploaderHash: visitor,
        encryption,
        maxDownloads,
      };
      transfer = await insertTransfer(ctx.db, t);
    }
    if (!transfer) throw new Error(`no free share id after ${SHARE_ID_ATTEMPTS} attempts`);
  } catch (error) {
    await releaseSlot(ctx.db, limit, visitor);
    throw error;
  }
  await recordEvent(ctx, req, 'transfer_created', { shareId: transfer.shareId });
  const created: CreatedTransfer = {
    transferId: transfer.id,
    shareId: transfer.shareId,
    shareUrl: shareUrl(ctx.config, transfer.shareId),
    ownerToken,
  };
  return json<CreatedTransfer>(created, 201);
};

/**
 * Removes every file of a transfer marked deleted (each as any removal: claimed, object, row), then
 * the transfer's row. A file whose object could not be deleted stays hidden, and so does the
 * transfer, until the sweep's retry succeeds: no object is left with no row naming it.
 */
export async function finishTransferRemoval(ctx: ApiContext, transfer: TransferRow): Promise<number> {
  const files = await filesOfTransfers(ctx.db, [transfer.id]);
  for (const row of files) await removeFile(ctx, row, { kind: 'any' });
  await deleteEmptyTransfer(ctx.db, transfer.id);
  return files.length;
}

/** DELETE /shares/{shareId} of a transfer, with the transfer's owner token: all of it goes. */
export async function deleteTransfer(req: Request, ctx: ApiContext, transfer: TransferRow): Promise<Response> {
  requireStorage(ctx);
  await requireOwnerToken(req, transfer.ownerTokenHash, 'Only the device that created this transfer can delete it.');
  // A second delete at the same moment: gone all the same, as for a file.
  if (!(await markTransferDeleted(ctx.db, transfer.id, ctx.now()))) throw transferNotFound();
  const files = await finishTransferRemoval(ctx, transfer);
  await recordEvent(ctx, req, 'transfer_deleted', { shareId: transfer.shareId, files });
  return noContent();
}

/**
 * The sweep's part for transfers: removes those whose downloads were used up, finishes deletes that
 * were cut short, and drops transfers with nothing left in them once they are older than the
 * stale-upload window (a transfer just made has no file yet; one that got none within the window
 * was abandoned).
 */
export async function sweepTransfers(ctx: ApiContext, now: Date): Promise<void> {
  // A transfer whose downloads are used up goes once the last ticket it handed out has expired, so
  // a download still running is never cut off; until then its link answers 410.
  const ticketsExpired = new Date(now.getTime() - DOWNLOAD_URL_TTL_SECONDS * 1000);
  for (const transfer of await usedUpTransfers(ctx.db, ticketsExpired, TRANSFER_SWEEP_BATCH)) {
    if (await markTransferDeleted(ctx.db, transfer.id, now)) await finishTransferRemoval(ctx, transfer);
  }
  const emptySince = new Date(now.getTime() - ctx.config.limits.staleUploadMs);
  for (const transfer of await transfersToSweep(ctx.db, now, emptySince, TRANSFER_SWEEP_BATCH)) {
    if (transfer.deletedAt) await finishTransferRemoval(ctx, transfer);
    else await deleteEmptyTransfer(ctx.db, transfer.id);
  }
}
