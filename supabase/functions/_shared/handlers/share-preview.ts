// A preview's read of a file: the same presigned GET as a download ticket, rate-limited with the
// download tickets (it costs a signature), but never a download: no count and no log row, so a
// recipient who looks before saving leaves the file's downloads as they were.
import type { RouteHandler } from '../handler-types.ts';
import type { DownloadTicket } from '../domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { safeDownloadName } from '../domain/file-name.ts';
import { json, readJson } from '../http.ts';
import { visitorOf } from '../visitor.ts';
import { takeTicketSlot } from './download-count.ts';
import { parseShareId, requireStorage } from './share-common.ts';
import { refuseUsedUp, requireProof } from './share-access.ts';
import { visibleShareWithTransfer } from './shares.ts';

/** POST /shares/{id}/preview of a file (a transfer's id is not one: 404). */
export const previewShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const storage = requireStorage(ctx);
  const visitor = await visitorOf(req, ctx);
  await takeTicketSlot(ctx, visitor);
  // A preview asks with no body: one sent anyway is read only up to the JSON limit and must be
  // JSON, so a large or malformed one gets a 413 or 400 instead of being drained or held.
  await readJson(req);
  const { row, transfer } = await visibleShareWithTransfer(ctx, shareId);
  // A preview never counts as a download, but it reads the bytes: the password holds, and a used-up link stays shut.
  await requireProof(req, ctx, transfer, visitor);
  refuseUsedUp(transfer);
  const fileName = safeDownloadName(row.name);
  // The object's own Content-Disposition (attachment) stays: a preview reads the bytes with
  // fetch or a media element, never opens the URL as a page.
  const url = await storage.presignGet(row.storagePath, DOWNLOAD_URL_TTL_SECONDS, { fileName, contentType: row.type });
  return json<DownloadTicket>({ url, fileName, expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS });
};
