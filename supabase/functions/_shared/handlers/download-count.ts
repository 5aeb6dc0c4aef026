// What every download ticket costs a visitor and leaves behind: one slot of the ticket rate limit,
// and, once per visitor and file (or transfer) a day, a count and an analytics log row.
import type { ApiContext } from '../context.ts';
import { isDiskFull } from '../db.ts';
import { DAY_MS } from '../domain/constants.ts';
import { resolveLocation } from '../geo.ts';
import { takeBurstSlot } from '../burst-limit.ts';
import { clientAddress, HttpError } from '../http.ts';
import { takeSlot } from '../rate-limit.ts';
import { readSettings } from '../settings-store.ts';
import { userAgentOf } from './share-common.ts';

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

/** One slot of the visitor's download-ticket limit (a whole transfer's tickets take one), or 429. */
export async function takeTicketSlot(ctx: ApiContext, visitor: string): Promise<void> {
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
}

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

/** What a download log row names: a file, or a whole transfer (no file id, its total size). */
export interface Downloaded {
  /** The counting key: a file's or a transfer's id. */
  id: string;
  fileId: string | null;
  shareId: string;
  size: number;
  name: string | null;
}

/** Logs a download for the analytics, unless the admin turned analytics off (then nothing is looked up). */
async function logDownload(req: Request, ctx: ApiContext, what: Downloaded, visitor: string, referrer: string) {
  if (!(await readSettings(ctx)).enableAnalytics) return;
  const ip = clientAddress(req, ctx.config.trustedProxies);
  const location = resolveLocation(req, ip, {
    trustedCountryHeader: ctx.config.trustedCountryHeader,
    countryDatabase: ctx.countryDatabase,
  });
  await ctx.db.query('select public.log_download($1::uuid, $2, $3, $4, $5, $6::bigint, $7, $8, $9)', [
    what.fileId,
    what.shareId,
    visitor,
    userAgentOf(req),
    referrer,
    what.size,
    location.country,
    location.city,
    what.name,
  ]);
}

/**
 * Logs and counts a download, once per visitor and file (or transfer) in DOWNLOAD_COUNT_WINDOW_MS;
 * `count` adds to the counters. Analytics never stand in the way of a download: a failure is
 * logged as a warning and the ticket is still given.
 */
export async function countDownload(
  req: Request,
  ctx: ApiContext,
  what: Downloaded,
  visitor: string,
  referrer: string,
  count: () => Promise<void>,
): Promise<void> {
  try {
    const first = await takeSlot(
      ctx.db,
      { action: `download_counted:${what.id}`, max: 1, windowMs: DOWNLOAD_COUNT_WINDOW_MS },
      visitor,
      ctx.now(),
    );
    if (!first.ok) return;
    await logDownload(req, ctx, what, visitor, referrer);
    await count();
  } catch (error) {
    ctx.log.warn(
      `Could not count the download of ${what.shareId}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
