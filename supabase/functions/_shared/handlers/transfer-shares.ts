// A transfer's link as anyone holding it sees it: its complete files with their folders (GET
// /shares/{shareId}) and Download all (POST /shares/{shareId}/download), one presigned GET per
// file in one answer, so a folder of hundreds of files costs one call and one rate-limit slot.
import type { ApiContext } from '../context.ts';
import { isDiskFull } from '../db.ts';
import type { TransferDownload, TransferDto, TransferFileDto } from '../domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { safeDownloadName } from '../domain/file-name.ts';
import { compareByPathThenName } from '../domain/transfer-path.ts';
import { filesOfTransfers, type FileRow } from '../files-repo.ts';
import { HttpError, json } from '../http.ts';
import type { Storage } from '../storage.ts';
import { countTransferDownload, countTransferView, type TransferRow } from '../transfers-repo.ts';
import { countDownload } from './download-count.ts';
import { refuseUsedUp, requireProof, shareAccess, takeDownload } from './share-access.ts';
import { isVisible, NOT_FOUND_MESSAGE, toShareDto } from './share-common.ts';

const removed = () => new HttpError(410, 'file_removed', 'This transfer was removed by the administrator.');
const notFound = () => new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);

/** The transfer's complete, live files in list order, and how many are still uploading. */
async function transferFiles(ctx: ApiContext, transfer: TransferRow): Promise<{ files: FileRow[]; pending: number }> {
  const now = ctx.now();
  const rows = await filesOfTransfers(ctx.db, [transfer.id]);
  return {
    files: rows.filter((r) => isVisible(r, now)).sort(compareByPathThenName),
    pending: rows.filter((r) => r.uploadState === 'uploading').length,
  };
}

/** The latest expiry among these files; null for none. */
export function latestExpiry(files: readonly { expiresAt: Date | null }[]): string | null {
  let latest: Date | null = null;
  for (const f of files) if (f.expiresAt && (!latest || f.expiresAt > latest)) latest = f.expiresAt;
  return latest?.toISOString() ?? null;
}

/**
 * GET /shares/{shareId} of a transfer: counts a view. 404 when nothing of it is left to show or
 * to wait for (every file expired or deleted), 410 when an admin took it down.
 */
export async function transferLookup(ctx: ApiContext, transfer: TransferRow): Promise<TransferDto> {
  if (transfer.takenDownAt) throw removed();
  refuseUsedUp(transfer);
  const { files, pending } = await transferFiles(ctx, transfer);
  if (files.length === 0 && pending === 0) throw notFound();
  let viewCount = transfer.viewCount;
  try {
    await countTransferView(ctx.db, transfer.id);
    viewCount += 1;
  } catch (error) {
    // A full disk takes no writes, but the link must still open: this view goes uncounted.
    if (!isDiskFull(error)) throw error;
  }
  return {
    kind: 'transfer',
    shareId: transfer.shareId,
    senderName: transfer.senderName,
    message: transfer.message,
    createdAt: transfer.createdAt.toISOString(),
    expiresAt: latestExpiry(files),
    downloadCount: transfer.downloadCount,
    viewCount,
    files: files.map((f): TransferFileDto => ({ ...toShareDto(f), path: f.path })),
    pendingFiles: pending,
    ...shareAccess(transfer),
  };
}

/**
 * POST /shares/{shareId}/download of a transfer: a ticket for each complete file, in list order.
 * Counts one download of the transfer and one of each file, and logs one row, once per visitor a
 * day (as for a file).
 */
export async function transferDownload(
  req: Request,
  ctx: ApiContext,
  at: { transfer: TransferRow; storage: Storage; visitor: string; referrer: string },
): Promise<Response> {
  const { transfer, storage } = at;
  if (transfer.takenDownAt) throw removed();
  await requireProof(req, ctx, transfer, at.visitor);
  const { files } = await transferFiles(ctx, transfer);
  if (files.length === 0) throw notFound();
  const tickets: TransferDownload['tickets'] = [];
  for (const f of files) {
    const fileName = safeDownloadName(f.name);
    const url = await storage.presignGet(f.storagePath, DOWNLOAD_URL_TTL_SECONDS, { fileName, contentType: f.type });
    tickets.push({
      url,
      fileName,
      expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
      shareId: f.shareId,
      path: f.path,
      size: f.plaintextSize ?? f.size,
      storedSize: f.size,
    });
  }
  // Counted once every ticket is signed: a failure before this leaves the limit untouched.
  const downloadsLeft = await takeDownload(ctx, transfer);
  const size = files.reduce((sum, f) => sum + (f.plaintextSize ?? f.size), 0);
  const downloaded = { id: transfer.id, fileId: null, shareId: transfer.shareId, size, name: null };
  await countDownload(req, ctx, downloaded, at.visitor, at.referrer, () =>
    countTransferDownload(ctx.db, transfer.id, ctx.now()),
  );
  return json<TransferDownload>({ tickets, ...(downloadsLeft === undefined ? {} : { downloadsLeft }) });
}
