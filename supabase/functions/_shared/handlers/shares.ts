// The public half of the share flow: what anyone with the link sees, and the download. A share id
// names a file or a transfer (one namespace); a transfer's answers are in transfer-shares.ts.
import type { RouteHandler } from '../handler-types.ts';
import type { ApiContext } from '../context.ts';
import { isDiskFull } from '../db.ts';
import type { DirectDownload, DownloadTicket, ShareAccessDto, ShareLookup } from '../domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { safeDownloadName } from '../domain/file-name.ts';
import { fileByShareId, type FileRow } from '../files-repo.ts';
import { HttpError, json, readJson } from '../http.ts';
import { transferById, transferByShareId, type TransferRow } from '../transfers-repo.ts';
import { visitorOf } from '../visitor.ts';
import { countDownload, referrerOf, takeTicketSlot } from './download-count.ts';
import { refuseUsedUp, requireProof, shareAccess, takeDownload } from './share-access.ts';
import { removedShare } from './takedown.ts';
import {
  hasExpired,
  isVisible,
  NOT_FOUND_MESSAGE,
  parseShareId,
  removeExpired,
  requireStorage,
  toFileShareDto,
} from './share-common.ts';
import { transferDownload, transferLookup } from './transfer-shares.ts';

/**
 * The visible file behind a share id; an expired one is removed on the spot (expired means gone).
 * A link an admin took down answers 410 'This file was removed' instead of 'not found'.
 */
export async function visibleShare(ctx: ApiContext, shareId: string): Promise<FileRow> {
  const row = await fileByShareId(ctx.db, shareId);
  const now = ctx.now();
  if (row && hasExpired(row, now)) await removeExpired(ctx, row);
  if (!row || !isVisible(row, now)) {
    if (!row && (await removedShare(ctx.db, shareId))) {
      throw new HttpError(410, 'file_removed', 'This file was removed by the administrator.');
    }
    throw new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);
  }
  return row;
}

/** The visible file behind a share id, and the transfer it was sent in (whose rules it shares). */
export async function visibleShareWithTransfer(
  ctx: ApiContext,
  shareId: string,
): Promise<{ row: FileRow; transfer: TransferRow | null }> {
  const row = await visibleShare(ctx, shareId);
  if (!row.transferId) return { row, transfer: null };
  const transfer = await transferById(ctx.db, row.transferId);
  // Its transfer is being deleted (by its owner, or the sweep once its downloads were used up):
  // the file goes with it, and must not slip out meanwhile as a file without the transfer's limit.
  if (!transfer) throw new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);
  return { row, transfer };
}

/** The transfer whose rules a share id falls under: its own, or its file's; null for a file sent alone. */
export async function transferOfShare(ctx: ApiContext, shareId: string): Promise<TransferRow | null> {
  return (await transferByShareId(ctx.db, shareId)) ?? (await visibleShareWithTransfer(ctx, shareId)).transfer;
}

export const getShare: RouteHandler = async (_req, ctx, params) => {
  const shareId = parseShareId(params);
  const transfer = await transferByShareId(ctx.db, shareId);
  if (transfer) return json<ShareLookup>(await transferLookup(ctx, transfer));
  const { row, transfer: sentIn } = await visibleShareWithTransfer(ctx, shareId);
  refuseUsedUp(sentIn);
  const access = shareAccess(sentIn);
  const direct = await directDownload(ctx, row, access);
  const answer = (viewCount: number) => json<ShareLookup>(toFileShareDto({ ...row, viewCount }, access, direct));
  try {
    await ctx.db.query('select public.increment_view_count($1)', [shareId]);
  } catch (error) {
    // A full disk takes no writes, but the link must still open: this view goes uncounted.
    if (!isDiskFull(error)) throw error;
    return answer(row.viewCount);
  }
  return answer(row.viewCount + 1);
};

/**
 * A presigned GET that the file's page may open on the first tap, with no ticket asked first (on a
 * phone's slow link, one round trip fewer before the download starts); the tap still asks for its
 * ticket beside it, which counts and logs the download. Only for a file that needs nothing from
 * the ticket: no password or download limit to enforce. An encrypted file's URL gives only its
 * ciphertext, which the link's key opens. A preview already hands out such a URL without
 * counting. It lasts no longer than the file.
 */
async function directDownload(ctx: ApiContext, row: FileRow, access: ShareAccessDto): Promise<DirectDownload | null> {
  if (access.encryption?.password || access.maxDownloads !== null || !ctx.storage || !row.expiresAt) return null;
  const left = Math.floor((row.expiresAt.getTime() - ctx.now().getTime()) / 1000);
  const expiresInSeconds = Math.min(DOWNLOAD_URL_TTL_SECONDS, left);
  if (expiresInSeconds < DIRECT_DOWNLOAD_MIN_SECONDS) return null;
  const fileName = safeDownloadName(row.name);
  const url = await ctx.storage.presignGet(row.storagePath, expiresInSeconds, { fileName, contentType: row.type });
  return { url, expiresInSeconds };
}

/** A page whose direct URL would end within this many seconds asks for a ticket instead. */
const DIRECT_DOWNLOAD_MIN_SECONDS = 120;

export const downloadShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const storage = requireStorage(ctx);
  // Before anything is looked up: a ticket costs a signature and, the first time, a log row.
  const visitor = await visitorOf(req, ctx);
  await takeTicketSlot(ctx, visitor);
  const body = await readJson(req);
  const referrer = referrerOf(body);
  const transfer = await transferByShareId(ctx.db, shareId);
  if (transfer) return transferDownload(req, ctx, { transfer, storage, visitor, referrer });

  const { row, transfer: sentIn } = await visibleShareWithTransfer(ctx, shareId);
  await requireProof(req, ctx, sentIn, visitor);
  const fileName = safeDownloadName(row.name);
  const url = await storage.presignGet(row.storagePath, DOWNLOAD_URL_TTL_SECONDS, { fileName, contentType: row.type });
  // A file of a limited transfer counts against the transfer's limit: the link's promise is the transfer's.
  const downloadsLeft = await takeDownload(ctx, sentIn);
  const downloaded = { id: row.id, fileId: row.id, shareId, size: row.plaintextSize ?? row.size, name: row.name };
  await countDownload(req, ctx, downloaded, visitor, referrer, async () => {
    await ctx.db.query('select public.increment_download_count($1)', [row.shareId]);
  });
  return json<DownloadTicket>({
    url,
    fileName,
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
    ...(downloadsLeft === undefined ? {} : { downloadsLeft }),
  });
};
