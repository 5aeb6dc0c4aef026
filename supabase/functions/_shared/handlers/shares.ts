// The public half of the share flow: what anyone with the link sees, and the download.
import type { RouteHandler } from '../api.ts';
import type { ApiContext } from '../context.ts';
import type { DownloadTicket, ShareDto } from '../domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { safeDownloadName } from '../domain/file-name.ts';
import { fileByShareId, type FileRow } from '../files-repo.ts';
import { resolveLocation } from '../geo.ts';
import { clientAddress, HttpError, json, readJson } from '../http.ts';
import { readSettings } from '../settings-store.ts';
import { visitorOf } from '../visitor.ts';
import { removedShare } from './takedown.ts';
import {
  hasExpired,
  isVisible,
  NOT_FOUND_MESSAGE,
  parseShareId,
  removeExpired,
  requireStorage,
  toShareDto,
  userAgentOf,
} from './share-common.ts';

const MAX_REFERRER_LENGTH = 2048;

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

export const getShare: RouteHandler = async (_req, ctx, params) => {
  const shareId = parseShareId(params);
  const row = await visibleShare(ctx, shareId);
  await ctx.db.query('select public.increment_view_count($1)', [shareId]);
  return json<ShareDto>(toShareDto({ ...row, viewCount: row.viewCount + 1 }));
};

/**
 * The referrer of the download page, sent by the page as { referrer } (document.referrer); the
 * request's own Referer header is always our page, so it says nothing. None → 'direct'.
 */
function referrerOf(body: Record<string, unknown>): string {
  const value = typeof body.referrer === 'string' ? body.referrer.trim() : '';
  return value ? value.slice(0, MAX_REFERRER_LENGTH) : 'direct';
}

/** Logs a download for the analytics, unless the admin turned analytics off (then nothing is looked up). */
async function logDownload(req: Request, ctx: ApiContext, row: FileRow, referrer: string): Promise<void> {
  if (!(await readSettings(ctx)).enableAnalytics) return;
  const ip = clientAddress(req, ctx.config.trustedProxies);
  const hash = await visitorOf(req, ctx.config);
  const location = resolveLocation(req, ip, {
    trustedCountryHeader: ctx.config.trustedCountryHeader,
    countryDatabase: ctx.countryDatabase,
  });
  await ctx.db.query('select public.log_download($1::uuid, $2, $3, $4, $5, $6::bigint, $7, $8, $9)', [
    row.id,
    row.shareId,
    hash,
    userAgentOf(req),
    referrer,
    row.size,
    location.country,
    location.city,
    row.name,
  ]);
}

export const downloadShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const storage = requireStorage(ctx);
  const body = await readJson(req);
  const row = await visibleShare(ctx, shareId);
  const fileName = safeDownloadName(row.name);
  const url = await storage.presignGet(row.storagePath, DOWNLOAD_URL_TTL_SECONDS, { fileName, contentType: row.type });

  // Analytics never stand in the way of a download (SPEC §8: logging failures are silent).
  try {
    await logDownload(req, ctx, row, referrerOf(body));
  } catch (error) {
    ctx.log.warn(`Could not log the download of ${shareId}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await ctx.db.query('select public.increment_download_count($1)', [shareId]);
  } catch (error) {
    ctx.log.warn(
      `Could not count the download of ${shareId}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return json<DownloadTicket>({ url, fileName, expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS });
};
