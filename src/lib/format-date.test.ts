import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

// Every month, midnight, noon, mornings and evenings, single- and double-digit days.
const dates = Array.from({ length: 12 }, (_, month) => [
  new Date(2026, month, 1, 0, 0),
  new Date(2026, month, 9, 7, 4),
  new Date(2027, month, 15, 12, 0),
  new Date(2026, month, 28, 12, 59),
  new Date(2026, month, 28, 23, 30),
]).flat();

describe('formatDate', () => {
  it.each(['en', 'tr'])('writes a %s date and time as Intl.DateTimeFormat does, in both lengths', (language) => {
    for (const length of ['medium', 'long'] as const) {
      const intl = new Intl.DateTimeFormat(language, { dateStyle: length, timeStyle: 'short' });
      for (const date of dates) expect(formatDate(date, language, length)).toBe(intl.format(date));
    }
  });

  it('reads an ISO string from the API in the reader’s time zone', () => {
    const iso = '2026-11-26T07:04:00.000Z';
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });
    expect(formatDate(iso, 'en', 'long')).toBe(intl.format(new Date(iso)));
  });

  it('writes UTC for a page the host renders, as Intl does with timeZone UTC', () => {
    for (const language of ['en', 'tr']) {
      for (const length of ['medium', 'long'] as const) {
        const intl = new Intl.DateTimeFormat(language, { dateStyle: length, timeStyle: 'short', timeZone: 'UTC' });
        for (const date of dates) expect(formatDate(date, language, length, 'utc')).toBe(intl.format(date));
      }
    }
  });

  it('writes the examples its callers document', () => {
    expect(formatDate(new Date(2026, 10, 26, 7, 4), 'en', 'long')).toBe('November 26, 2026 at 7:04 AM');
    expect(formatDate(new Date(2026, 10, 23, 19, 4), 'en')).toBe('Nov 23, 2026, 7:04 PM');
    expect(formatDate(new Date(2026, 10, 26, 7, 4), 'tr', 'long')).toBe('26 Kasım 2026 07:04');
    expect(formatDate(new Date(2026, 10, 26, 7, 4), 'tr-TR')).toBe('26 Kas 2026 07:04');
  });

  it('leaves an invalid date empty rather than writing "Invalid Date"', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
