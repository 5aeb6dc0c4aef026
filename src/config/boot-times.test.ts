// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format-date';
import { LOCAL_TIME_ATTRIBUTE } from './boot-contract';

const bootJs = readFileSync(path.join(import.meta.dirname, '../../public/boot.js'), 'utf8');

// Every month, midnight, noon, mornings and evenings, single- and double-digit days.
const dates = Array.from({ length: 12 }, (_, month) => [
  new Date(2026, month, 1, 0, 0),
  new Date(2026, month, 9, 7, 4),
  new Date(2027, month, 15, 12, 0),
  new Date(2026, month, 28, 23, 30),
]).flat();

/** A page as the host renders it, in `language`, with each date in a <time> of `length`; boot.js run on it. */
function renderedPage(language: string, length: 'medium' | 'long'): HTMLTimeElement[] {
  document.documentElement.lang = language;
  document.body.innerHTML = dates
    .map((date) => `<time datetime="${date.toISOString()}" ${LOCAL_TIME_ATTRIBUTE}="${length}">UTC</time>`)
    .join('');
  new Function(bootJs)();
  document.dispatchEvent(new Event('DOMContentLoaded'));
  return [...document.querySelectorAll('time')];
}

// A reader three hours ahead of the host's UTC (Istanbul has no summer time).
const hostZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Istanbul';
});
afterAll(() => {
  process.env.TZ = hostZone;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('boot.js on a page the host rendered in UTC', () => {
  it('writes the reader’s hour, not the host’s', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<time datetime="2026-11-26T07:04:00.000Z" ${LOCAL_TIME_ATTRIBUTE}="long">UTC</time>`;
    new Function(bootJs)();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.querySelector('time')?.textContent).toBe('November 26, 2026 at 10:04 AM');
  });

  it.each(['en', 'tr'])('writes each %s time in the reader’s zone, as the app writes it', (language) => {
    for (const length of ['medium', 'long'] as const) {
      const times = renderedPage(language, length);
      expect(times.map((time) => time.textContent)).toEqual(dates.map((date) => formatDate(date, language, length)));
    }
  });
});
