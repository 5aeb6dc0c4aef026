// The object-key form of a file name (docs/product.md §5). The original name is kept for display and for
// Content-Disposition; only the key uses this, so it stays plain ASCII that every S3 backend and
// every shell accepts.

const TURKISH_TO_LATIN: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  İ: 'I',
  ö: 'o',
  ş: 's',
  ü: 'u',
  Ç: 'C',
  Ğ: 'G',
  Ö: 'O',
  Ş: 'S',
  Ü: 'U',
};

export function sanitizeFileName(name: string): string {
  const result = name
    // Mapped before NFD: ı and İ have no decomposition that strips to the letter people expect.
    .replace(/[çğıİöşüÇĞÖŞÜ]/g, (ch) => TURKISH_TO_LATIN[ch] ?? ch)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s/gu, '_')
    .replace(/[^A-Za-z0-9_.-]/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return result === '' || result === '.' ? 'file' : result;
}
