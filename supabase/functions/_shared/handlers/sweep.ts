// Expired means gone: the sweep deletes expired files (object and row), aborts uploads idle for
// longer than the stale window (limits.staleUploadMs), retries storage deletes that failed before,
// and keeps the logs only for limits.logRetentionMs. The host runs it every minute; at scale
// pg_cron calls POST /sweep.
import type { RouteHandler } from '../handler-types.ts';
import type { ApiContext } from '../context.ts';
import type { SweepResult } from '../domain/api-types.ts';
import { DAY_MS } from '../domain/constants.ts';
import { expiredFiles, pendingDeletions, staleUploads } from '../files-repo.ts';
import { HttpError, json, timingSafeEqual } from '../http.ts';
import { pruneRateLimits } from '../rate-limit.ts';
import { recordEvent, removeFile, requireStorage } from './share-common.ts';

/** Rows handled per kind and run; a backlog is worked off over the next runs. */
const SWEEP_BATCH = 500;

/**
 * Keeps the daily analytics of yesterday and today current before files are deleted: they are
 * computed from the files table, and the totals on the admin dashboard are their sums.
 */
async function recordDailyAnalytics(ctx: ApiContext, now: Date): Promise<void> {
  for (const day of [new Date(now.getTime() - DAY_MS), now]) {
    await ctx.db.query('select public.update_daily_analytics($1::date)', [day.toISOString().slice(0, 10)]);
  }
}

/** When the sweep last ran and what it did, for the admin's System page. */
async function recordSweepRun(ctx: ApiContext, now: Date, result: SweepResult): Promise<void> {
  await ctx.db.query(
    `insert into public.service_status (key, value, updated_at) values ('sweep', $1::text::jsonb, $2::timestamptz)
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    [JSON.stringify(result), now.toISOString()],
  );
}

/** Drops log rows older than the retention window (privacy: keep little, for little time). */
async function pruneLogs(ctx: ApiContext, now: Date): Promise<void> {
  const before = new Date(now.getTime() - ctx.config.limits.logRetentionMs).toISOString();
  await ctx.db.query('delete from public.system_logs where created_at < $1::timestamptz', [before]);
  await ctx.db.query('delete from public.download_logs where downloaded_at < $1::timestamptz', [before]);
  // The outbox's mail holds recipients' addresses: kept no longer than the logs. A folder that
  // cannot be cleaned is reported, and stops nothing else the sweep does.
  await ctx.mailer?.prune?.(new Date(before)).catch((error: unknown) => {
    ctx.log.warn(`Could not prune the outbox: ${error instanceof Error ? error.message : String(error)}`);
  });
  await pruneRateLimits(ctx.db, new Date(now.getTime() - DAY_MS));
}

export async function sweepExpired(ctx: ApiContext): Promise<SweepResult> {
  const now = ctx.now();
  await pruneLogs(ctx, now);
  await recordDailyAnalytics(ctx, now);
  const result = await removeExpiredAndStale(ctx, now);
  await recordSweepRun(ctx, now, result);
  return result;
}

async function removeExpiredAndStale(ctx: ApiContext, now: Date): Promise<SweepResult> {
  // Without storage nothing can be removed properly; reads still hide expired files.
  if (!ctx.storage) return { deletedFiles: 0, abortedUploads: 0 };
  let deletedFiles = 0;
  // Deletes that failed before come first: their objects are still taking space.
  // Each removal claims its row only while its reason still holds (a complete racing the idle
  // sweep keeps its file), so nothing read here is removed on a stale reading.
  for (const row of await pendingDeletions(ctx.db, SWEEP_BATCH)) await removeFile(ctx, row, { kind: 'any' });
  for (const row of await expiredFiles(ctx.db, now, SWEEP_BATCH)) {
    if ((await removeFile(ctx, row, { kind: 'expired', now })) === 'removed') deletedFiles++;
  }
  let abortedUploads = 0;
  const idleSince = new Date(now.getTime() - ctx.config.limits.staleUploadMs);
  for (const row of await staleUploads(ctx.db, idleSince, SWEEP_BATCH)) {
    if ((await removeFile(ctx, row, { kind: 'idle', cutoff: idleSince })) === 'removed') abortedUploads++;
  }
  if (deletedFiles > 0 || abortedUploads > 0) {
    await recordEvent(ctx, null, 'files_swept', { deletedFiles, abortedUploads });
  }
  return { deletedFiles, abortedUploads };
}

export const sweepHandler: RouteHandler = async (req, ctx) => {
  const bearer = req.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (!bearer || !timingSafeEqual(bearer, ctx.config.sweepSecret)) {
    throw new HttpError(401, 'unauthorized', 'Invalid sweep secret');
  }
  requireStorage(ctx);
  return json<SweepResult>(await sweepExpired(ctx));
};
