// The public half of the share flow: what anyone with the link sees, and the download.
import type { RouteHandler } from '../handler-types.ts';
import type { ApiContext } from '../context.ts';
import { isDiskFull } from '../db.ts';
import type { DownloadTicket, ShareDto } from '../domain/api-types.ts';
import { DAY_MS, DOWNLOAD_URL_TTL_SECONDS } from '../domain/constants.ts';
import { safeDownloadName } from '../domain/file-name.ts';
import { fileByShareId, type FileRow } from '../files-repo.ts';
import { resolveLocation } from '../geo.ts';
import { takeBurstSlot } from '../burst-limit.ts';
import { clientAddress, HttpError, json, readJson } from '../http.ts';
import { takeSlot } from '../rate-limit.ts';
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

/**
 * Characters of a referrer kept in the logs (default 200): an origin fits, and a crafted value
 * must not fill the disk.
 */
const MAX_REFERRER_LENGTH = 200;

/**
 * A visitor's tickets for one file count as one download this long (default a day): a recipient
 * who clicks Download again, or a script asking in a loop, does not inflate the count or the log.
 */
const DOWNLOAD_COUNT_WINDOW_MS = DAY_MS;

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
  try {
    await ctx.db.query('select public.increment_view_count($1)', [shareId]);
  } catch (error) {
    // A full disk takes no writes, but the link must still open: this view goes uncounted.
    if (!isDiskFull(error)) throw error;
    return json<ShareDto>(toShareDto(row));
  }
  return json<ShareDto>(toShareDto({ ...row, viewCount: row.viewCount + 1 }));
};

/**
 * The referrer of the download page, sent by the page as { referrer } (document.referrer); the
 * request's own Referer header is always our page, so it says nothing. A URL is kept as its origin
 * only: where a visitor came from, not the path of their mail or chat. None → 'direct'.
 */
export function referrerOf(body: Record<string, unknown>): string {
  const value = typeof body.referrer === 'string' ? body.referrer.trim() : '';
  if (!value) return 'direct';
  let origin: string | null = null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
  } catch {
    // Not a URL: kept as text, within the length below.
  }
  return (origin ?? value).slice(0, MAX_REFERRER_LENGTH);
}

/** Logs a download for the analytics, unless the admin turned analytics off (then nothing is looked up). */
async function logDownload(
  req: Request,
  ctx: ApiContext,
  row: FileRow,
  visitor: string,
  referrer: string,
): Promise<void> {
  if (!(await readSettings(ctx)).enableAnalytics) return;
  const ip = clientAddress(req, ctx.config.trustedProxies);
  const location = resolveLocation(req, ip, {
    trustedCountryHeader: ctx.config.trustedCountryHeader,
    countryDatabase: ctx.countryDatabase,
  });
  await ctx.db.query('select public.log_download($1::uuid, $2, $3, $4, $5, $6::bigint, $7, $8, $9)', [
    row.id,
    row.shareId,
    visitor,
    userAgentOf(req),
    referrer,
    row.size,
    location.country,
    location.city,
    row.name,
  ]);
}

/** Logs and counts a download, once per visitor and file in DOWNLOAD_COUNT_WINDOW_MS. */
async function countDownload(req: Request, ctx: ApiContext, row: FileRow, visitor: string, referrer: string) {
  const first = await takeSlot(
    ctx.db,
    { action: `download_counted:${row.id}`, max: 1, windowMs: DOWNLOAD_COUNT_WINDOW_MS },
    visitor,
    ctx.now(),
  );
  if (!first.ok) return;
  await logDownload(req, ctx, row, visitor, referrer);
  await ctx.db.query('select public.increment_download_count($1)', [row.shareId]);
}

export const downloadShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const storage = requireStorage(ctx);
  // Before anything is looked up: a ticket costs a signature and, the first time, a log row.
  const visitor = await visitorOf(req, ctx);
  const { downloadTicketBurst: burst, downloadTicketsPerMinute: perMinute } = ctx.config.limits;
  const slot = await takeBurstSlot(ctx.db, { action: 'download_ticket', burst, perMinute }, visitor, ctx.now()).catch(
    (error: unknown) => {
      // A full disk takes no slot, and no log row either: the download, a read, goes on.
      if (isDiskFull(error)) return { ok: true } as const;
      throw error;
    },
  );
  if (!slot.ok) {
    throw new HttpError(429, 'rate_limited', 'Too many downloads from here. Please wait a moment and try again.', {
      retryAfterSeconds: slot.retryAfterSeconds,
    });
  }
  const body = await readJson(req);
  const row = await visibleShare(ctx, shareId);
  const fileName = safeDownloadName(row.name);
  const url = await storage.presignGet(row.storagePath, DOWNLOAD_URL_TTL_SECONDS, { fileName, contentType: row.type });

  // Analytics never stand in the way of a download (logging failures are silent).
  try {
    await countDownload(req, ctx, row, visitor, referrerOf(body));
  } catch (error) {
    ctx.log.warn(
      `Could not count the download of ${shareId}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return json<DownloadTicket>({ url, fileName, expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS });
};
