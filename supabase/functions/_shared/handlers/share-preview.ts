// A preview's read of a file: the same presigned GET as a download ticket, rate-limited with the
// download tickets (it costs a signature), but never a download: no count and no log row, so a
// recipient who looks before saving leaves the file's downloads as they were.
import type { RouteHandler } from '../handler-types.ts';
import type { DownloadTicket } from '../domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { safeDownloadName } from '../domain/file-name.ts';
import { json } from '../http.ts';
import { visitorOf } from '../visitor.ts';
import { takeTicketSlot } from './download-count.ts';
import { parseShareId, requireStorage } from './share-common.ts';
import { visibleShare } from './shares.ts';

/** POST /shares/{id}/preview of a file (a transfer's id is not one: 404). */
export const previewShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const storage = requireStorage(ctx);
  await takeTicketSlot(ctx, await visitorOf(req, ctx));
  const row = await visibleShare(ctx, shareId);
  const fileName = safeDownloadName(row.name);
  // The object's own Content-Disposition (attachment) stays: a preview reads the bytes with
  // fetch or a media element, never opens the URL as a page.
  const url = await storage.presignGet(row.storagePath, DOWNLOAD_URL_TTL_SECONDS, { fileName, contentType: row.type });
  return json<DownloadTicket>({ url, fileName, expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS });
};
