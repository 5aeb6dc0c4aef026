// Dates and numbers on the admin screens, in the UI's language.
import { formatDate } from '@/lib/format-date';

export function formatDateTime(iso: string | null, language: string): string {
  if (iso === null) return '—';
  return formatDate(iso, language);
}

/** A UTC day (YYYY-MM-DD) as a short date, e.g. "23 Nov". */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}
