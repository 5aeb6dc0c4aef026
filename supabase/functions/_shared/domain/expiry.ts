// Time left before a file is deleted, and whether it is urgent (SPEC §4). The page turns
// key + count into translated text such as '2 day(s) left'.
import { URGENT_THRESHOLD_DAYS } from './constants.ts';

export type ExpiryKey = 'never' | 'expired' | 'days' | 'hours' | 'minutes';

export interface ExpiryInfo {
  key: ExpiryKey;
  /** Whole days, hours or minutes left (floored); 0 for 'never' and 'expired'. */
  count: number;
  urgent: boolean;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

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
  const days = Math.floor(remaining / DAY_MS);
  if (days >= 1) return { key: 'days', count: days, urgent: days <= URGENT_THRESHOLD_DAYS };
  const hours = Math.floor(remaining / HOUR_MS);
  if (hours >= 1) return { key: 'hours', count: hours, urgent: true };
  return { key: 'minutes', count: Math.floor(remaining / MINUTE_MS), urgent: true };
}

/** True when the file's expiry lies in the past (or is now): expired means gone. */
export function isExpired(expiresAt: Date | string | null | undefined, now: Date): boolean {
  const time = toTime(expiresAt);
  return time !== null && time <= now.getTime();
}
