// The record layout of an end-to-end encrypted file, as sizes and byte ranges only (no crypto):
// the ciphertext is a run of records, each AES-256-GCM over a slice of the plaintext plus its
// 16-byte tag, every record but the last exactly RECORD_SIZE bytes. docs/encryption.md has the
// format byte by byte.

import {
  checkSize,
  MAX_PLAINTEXT_SIZE,
  RECORD_PLAINTEXT_SIZE,
  RECORD_SIZE,
  recordCount,
  TAG_SIZE,
} from '@domain/encrypted-size';

export {
  ciphertextSize,
  MAX_PLAINTEXT_SIZE,
  MAX_RECORDS,
  plaintextSizeOf,
  RECORD_PLAINTEXT_SIZE,
  RECORD_SIZE,
  recordCount,
  TAG_SIZE,
} from '@domain/encrypted-size';

/** Where one record lies: its plaintext and ciphertext byte ranges [start, end), and whether it is the last. */
export interface RecordPlace {
  index: number;
  plaintextStart: number;
  plaintextEnd: number;
  ciphertextStart: number;
  ciphertextEnd: number;
  final: boolean;
}

export function recordPlace(index: number, plaintextSize: number): RecordPlace {
  const count = recordCount(plaintextSize);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`Record ${index} is outside a file of ${count} records`);
  }
  const plaintextStart = index * RECORD_PLAINTEXT_SIZE;
  const plaintextEnd = Math.min(plaintextStart + RECORD_PLAINTEXT_SIZE, plaintextSize);
  const ciphertextStart = index * RECORD_SIZE;
  return {
    index,
    plaintextStart,
    plaintextEnd,
    ciphertextStart,
    ciphertextEnd: ciphertextStart + plaintextEnd - plaintextStart + TAG_SIZE,
    final: index === count - 1,
  };
}

/** One upload part of an encrypted file: what to read from the plaintext and what it becomes in the bucket. */
export interface PartPlace {
  /** The index of the part's first record, for encryptRange. */
  firstRecord: number;
  plaintextStart: number;
  plaintextEnd: number;
  ciphertextStart: number;
  ciphertextEnd: number;
  /** The part holds the file's final record, for encryptRange. */
  isLastPart: boolean;
}

/**
 * Part `partNumber` (1-based, as S3 counts) of a file of `plaintextSize` bytes stored in parts of
 * `partSize` ciphertext bytes, the server's part size. `partSize` must be a whole number of
 * records, which every MiB multiple is.
 */
export function partPlace(partNumber: number, partSize: number, plaintextSize: number): PartPlace {
  if (!Number.isSafeInteger(partSize) || partSize <= 0 || partSize % RECORD_SIZE !== 0) {
    throw new RangeError(`A part of an encrypted file holds whole ${RECORD_SIZE}-byte records, not ${partSize} bytes`);
  }
  const recordsPerPart = partSize / RECORD_SIZE;
  const count = recordCount(plaintextSize);
  const partCount = Math.ceil(count / recordsPerPart);
  if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > partCount) {
    throw new RangeError(`Part ${partNumber} is outside a file of ${partCount} parts`);
  }
  const firstRecord = (partNumber - 1) * recordsPerPart;
  const last = recordPlace(Math.min(firstRecord + recordsPerPart, count) - 1, plaintextSize);
  return {
    firstRecord,
    plaintextStart: firstRecord * RECORD_PLAINTEXT_SIZE,
    plaintextEnd: last.plaintextEnd,
    ciphertextStart: firstRecord * RECORD_SIZE,
    ciphertextEnd: last.ciphertextEnd,
    isLastPart: last.final,
  };
}

/** What a seek fetches and decrypts to serve plaintext bytes [start, end). */
export interface SeekPlace {
  /** The first and one past the last record to decrypt. */
  firstRecord: number;
  endRecord: number;
  /** The stored bytes to fetch (an HTTP Range of `bytes=ciphertextStart-(ciphertextEnd - 1)`). */
  ciphertextStart: number;
  ciphertextEnd: number;
  /** Plaintext bytes to drop from the front of the decrypted records. */
  skip: number;
}

/** The records behind plaintext bytes [start, end) of a file of `plaintextSize` bytes (a video seek). */
export function recordsForPlaintextRange(start: number, end: number, plaintextSize: number): SeekPlace {
  checkSize(plaintextSize, 'The plaintext size', MAX_PLAINTEXT_SIZE);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end <= start || end > plaintextSize) {
    throw new RangeError(`Bytes ${start}-${end} are not a range inside a file of ${plaintextSize} bytes`);
  }
  const first = recordPlace(Math.floor(start / RECORD_PLAINTEXT_SIZE), plaintextSize);
  const last = recordPlace(Math.floor((end - 1) / RECORD_PLAINTEXT_SIZE), plaintextSize);
  return {
    firstRecord: first.index,
    endRecord: last.index + 1,
    ciphertextStart: first.ciphertextStart,
    ciphertextEnd: last.ciphertextEnd,
    skip: start - first.plaintextStart,
  };
}
