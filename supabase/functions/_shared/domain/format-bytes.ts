// Human-readable sizes (SPEC §9): base 1024, at most 2 decimals, trailing zeros dropped.
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** `locale` picks the decimal mark ('tr' writes 1,5 KB); English when absent. */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.max(Math.floor(Math.log(bytes) / Math.log(1024)), 0), UNITS.length - 1);
  const value = parseFloat((bytes / 1024 ** i).toFixed(2));
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value)} ${UNITS[i]}`;
}
