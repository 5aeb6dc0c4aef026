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

const SHORT_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for a chart's axis: base 1024 like formatBytes, at most 3 digits ("3.5 MB", "13 MB",
 * "240 KB"), so a label stays as short as the axis is narrow.
 */
export function formatBytesShort(bytes: number, language: string): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SHORT_UNITS.length - 1);
  const value = bytes / 1024 ** i;
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${SHORT_UNITS[i]}`;
}
