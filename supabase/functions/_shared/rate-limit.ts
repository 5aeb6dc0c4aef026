// Rate limits that hold under parallel requests: the check and its record are one statement. Each
// (action, visitor) has one counter row in a fixed window; taking a slot is a guarded upsert that
// PostgreSQL (and PGlite) runs under the row's lock, so 30 parallel requests against 5 slots get
// exactly 5. Take the slot BEFORE the costly or dangerous work (a password check, a mail), and give
// it back when the attempt turned out not to count.
import type { Db } from './db.ts';

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
 * the window is full; the answer says when the window ends.
 */
export async function takeSlot(db: Db, limit: RateLimit, visitor: string, now: Date): Promise<RateLimitResult> {
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const rows = await db.query<{ hits: number }>(
    `insert into public.rate_limits as r (action, visitor_hash, window_start, hits)
     values ($1, $2, $3::timestamptz, 1)
     on conflict (action, visitor_hash) do update
       set window_start = case when r.window_start <= $4::timestamptz then excluded.window_start else r.window_start end,
           hits = case when r.window_start <= $4::timestamptz then 1 else r.hits + 1 end
       where r.window_start <= $4::timestamptz or r.hits < $5
     returning hits`,
    [limit.action, visitor, now.toISOString(), windowStart, limit.max],
  );
  if (rows.length > 0) return { ok: true };
  const [row] = await db.query<{ window_start: Date | string }>(
    'select window_start from public.rate_limits where action = $1 and visitor_hash = $2',
    [limit.action, visitor],
  );
  const ends = row ? new Date(row.window_start).getTime() + limit.windowMs : now.getTime() + limit.windowMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
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
