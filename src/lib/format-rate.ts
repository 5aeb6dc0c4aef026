import type { TFunction } from 'i18next';
import { formatBytes } from '@domain/format-bytes';

/**
 * '12.5 MB/s · 2 min left' (in the reader's number format), or null while the upload engine has
 * no estimate yet. Shared by Home's upload card and Transfers.
 */
export function formatRate(
  t: TFunction,
  language: string,
  bytesPerSecond: number | null | undefined,
  etaSeconds: number | null | undefined,
): string | null {
  if (bytesPerSecond === null || bytesPerSecond === undefined || bytesPerSecond <= 0) return null;
  const speed = t('transfers.speed', { speed: formatBytes(bytesPerSecond, language) });
  if (etaSeconds === null || etaSeconds === undefined || !Number.isFinite(etaSeconds)) return speed;
  return `${speed} · ${formatEta(t, etaSeconds)}`;
}

/** Rounded the way a person reads a countdown: seconds under a minute, then minutes, then hours. */
export function formatEta(t: TFunction, etaSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(etaSeconds));
  if (seconds < 60) return t('transfers.etaSeconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('transfers.etaMinutes', { count: minutes });
  return t('transfers.etaHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
