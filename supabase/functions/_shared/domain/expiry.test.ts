import { describe, expect, it } from 'vitest';
import { getExpiryInfo, isExpired, type ExpiryInfo } from './expiry.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants.ts';

const now = new Date('2026-01-10T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('getExpiryInfo', () => {
  it.each<[string, Date | string | null, ExpiryInfo]>([
    ['no date', null, { key: 'never', count: 0, urgent: false }],
    ['unreadable date', 'not a date', { key: 'never', count: 0, urgent: false }],
    ['exactly now', at(0), { key: 'expired', count: 0, urgent: true }],
    ['in the past', at(-5 * DAY_MS), { key: 'expired', count: 0, urgent: true }],
    ['uploaded a minute ago', at(3 * DAY_MS - MINUTE_MS), { key: 'days', count: 3, urgent: false }],
    ['2 days 13 hours', at(2 * DAY_MS + 13 * HOUR_MS), { key: 'days', count: 3, urgent: false }],
    ['2 days 11 hours', at(2 * DAY_MS + 11 * HOUR_MS), { key: 'days', count: 2, urgent: false }],
    ['1 day 13 hours', at(DAY_MS + 13 * HOUR_MS), { key: 'days', count: 2, urgent: false }],
    ['1 day 11 hours', at(DAY_MS + 11 * HOUR_MS), { key: 'days', count: 1, urgent: true }],
    ['exactly 1 day', at(DAY_MS), { key: 'days', count: 1, urgent: true }],
    ['23 hours 59 minutes', at(DAY_MS - MINUTE_MS), { key: 'hours', count: 23, urgent: true }],
    ['5 hours 40 minutes', at(5 * HOUR_MS + 40 * MINUTE_MS), { key: 'hours', count: 6, urgent: true }],
    ['1 hour', at(HOUR_MS), { key: 'hours', count: 1, urgent: true }],
    ['59 minutes 59 seconds', at(HOUR_MS - 1000), { key: 'minutes', count: 59, urgent: true }],
    ['30 seconds', at(30_000), { key: 'minutes', count: 1, urgent: true }],
    ['ISO string, 2 days', at(2 * DAY_MS).toISOString(), { key: 'days', count: 2, urgent: false }],
  ])('%s', (_label, expiresAt, expected) => {
    expect(getExpiryInfo(expiresAt, now)).toEqual(expected);
  });
});

describe('isExpired', () => {
  it.each<[string, Date | string | null, boolean]>([
    ['no date', null, false],
    ['future', at(MINUTE_MS), false],
    ['now', at(0), true],
    ['past', at(-MINUTE_MS), true],
    ['past as ISO string', at(-MINUTE_MS).toISOString(), true],
  ])('%s → %s', (_label, expiresAt, expected) => {
    expect(isExpired(expiresAt, now)).toBe(expected);
  });
});
