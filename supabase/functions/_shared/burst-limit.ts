// A rate that allows a burst, then a steady pace: the generic cell rate algorithm, kept in the
// rate_limits table. Each (action, visitor) row holds one instant in window_start, the time by
// which the visitor's taken slots would be paid off at the steady pace; a slot is free while that
// instant is less than a whole burst ahead of now. Like takeSlot, the check and the record are one
// guarded upsert under the row's lock, so parallel requests cannot pass the limit together; and as
// the instant is never more than a burst ahead, the sweep's pruning of rows a day old is safe.
import type { Db } from './db.ts';
import type { RateLimitResult } from './rate-limit.ts';

export interface BurstLimit {
  /** What is limited, e.g. 'download_ticket'. */
  action: string;
  /** Slots a visitor who has been quiet may take at once. */
  burst: number;
  /** Slots that come back each minute, up to the burst. */
  perMinute: number;
}

/** Takes one slot of `limit` for `visitor` (a salted hash) at `now`, or says when the next is free. */
export async function takeBurstSlot(db: Db, limit: BurstLimit, visitor: string, now: Date): Promise<RateLimitResult> {
  const intervalMs = 60_000 / limit.perMinute;
  const rows = await db.query(
    `insert into public.rate_limits as r (action, visitor_hash, window_start, hits)
     values ($1, $2, $3::timestamptz + $4::double precision * interval '1 millisecond', 1)
     on conflict (action, visitor_hash) do update
       set window_start = greatest(r.window_start, $3::timestamptz) + $4::double precision * interval '1 millisecond'
       where greatest(r.window_start, $3::timestamptz) + $4::double precision * interval '1 millisecond'
             <= $3::timestamptz + $5::double precision * interval '1 millisecond'
     returning 1`,
    [limit.action, visitor, now.toISOString(), intervalMs, limit.burst * intervalMs],
  );
  if (rows.length > 0) return { ok: true };
  const [row] = await db.query<{ window_start: Date | string }>(
    'select window_start from public.rate_limits where action = $1 and visitor_hash = $2',
    [limit.action, visitor],
  );
  const paidOff = row ? new Date(row.window_start).getTime() : now.getTime();
  const freeAt = paidOff + intervalMs - limit.burst * intervalMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}
