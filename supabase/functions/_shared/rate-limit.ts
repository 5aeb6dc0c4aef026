// Rate limits that hold under parallel requests: the check and its record are one statement. Each
// (action, visitor) has one counter row in a fixed window; taking a slot is a guarded upsert that
// PostgreSQL (and PGlite) runs under the row's lock, so 30 parallel requests against 5 slots get
// exactly 5. Take the slot BEFORE the costly or dangerous work (a password check, a mail), and give
// it back when the attempt turned out not to count.
import type { Db } from './db.ts';
import { quotaKeys } from './visitor.ts';

export interface RateLimit {
  /** What is limited, e.g. 'admin_login'. */
  action: string;
  /** How many attempts a visitor may make per window. */
  max: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Takes one slot of `limit` for `visitor` (a salted hash, never an address) at `now`. Not ok when
 * the window is full; the answer says when enough of it ends. The visitor's count under
 * yesterday's hash (quotaKeys) counts too, so the change of the daily salt resets no quota.
 */
export async function takeSlot(db: Db, limit: RateLimit, visitor: string, now: Date): Promise<RateLimitResult> {
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const previous = quotaKeys(visitor)[1] ?? null;
  const rows = await db.query<{ hits: number }>(
    `with earlier as (
       select coalesce(sum(hits), 0)::int as hits from public.rate_limits
       where action = $1 and visitor_hash = $6 and window_start > $4::timestamptz
     )
     insert into public.rate_limits as r (action, visitor_hash, window_start, hits)
     select $1, $2, $3::timestamptz, 1 from earlier where earlier.hits < $5
     on conflict (action, visitor_hash) do update
       set window_start = case when r.window_start <= $4::timestamptz then excluded.window_start else r.window_start end,
           hits = case when r.window_start <= $4::timestamptz then 1 else r.hits + 1 end
       where (case when r.window_start <= $4::timestamptz then 0 else r.hits end) + (select hits from earlier) < $5
     returning hits`,
    [limit.action, visitor, now.toISOString(), windowStart, limit.max, previous],
  );
  if (rows.length > 0) return { ok: true };
  const counters = await db.query<{ window_start: Date | string; hits: number }>(
    `select window_start, hits from public.rate_limits
     where action = $1 and (visitor_hash = $2 or visitor_hash = $3) and window_start > $4::timestamptz`,
    [limit.action, visitor, previous, windowStart],
  );
  // The first moment the counters still in their windows add up to less than the limit.
  const ends = counters
    .map((c) => ({ end: new Date(c.window_start).getTime() + limit.windowMs, hits: Number(c.hits) }))
    .sort((a, b) => a.end - b.end);
  let left = ends.reduce((sum, c) => sum + c.hits, 0);
  let at = now.getTime() + limit.windowMs;
  for (const counter of ends) {
    left -= counter.hits;
    if (left < limit.max) {
      at = counter.end;
      break;
    }
  }
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((at - now.getTime()) / 1000)) };
}

/** Gives back a slot taken by takeSlot (the attempt did not count: a success, or a failure of ours). */
export async function releaseSlot(db: Db, limit: RateLimit, visitor: string): Promise<void> {
  await db.query('update public.rate_limits set hits = hits - 1 where action = $1 and visitor_hash = $2 and hits > 0', [
    limit.action,
    visitor,
  ]);
}

/** Deletes counters whose window ended before `before` (the sweep keeps the table small). */
export async function pruneRateLimits(db: Db, before: Date): Promise<void> {
  await db.query('delete from public.rate_limits where window_start < $1::timestamptz', [before.toISOString()]);
}
