// Expired means gone: the sweep deletes expired files (object and row), aborts uploads idle for
// longer than the stale window (limits.staleUploadMs), retries storage deletes that failed before,
// and keeps the logs only for limits.logRetentionMs. The host runs it every minute; at scale
// pg_cron calls POST /sweep. Several hosts (and pg_cron) may share one database: a run first
// claims the sweep under an advisory lock, so concurrent runs make one, and the hosts' minute
// timers make one run a minute in all, not one per host.
import type { RouteHandler } from '../handler-types.ts';
import type { ApiContext } from '../context.ts';
import type { SweepResult } from '../domain/api-types.ts';
import { DAY_MS, MINUTE_MS, SWEEP_INTERVAL_MS } from '../domain/constants.ts';
import { expiredFiles, pendingDeletions, staleUploads } from '../files-repo.ts';
import { HttpError, json, timingSafeEqual } from '../http.ts';
import { pruneRateLimits } from '../rate-limit.ts';
import { recordEvent, removeFile, requireStorage } from './share-common.ts';
import { sweepTransfers } from './transfers.ts';

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

/** The advisory lock of the claim, as text: PostgreSQL's hashtext() makes it the lock's number. */
const SWEEP_LOCK = 'ulak:sweep';

/**
 * How long a claimed run keeps every other off (default 10 minutes): a run of SWEEP_BATCH rows of
 * each kind ends well within it, and a host that died in the middle of one blocks no longer.
 */
const SWEEP_LEASE_MS = 10 * MINUTE_MS;

/**
 * A host's timer skips its run when any run started less than SWEEP_INTERVAL_MS minus this ago
 * (default 5 s): the timers of hosts started at different moments then share one run a minute,
 * and a timer that fires a moment early still runs.
 */
const SWEEP_DUE_SLACK_MS = 5_000;

/**
 * Who asks for a run: a host's minute timer (skipped when any run started within the minute) or a
 * caller that wants one now (POST /sweep from pg_cron or an operator; skipped only while another
 * run is going on).
 */
export type SweepTrigger = 'timer' | 'request';

/** The row of service_status that says which run holds the sweep, since when, and whether it ended. */
interface SweepClaim {
  holder: string;
  startedAt: string;
  finished: boolean;
}

/**
 * Claims the sweep for one run, or answers null when it is not this caller's to do. The advisory
 * lock is a transaction's, taken without waiting: a second claim at the same moment is refused
 * at once, and one just after sees the first's row. The lock lasts only for this short
 * transaction (a session lock would need one connection for the whole run, which neither a pool
 * nor the embedded database's single session gives); the row keeps the run's claim after it.
 */
async function claimSweep(ctx: ApiContext, now: Date, trigger: SweepTrigger): Promise<string | null> {
  const holder = crypto.randomUUID();
  return ctx.db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>(
      'select pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtext($1::text)) as locked',
      [SWEEP_LOCK],
    );
    if (lock?.locked !== true) return null;
    const [last] = await tx.query<{ value: Partial<SweepClaim> }>(
      `select value from public.service_status where key = 'sweep_run'`,
    );
    if (last) {
      // Apart in either direction: a clock set back (or another host's, a little ahead) is not
      // a run of the future that blocks forever.
      const apart = Math.abs(now.getTime() - Date.parse(String(last.value.startedAt)));
      if (!last.value.finished && apart < SWEEP_LEASE_MS) return null;
      if (trigger === 'timer' && apart < SWEEP_INTERVAL_MS - SWEEP_DUE_SLACK_MS) return null;
    }
    const claim: SweepClaim = { holder, startedAt: now.toISOString(), finished: false };
    await tx.query(
      `insert into public.service_status (key, value, updated_at) values ('sweep_run', $1::text::jsonb, $2::timestamptz)
       on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
      [JSON.stringify(claim), now.toISOString()],
    );
    return holder;
  });
}

/** Ends a claim (a failed run too: the next minute's run must not wait out the lease). */
async function releaseSweep(ctx: ApiContext, holder: string): Promise<void> {
  await ctx.db.query(
    `update public.service_status set value = value || '{"finished": true}'::jsonb
     where key = 'sweep_run' and value->>'holder' = $1`,
    [holder],
  );
}

/** What a run that was not this caller's to do answers: another run does its work. */
const SKIPPED: SweepResult = { deletedFiles: 0, abortedUploads: 0, skipped: true };

/**
 * One run of the sweep; `skipped` when it was not this caller's to do (another run is going on,
 * or, for a timer, one started within the minute).
 */
export async function sweepExpired(ctx: ApiContext, trigger: SweepTrigger = 'request'): Promise<SweepResult> {
  const now = ctx.now();
  const holder = await claimSweep(ctx, now, trigger);
  if (holder === null) return SKIPPED;
  try {
    await pruneLogs(ctx, now);
    await recordDailyAnalytics(ctx, now);
    const result = await removeExpiredAndStale(ctx, now);
    await recordSweepRun(ctx, now, result);
    return result;
  } finally {
    await releaseSweep(ctx, holder).catch((error: unknown) => {
      ctx.log.warn(
        `Could not end the sweep's claim (it lapses by itself): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }
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
  await sweepTransfers(ctx, now);
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
