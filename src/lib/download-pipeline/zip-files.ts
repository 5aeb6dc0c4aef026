// Download all's zip (client-zip: zip64 past 4 GB), made as it is read: each file is fetched only
// when the zip reaches it, and a file of an encrypted transfer is decrypted on the way in
// (decrypt-file.ts), so the zip holds plaintext and its entries' sizes are the plaintext sizes.
// DOM-free: the page and the service worker (a tap before the app is there) both build it here.
import { makeZip, predictLength } from 'client-zip';
import { isE2eError, type E2eErrorCode } from '@/lib/crypto/errors';
import type { FileCipher } from '@/lib/crypto/keys';
import { byteReader } from '@/lib/byte-reader';
import { decryptedFile } from './decrypt-file';
import { entryName, openFile, type PipelineFile, type PipelineOptions } from './pipeline';

/** A file of the zip: `size` is what it holds for people (the plaintext's, when it has a cipher). */
export interface ZipFile extends PipelineFile {
  /** The file's key, for a file of an encrypted transfer (fileCipherOf); absent for a plain one. */
  cipher?: FileCipher;
}

export interface ZipOptions extends PipelineOptions {
  /** Called with the count of the files' bytes put into the zip so far (plaintext), across every file. */
  onProgress?: (bytesRead: number) => void;
  /** onProgress is called once this many more bytes are in (default: every chunk), and at the end. */
  progressEvery?: number;
}

/**
 * A file of an encrypted transfer whose stored bytes failed: changed ('damaged') or cut short
 * ('truncated'). The page names the file; the zip saved so far must be thrown away.
 */
export class DamagedFileError extends Error {
  override readonly name = 'DamagedFileError';
  constructor(
    readonly file: Pick<PipelineFile, 'name' | 'path'>,
    readonly code: E2eErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`${entryName(file)} is damaged`, options);
  }
}

function named(file: ZipFile, error: unknown): unknown {
  return isE2eError(error, 'damaged') || isE2eError(error, 'truncated')
    ? new DamagedFileError(file, error.code, { cause: error })
    : error;
}

/**
 * A plain file's bytes are read a megabyte at a time (default 1 MiB) into one buffer and given as
 * copies of our own: chunks as the network gives them would leave the browser's buffers, and the
 * objects of many small reads, for a full collection (release-buffers.ts, byte-reader.ts).
 */
const PLAIN_CHUNK_BYTES = 1024 * 1024;

/** The chunks of `bytes`: a decrypted file's as they come (each a buffer of its own already), a plain file's copied. */
async function* chunksOf(bytes: ReadableStream<Uint8Array>, plain: boolean): AsyncGenerator<Uint8Array> {
  if (plain) {
    const reader = byteReader(bytes, PLAIN_CHUNK_BYTES);
    try {
      for (
        let next = await reader.next(PLAIN_CHUNK_BYTES);
        next.byteLength > 0;
        next = await reader.next(PLAIN_CHUNK_BYTES)
      ) {
        yield next.slice();
      }
    } finally {
      // The zip stopped early (cancel, or another file failed): the fetch stops too.
      await reader.cancel().catch(() => undefined);
    }
    return;
  }
  const reader = bytes.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A file's bytes as the zip takes them: counted as they go in, and a failure naming the file. */
async function* entryBytes(file: ZipFile, options: ZipOptions, onBytes: (count: number) => void) {
  try {
    const bytes = file.cipher
      ? await decryptedFile({ ...file, cipher: file.cipher }, options)
      : await openFile(file, options);
    for await (const chunk of chunksOf(bytes, !file.cipher)) {
      onBytes(chunk.byteLength);
      yield chunk;
    }
  } catch (error) {
    throw named(file, error);
  }
}

/** The exact length of the zip of `files` (their entries' names and sizes), before any byte is read. */
export function zipLength(files: Pick<ZipFile, 'name' | 'path' | 'size'>[]): number {
  return Number(predictLength(files.map((file) => ({ name: entryName(file), size: file.size }))));
}

/** A zip of `files`, entries named path/name, each file fetched (and decrypted) when the zip reaches it. */
export function zipFiles(files: ZipFile[], options: ZipOptions = {}): ReadableStream<Uint8Array> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const every = options.progressEvery ?? 0;
  let read = 0;
  let told = 0;
  const onBytes = (count: number) => {
    read += count;
    if (read - told < every && read < total) return;
    told = read;
    options.onProgress?.(read);
  };
  async function* entries() {
    for (const file of files) {
      yield { name: entryName(file), size: file.size, input: entryBytes(file, options, onBytes) };
    }
  }
  return makeZip(entries(), { buffersAreUTF8: true });
}
