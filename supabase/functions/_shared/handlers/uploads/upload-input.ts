// What a caller sends to the upload endpoints, checked before anything is stored or signed: the
// file announced at create, the part numbers to sign, and the parts to join at complete.
import { MAX_PARTS_PER_SIGN_REQUEST } from '../../domain/api-types.ts';
import { plaintextSizeOf, RECORD_SIZE, TAG_SIZE } from '../../domain/encrypted-size.ts';
import { hasControlCharacters, neutralizeBidi } from '../../domain/file-name.ts';
import { isUuid } from '../../domain/validation.ts';
import { HttpError } from '../../http.ts';

/** Longest file name a person may announce, in characters. */
const MAX_NAME_LENGTH = 255;
/** Longest MIME type, in characters; it becomes the object's Content-Type header. */
const MAX_TYPE_LENGTH = 255;
/** Longest ETag accepted at complete: room to spare over S3's and R2's (at most 40 characters). */
const MAX_ETAG_LENGTH = 200;
const DEFAULT_TYPE = 'application/octet-stream';

/** The file an upload announces at create. */
export interface AnnouncedFile {
  name: string;
  size: number;
  type: string;
}

/** A part the browser finished, as it lists it at complete. */
export interface FinishedPartInput {
  partNumber: number;
  etag: string;
}

/**
 * POST /uploads' `uploadKey`: the sender's name (a UUID) for the file within its transfer, so that
 * the create may be repeated; null when absent. Only a file of a transfer has one.
 */
export function parseUploadKey(value: unknown, inTransfer: boolean): string | null {
  if (value === undefined || value === null) return null;
  if (!isUuid(value)) {
    throw new HttpError(400, 'bad_request', 'uploadKey must be a UUID.');
  }
  if (!inTransfer)
    throw new HttpError(400, 'bad_request', 'uploadKey names a file of a transfer: send it with the transfer.');
  return value.toLowerCase();
}

export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** The name, size and type of POST /uploads, each refused with its own code when wrong. */
export function parseAnnouncedFile(body: Record<string, unknown>): AnnouncedFile {
  const given = typeof body.name === 'string' ? body.name : '';
  if (hasControlCharacters(given)) {
    throw new HttpError(400, 'name_invalid', 'File names may not contain control characters (such as line breaks).');
  }
  // Bidirectional controls only disguise a name (invoice\u202Egpj.exe shows as "invoiceexe.jpg").
  const name = neutralizeBidi(given).trim();
  if (!name) throw new HttpError(400, 'name_required', 'File name is required');
  if (name.length > MAX_NAME_LENGTH)
    throw new HttpError(400, 'name_too_long', `File name must be at most ${MAX_NAME_LENGTH} characters.`, {
      max: MAX_NAME_LENGTH,
    });
  const size = body.size;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw new HttpError(400, 'invalid_size', 'File size must be a whole number of bytes, zero or more');
  }
  if (body.type !== undefined && body.type !== null && typeof body.type !== 'string') {
    throw new HttpError(400, 'invalid_type', 'File type must be a text such as "text/plain".');
  }
  const type = (body.type ?? '').trim() || DEFAULT_TYPE;
  if (type.length > MAX_TYPE_LENGTH)
    throw new HttpError(400, 'invalid_type', `File type must be at most ${MAX_TYPE_LENGTH} characters.`);
  // It becomes the object's Content-Type header: printable ASCII only.
  if (!/^[\x20-\x7e]+$/.test(type))
    throw new HttpError(400, 'invalid_type', 'File type must be a MIME type such as "text/plain".');
  return { name, size, type };
}

/**
 * The plaintext size behind the stored size an encrypted file announces, or 400 when no file
 * encrypts to that size (docs/encryption.md: the stored size is the plaintext plus 16 bytes a record).
 */
export function encryptedFileSize(storedSize: number): number {
  const plaintext = plaintextSizeOf(storedSize);
  if (plaintext !== null) return plaintext;
  throw new HttpError(
    400,
    'invalid_size',
    `No encrypted file stores ${storedSize} bytes: give the stored size, the plaintext plus ${TAG_SIZE} bytes per record of ${RECORD_SIZE}.`,
  );
}

/** The part numbers of POST /uploads/{id}/parts: whole numbers, at most a batch's worth. */
export function parsePartNumbers(body: Record<string, unknown>): number[] {
  const numbers = body.partNumbers;
  if (!Array.isArray(numbers) || numbers.length === 0) {
    throw new HttpError(400, 'bad_request', 'partNumbers must be a non-empty list of part numbers.');
  }
  if (numbers.length > MAX_PARTS_PER_SIGN_REQUEST) {
    throw new HttpError(400, 'too_many_parts', `Ask for at most ${MAX_PARTS_PER_SIGN_REQUEST} parts per call.`, {
      max: MAX_PARTS_PER_SIGN_REQUEST,
    });
  }
  if (!numbers.every(isWholeNumber)) throw new HttpError(400, 'bad_request', 'partNumbers must be whole numbers.');
  return numbers;
}

/** The parts of POST /uploads/{id}/complete: each a whole part number and a bounded ETag. */
export function parseFinishedParts(body: Record<string, unknown>): FinishedPartInput[] {
  const parts = body.parts;
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new HttpError(400, 'bad_request', 'parts must be a non-empty list of { partNumber, etag }.');
  }
  return parts.map((p: unknown) => {
    const part = (typeof p === 'object' && p !== null ? p : {}) as Record<string, unknown>;
    if (!isWholeNumber(part.partNumber))
      throw new HttpError(400, 'bad_request', 'Every part needs a whole-number partNumber.');
    const etag = part.etag;
    if (typeof etag !== 'string' || !etag.trim() || etag.length > MAX_ETAG_LENGTH) {
      throw new HttpError(
        400,
        'bad_request',
        `Part ${part.partNumber} needs its ETag (a text of at most ${MAX_ETAG_LENGTH} characters).`,
      );
    }
    return { partNumber: part.partNumber, etag: etag.trim() };
  });
}

/** Refuses a part number outside the upload's plan of `partCount` parts. */
export function requireInPlan(partNumber: number, partCount: number): void {
  if (partNumber < 1 || partNumber > partCount) {
    throw new HttpError(
      400,
      'invalid_parts',
      `Part ${partNumber} does not exist: this upload has parts 1 to ${partCount}.`,
    );
  }
}

/** The parts to join, one ETag per part number, every part of the plan present. */
export function partsToJoin(parts: FinishedPartInput[], partCount: number): FinishedPartInput[] {
  const byNumber = new Map<number, string>();
  for (const part of parts) {
    requireInPlan(part.partNumber, partCount);
    const seen = byNumber.get(part.partNumber);
    if (seen !== undefined && seen !== part.etag)
      throw new HttpError(400, 'invalid_parts', `Part ${part.partNumber} is listed twice.`);
    byNumber.set(part.partNumber, part.etag);
  }
  for (let n = 1; n <= partCount; n++) {
    if (!byNumber.has(n)) throw new HttpError(400, 'invalid_parts', `The upload is missing part ${n}.`, { part: n });
  }
  return [...byNumber].map(([partNumber, etag]) => ({ partNumber, etag }));
}
