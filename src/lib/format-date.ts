import { useTranslation } from 'react-i18next';
import { toLanguage } from '@/lib/i18n';
import { useHydrated } from '@/lib/use-hydrated';

/** 'medium': an upload's date ('Nov 23, 2026, 7:04 AM'); 'long': a deletion date ('November 26, 2026 at 7:04 AM'). */
export type DateLength = 'medium' | 'long';

// Written by hand, as Intl.DateTimeFormat writes them (format-date.test.ts compares the two), for
// the two languages Ulak speaks: a page's first Intl formatter costs 50-100 ms (its locale data),
// and the download page shows its dates in its first render, before anything else needs Intl.
const MONTHS = {
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    medium: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  tr: {
    long: [
      'Ocak',
      'Şubat',
      'Mart',
      'Nisan',
      'Mayıs',
      'Haziran',
      'Temmuz',
      'Ağustos',
      'Eylül',
      'Ekim',
      'Kasım',
      'Aralık',
    ],
    medium: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  },
} as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time the way the reader's language writes it (Turkish: '26 Kasım 2026 07:04'), in the
 * reader's time zone, or in UTC for a page the host renders (it does not know the reader's zone).
 */
export function formatDate(
  value: string | Date,
  language: string,
  length: DateLength = 'medium',
  zone: 'local' | 'utc' = 'local',
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const utc = zone === 'utc';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = twoDigits(utc ? date.getUTCMinutes() : date.getMinutes());
  if (toLanguage(language) === 'tr') {
    return `${day} ${MONTHS.tr[length][month]} ${year} ${twoDigits(hours)}:${minutes}`;
  }
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  const name = MONTHS.en[length][month];
  return length === 'long' ? `${name} ${day}, ${year} at ${time}` : `${name} ${day}, ${year}, ${time}`;
}

/**
 * formatDate in the UI's language, following a language switch. The host's render of a page, and
 * React's takeover of it, write UTC, and say so: both must write the same text. The reader's zone
 * follows the takeover; on a host-rendered page, LocalTime's <time> has it before (public/boot.js).
 */
export function useFormatDate(): (value: string | Date, length?: DateLength) => string {
  const { i18n } = useTranslation();
  const local = useHydrated();
  return (value, length) => {
    if (local) return formatDate(value, i18n.language, length);
    const utc = formatDate(value, i18n.language, length, 'utc');
    return utc && `${utc} UTC`;
  };
}
