// Where an upload's bytes live in the bucket. The original name stays in the database and in
// Content-Disposition; the key holds a sanitized, bounded copy of it (docs/product.md §3).
import { truncateKeepingExtension } from '../../domain/file-name.ts';
import { sanitizeFileName } from '../../domain/sanitize-file-name.ts';

/**
 * Longest sanitized name in an object key. Keys stay far below every backend's limit (R2 and S3:
 * 1,024 bytes; the embedded storage: a 255-byte file name per segment, suffixes included), whatever
 * the original name: that one lives in the database and in Content-Disposition.
 */
const MAX_KEY_NAME_BYTES = 120;

/** The object key: uploads/{shareId}/{sanitized name, bounded, extension kept}. */
export function objectKey(shareId: string, name: string): string {
  const safe = truncateKeepingExtension(sanitizeFileName(name), MAX_KEY_NAME_BYTES);
  // '..' is a valid sanitized name but a path segment URL parsers collapse; never use it as a key.
  return `uploads/${shareId}/${/^\.+$/.test(safe) ? 'file' : safe}`;
}
