// Human-readable sizes (docs/product.md §9): base 1024, at most 2 decimals, trailing zeros dropped.
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * The languages Ulak speaks that write a decimal comma. Not Intl.NumberFormat: a page's first Intl
 * formatter costs 50-100 ms (its locale data), and the first screens show sizes before anything
 * else needs Intl.
 */
const DECIMAL_COMMA = new Set(['tr']);

/** Below 1 KB a size is a count of bytes, said in the reader's words (docs/glossary.md). */
const ENGLISH_BYTES = { one: 'byte', other: 'bytes' };
const BYTE_WORDS: Record<string, { one: string; other: string }> = {
  en: ENGLISH_BYTES,
  tr: { one: 'bayt', other: 'bayt' },
};

/** `locale` picks the decimal mark and the word for bytes ('tr': 1,5 KB, 740 bayt); English when absent. */
export function formatBytes(bytes: number, locale = 'en'): string {
  const language = locale.split('-')[0] ?? '';
  const count = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (count < 1024) {
    const words = BYTE_WORDS[language] ?? ENGLISH_BYTES;
    return `${count} ${count === 1 ? words.one : words.other}`;
  }
  const i = Math.min(Math.floor(Math.log(count) / Math.log(1024)), UNITS.length);
  const value = String(parseFloat((count / 1024 ** i).toFixed(2)));
  const mark = DECIMAL_COMMA.has(language) ? ',' : '.';
  return `${value.replace('.', mark)} ${UNITS[i - 1]}`;
}
