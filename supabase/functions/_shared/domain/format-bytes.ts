// Human-readable sizes (docs/product.md §9): base 1024, at most 2 decimals, trailing zeros dropped.
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * The languages Ulak speaks that write a decimal comma. Not Intl.NumberFormat: a page's first Intl
 * formatter costs 50-100 ms (its locale data), and the first screens show sizes before anything
 * else needs Intl.
 */
const DECIMAL_COMMA = new Set(['tr']);

/** `locale` picks the decimal mark ('tr' writes 1,5 KB); English when absent. */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.max(Math.floor(Math.log(bytes) / Math.log(1024)), 0), UNITS.length - 1);
  const value = String(parseFloat((bytes / 1024 ** i).toFixed(2)));
  const mark = DECIMAL_COMMA.has(locale.split('-')[0] ?? '') ? ',' : '.';
  return `${value.replace('.', mark)} ${UNITS[i]}`;
}
