// The sizes of an end-to-end encrypted file: how many bytes the bucket holds for a plaintext size
// and back. Shared by the API (which checks an encrypted upload's stored size and shows people the
// plaintext size) and the browser's crypto (src/lib/crypto/format.ts re-exports it); the format is
// in docs/encryption.md.

/**
 * Ciphertext bytes in every record but the last: 64 KiB. Counted on the ciphertext side (as Send's
 * record size and Tink's segment size are) so that every part the server plans for the bucket, a
 * whole number of MiB, is a whole number of records: re-encrypting one part needs no neighbour.
 */
export const RECORD_SIZE = 64 * 1024;

/** The AES-GCM tag closing each record: 16 bytes, the full tag (shorter tags weaken forgery bounds). */
export const TAG_SIZE = 16;

/** Plaintext bytes in every record but the last: 65,520. */
export const RECORD_PLAINTEXT_SIZE = RECORD_SIZE - TAG_SIZE;

/**
 * At most 2^32 records in one file (about 256 TiB, far above any size we take): the record index
 * then fits the nonce's counter with room to spare, and one key never seals more than 2^44 AES
 * blocks, well inside AES-GCM's limits for a key.
 */
export const MAX_RECORDS = 2 ** 32;

/** The largest plaintext one encrypted file can hold. */
export const MAX_PLAINTEXT_SIZE = MAX_RECORDS * RECORD_PLAINTEXT_SIZE;

export function checkSize(size: number, what: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(size) || size < 0 || size > max) {
    throw new RangeError(`${what} must be a whole number of bytes from 0 to ${max}, not ${size}`);
  }
}

/** Records in a file of `plaintextSize` bytes: an empty file still has one (empty, final) record. */
export function recordCount(plaintextSize: number): number {
  checkSize(plaintextSize, 'The plaintext size', MAX_PLAINTEXT_SIZE);
  return Math.max(1, Math.ceil(plaintextSize / RECORD_PLAINTEXT_SIZE));
}

/** Bytes stored for a file of `plaintextSize` bytes: the plaintext plus one tag per record. */
export function ciphertextSize(plaintextSize: number): number {
  return plaintextSize + TAG_SIZE * recordCount(plaintextSize);
}

/**
 * The plaintext size behind `size` stored bytes, or null when no file encrypts to that size
 * (a last record shorter than its tag, or an empty last record after full ones).
 */
export function plaintextSizeOf(size: number): number | null {
  if (!Number.isSafeInteger(size) || size < TAG_SIZE) return null;
  if (size === TAG_SIZE) return 0;
  const fullRecords = Math.floor(size / RECORD_SIZE);
  const rest = size % RECORD_SIZE;
  if (rest !== 0 && rest <= TAG_SIZE) return null;
  const plaintext = fullRecords * RECORD_PLAINTEXT_SIZE + (rest === 0 ? 0 : rest - TAG_SIZE);
  return plaintext <= MAX_PLAINTEXT_SIZE ? plaintext : null;
}
