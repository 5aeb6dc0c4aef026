// Time left before a file is deleted, and whether it is urgent (docs/product.md §4). The page turns
// key + count into translated text such as '2 day(s) left'.
import { DAY_MS, HOUR_MS, MINUTE_MS, URGENT_THRESHOLD_DAYS } from './constants.ts';

export type ExpiryKey = 'never' | 'expired' | 'days' | 'hours' | 'minutes';

export interface ExpiryInfo {
  key: ExpiryKey;
  /** Days, hours or minutes left, rounded the way a person counts them; 0 for 'never' and 'expired'. */
  count: number;
  urgent: boolean;
}

function toTime(expiresAt: Date | string | null | undefined): number | null {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return null;
  const time = (expiresAt instanceof Date ? expiresAt : new Date(expiresAt)).getTime();
  // An unreadable date is treated like no date rather than as "gone": it is a bug, not an expiry.
  return Number.isNaN(time) ? null : time;
}

export function getExpiryInfo(expiresAt: Date | string | null | undefined, now: Date): ExpiryInfo {
  const time = toTime(expiresAt);
  if (time === null) return { key: 'never', count: 0, urgent: false };
  const remaining = time - now.getTime();
  if (remaining <= 0) return { key: 'expired', count: 0, urgent: true };
  // Rounded to the nearest: a file uploaded a minute ago has '3 days left', not 2 (2 days and 23
  // hours, floored). Within a unit the count stays below the next unit ('23 hours', never '24').
  // Urgent follows what is shown: '1 day left' or less.
  if (remaining >= DAY_MS) {
    const days = Math.round(remaining / DAY_MS);
    return { key: 'days', count: days, urgent: days <= URGENT_THRESHOLD_DAYS };
  }
  if (remaining >= HOUR_MS) return { key: 'hours', count: Math.min(Math.round(remaining / HOUR_MS), 23), urgent: true };
  return { key: 'minutes', count: Math.min(Math.max(Math.round(remaining / MINUTE_MS), 1), 59), urgent: true };
}

/** True when the file's expiry lies in the past (or is now): expired means gone. */
export function isExpired(expiresAt: Date | string | null | undefined, now: Date): boolean {
  const time = toTime(expiresAt);
  return time !== null && time <= now.getTime();
}
