// The recipient's decrypting stage: an end-to-end encrypted file's stored records, fetched from
// its presigned GET (whole, or the records behind a plaintext range for a video seek), opened as
// they arrive and cut to the bytes asked for. Every record's place and size follow from the file's
// plaintext size, so each is opened as soon as its last byte arrives, with the final-record flag
// it was sealed with: a range that stops before the file's end opens as well as a whole file.
// DOM-free, so the service worker runs it too. The format: docs/encryption.md.
import { byteReader } from '@/lib/byte-reader';
import { E2eError } from '@/lib/crypto/errors';
import {
  RECORD_SIZE,
  ciphertextSize,
  plaintextSizeOf,
  recordCount,
  recordPlace,
  recordsForPlaintextRange,
} from '@/lib/crypto/format';
import type { FileCipher } from '@/lib/crypto/keys';
import { openRecord, RECORDS_IN_FLIGHT } from '@/lib/crypto/records';
import { ownJoined } from '@/lib/release-buffers';
import { entryName, FileGoneError, type PipelineFile } from './pipeline';

/** A file of an encrypted transfer: `size` is its plaintext size, `cipher` its key (fileCipherOf). */
export interface EncryptedFile extends PipelineFile {
  cipher: FileCipher;
}

export interface DecryptOptions {
  signal?: AbortSignal;
  /** The network; tests give their own. */
  fetch?: typeof fetch;
}

/**
 * Records read ahead, and given as one chunk (default 16, about 1 MiB): each read and each chunk
 * leaves objects that Chromium collects only in a full collection (byte-reader.ts).
 */
export const READ_AHEAD_RECORDS = 16;

/** Which records a stream of stored bytes holds, and which plaintext bytes of them to give. */
interface RecordSpan {
  firstRecord: number;
  endRecord: number;
  start: number;
  end: number;
}

/**
 * Plaintext bytes [start, end) of records [firstRecord, endRecord), from `stored` (those records'
 * stored bytes). The records are read into one buffer (byte-reader.ts): WebCrypto copies what it is
 * given when called, so the buffer takes the next records while up to RECORDS_IN_FLIGHT are opened.
 * The plaintext comes out up to READ_AHEAD_RECORDS records a chunk, each chunk a buffer of its own.
 * Plaintext leaves in order and only once its record is authenticated, so when record k fails
 * nothing of record k or after it comes out. Errors with E2eError 'damaged' (a changed, moved or
 * extended record, or bytes past the last one) or 'truncated' (the bytes stop early), and then
 * stops reading `stored`.
 */
function decryptRecords(
  stored: ReadableStream<Uint8Array>,
  cipher: FileCipher,
  plaintextSize: number,
  { firstRecord, endRecord, start, end }: RecordSpan,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const reader = byteReader(stored, READ_AHEAD_RECORDS * RECORD_SIZE);
  let index = firstRecord;
  const opening: Promise<Uint8Array<ArrayBuffer>>[] = [];

  const readRecord = async () => {
    const place = recordPlace(index, plaintextSize);
    const length = place.ciphertextEnd - place.ciphertextStart;
    const record = await reader.next(length);
    if (record.byteLength < length) {
      throw new E2eError('truncated', `The stored bytes stop inside record ${index} of ${recordCount(plaintextSize)}`);
    }
    const from = Math.max(start, place.plaintextStart) - place.plaintextStart;
    const to = Math.min(end, place.plaintextEnd) - place.plaintextStart;
    // A final record that fails is opened a second time, later (openRecord): it gets its own copy.
    const opened = openRecord(cipher, place.final ? record.slice() : record, index, place.final).then((plaintext) =>
      plaintext.subarray(from, to),
    );
    // Awaited in turn; if the stream is cancelled first, its failure has no one to go to and must
    // not surface as an unhandled rejection.
    opened.catch(() => undefined);
    opening.push(opened);
    index += 1;
  };

  // A read that fails (the bytes stop, the connection drops) is thrown once the records before it are out.
  let readFailed: { error: unknown } | undefined;
  /** Fills `out` with the next records' authenticated plaintext, up to READ_AHEAD_RECORDS; true at the end. */
  const fill = async (out: Uint8Array<ArrayBuffer>[]): Promise<boolean> => {
    while (out.length < READ_AHEAD_RECORDS) {
      while (readFailed === undefined && index < endRecord && opening.length < RECORDS_IN_FLIGHT) {
        await readRecord().catch((error: unknown) => (readFailed = { error }));
      }
      const next = opening.shift();
      if (next === undefined) {
        if (readFailed !== undefined) throw readFailed.error;
        if ((await reader.next(1)).byteLength > 0) {
          throw new E2eError('damaged', `The stored bytes go on past record ${endRecord - 1}`);
        }
        return true;
      }
      const plaintext = await next;
      // A range's first or last record may give none of its bytes.
      if (plaintext.byteLength > 0) out.push(plaintext);
    }
    return false;
  };

  // A failure after some records of a chunk is thrown at the next pull, once they are out.
  let failed: { error: unknown } | undefined;
  const pull = async (controller: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>) => {
    if (failed !== undefined) throw failed.error;
    const out: Uint8Array<ArrayBuffer>[] = [];
    let ended = false;
    try {
      ended = await fill(out);
    } catch (error) {
      if (out.length === 0) throw error;
      failed = { error };
    }
    // One chunk, in a buffer of our own; WebCrypto's are released (release-buffers.ts).
    if (out.length > 0) controller.enqueue(ownJoined(out));
    if (ended) controller.close();
  };

  return new ReadableStream({
    async pull(controller) {
      try {
        await pull(controller);
      } catch (error) {
        void reader.cancel(error).catch(() => undefined);
        throw error;
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The stored object's whole size, from a 206's Content-Range (`bytes a-b/total`) or a 200's Content-Length. */
function storedSizeOf(response: Response): number | null {
  const header =
    response.status === 206
      ? /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]
      : response.headers.get('content-length');
  return header ? Number(header) : null;
}

/** The bucket's answer to a GET of `file`'s stored bytes, after the checks every answer needs. */
async function getStored(file: Omit<EncryptedFile, 'size'>, range: string | null, options: DecryptOptions) {
  const response = await (options.fetch ?? fetch)(file.url, {
    signal: options.signal,
    headers: range ? { range } : undefined,
  });
  if (response.status === 404 || response.status === 403 || response.status === 410) throw new FileGoneError(file);
  // A range that starts past the object's end: the object is shorter than the file's records.
  if (response.status === 416) throw new E2eError('truncated', `${entryName(file)} is shorter than its records`);
  // A bucket that ignores a range from the start sends the whole object: what was asked for.
  const whole = range === null || range === 'bytes=0-';
  if (!(response.status === 206 || (whole && response.status === 200)) || !response.body) {
    throw new Error(`Downloading ${entryName(file)} failed: HTTP ${response.status}`);
  }
  return { response, body: response.body };
}

/**
 * Stored bytes [rangeStart, rangeEnd) of `file` (a Range GET unless that is the whole object), after checking
 * what the bucket says of the object's size: an object shorter than the file's records is
 * 'truncated' and a longer one 'damaged' before a byte is read.
 */
async function fetchStored(file: EncryptedFile, rangeStart: number, rangeEnd: number, options: DecryptOptions) {
  const ranged = rangeStart > 0 || rangeEnd < ciphertextSize(file.size);
  const { response, body } = await getStored(file, ranged ? `bytes=${rangeStart}-${rangeEnd - 1}` : null, options);
  const stored = storedSizeOf(response);
  const expected = ciphertextSize(file.size);
  if (stored !== null && stored !== expected) {
    void body.cancel();
    throw new E2eError(
      stored < expected ? 'truncated' : 'damaged',
      `${entryName(file)} is stored as ${stored} bytes, not the ${expected} its size needs`,
    );
  }
  return body;
}

/**
 * The plaintext of a whole encrypted file, as a stream. Resolves once the bucket has answered and
 * its size matches the file's, so a missing or cut object fails before any plaintext; the stream
 * then errors with 'damaged' or 'truncated' at the first record that fails, and a download that
 * meets such an error must discard what it saved.
 */
export async function decryptedFile(
  file: EncryptedFile,
  options: DecryptOptions = {},
): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
  const stored = await fetchStored(file, 0, ciphertextSize(file.size), options);
  const records = { firstRecord: 0, endRecord: recordCount(file.size), start: 0, end: file.size };
  return decryptRecords(stored, file.cipher, file.size, records);
}

/**
 * Plaintext bytes [start, end) of an encrypted file (an HTTP Range a video player asks for): only
 * the records that hold them are fetched, with a Range GET, and decrypted. An empty range is an
 * empty stream with no fetch. Throws RangeError for a range outside the file.
 */
export async function decryptedRange(
  file: EncryptedFile,
  start: number,
  end: number,
  options: DecryptOptions = {},
): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
  if (start === end && Number.isSafeInteger(start) && start >= 0 && start <= file.size) {
    return new ReadableStream({ start: (controller) => controller.close() });
  }
  const seek = recordsForPlaintextRange(start, end, file.size);
  const stored = await fetchStored(file, seek.ciphertextStart, seek.ciphertextEnd, options);
  const records = { firstRecord: seek.firstRecord, endRecord: seek.endRecord, start, end };
  return decryptRecords(stored, file.cipher, file.size, records);
}

/**
 * The plaintext of a whole encrypted file whose size the caller does not know (a tap on Download
 * before the app is there has only the ticket): the size follows from the stored object's length. A length no file encrypts to is 'damaged' before any plaintext; the records then
 * fail as in decryptedFile (a cut at a record boundary leaves a last record sealed as not final).
 */
export async function decryptedObject(
  file: Omit<EncryptedFile, 'size'>,
  options: DecryptOptions = {},
): Promise<{ size: number; bytes: ReadableStream<Uint8Array<ArrayBuffer>> }> {
  // Asked as a range from the start, so the size comes from Content-Range: a bucket may stream a
  // multipart object without a Content-Length (the embedded one does).
  const { response, body } = await getStored(file, 'bytes=0-', options);
  const stored = storedSizeOf(response);
  const size = stored === null ? null : plaintextSizeOf(stored);
  if (size === null) {
    void body.cancel();
    throw new E2eError(
      'damaged',
      `${entryName(file)} is stored as ${stored ?? 'an unknown number of'} bytes, which no file encrypts to`,
    );
  }
  const records = { firstRecord: 0, endRecord: recordCount(size), start: 0, end: size };
  return { size, bytes: decryptRecords(body, file.cipher, size, records) };
}
