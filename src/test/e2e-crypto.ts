// Helpers for the end-to-end encryption tests: plaintext of a given size, streams of it, and a
// whole-file encrypt/decrypt built from the same functions the app uses: the decrypting is the
// recipient's download (decrypt-file.ts), its stored bytes answered from memory.
import { expect } from 'vitest';
import { createFileCipher, deriveFileKey, type FileCipher } from '@/lib/crypto/keys';
import { encryptRange } from '@/lib/crypto/records';
import { decryptedFile, decryptedObject } from '@/lib/download-pipeline/decrypt-file';

/** Random plaintext (getRandomValues fills at most 64 KiB a call). */
export function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  return bytes;
}

/** The same plaintext every run, for known-answer vectors: byte i is (i * 131 + (i >> 16)) mod 256. */
export function patternBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + (i >>> 16)) & 0xff;
  return bytes;
}

/** The cipher of file `fileId` under a key that is `fill` repeated (fixed keys for fixed vectors). */
export async function testCipher(fileId = 'AbCd1234', fill = 7): Promise<FileCipher> {
  return createFileCipher(await deriveFileKey(new Uint8Array(32).fill(fill), fileId));
}

/** `bytes` as a stream of `chunkSize`-byte chunks, as a fetch body delivers them. */
export function streamOf(bytes: Uint8Array, chunkSize = 16_384): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunkSize));
      at += chunkSize;
    },
  });
}

/** Everything a stream gives, in one array. */
export async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A whole file's stored bytes: one encryptRange over all of it. */
export function encryptWhole(cipher: FileCipher, plaintext: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return encryptRange(cipher, plaintext, 0, true);
}

/**
 * A fetch that answers every GET with `stored`, as the bucket does: a Range with a 206 and its
 * Content-Range (a 416 when it starts past the end), anything else with a 200; the body in
 * `chunkSize`-byte chunks.
 */
export function storedFetch(stored: Uint8Array, chunkSize?: number): typeof fetch {
  return (_input, init) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(new Headers(init?.headers).get('range') ?? '');
    if (range === null) {
      const headers = { 'content-length': String(stored.length) };
      return Promise.resolve(new Response(streamOf(stored, chunkSize), { status: 200, headers }));
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]) + 1, stored.length) : stored.length;
    if (start >= stored.length) return Promise.resolve(new Response(null, { status: 416 }));
    const headers = { 'content-range': `bytes ${start}-${end - 1}/${stored.length}` };
    return Promise.resolve(new Response(streamOf(stored.subarray(start, end), chunkSize), { status: 206, headers }));
  };
}

/**
 * The plaintext stream of a file stored as `stored`, as the recipient's download opens it: with the
 * file's size from its metadata (`plaintextSize`), or, without, from the stored object's length.
 */
export async function decryptingStream(
  cipher: FileCipher,
  stored: Uint8Array,
  { plaintextSize, chunkSize }: { plaintextSize?: number; chunkSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const file = { url: 'https://bucket.invalid/f.bin', name: 'f.bin', path: '', cipher };
  const fetch = storedFetch(stored, chunkSize);
  if (plaintextSize === undefined) return (await decryptedObject(file, { fetch })).bytes;
  return decryptedFile({ ...file, size: plaintextSize }, { fetch });
}

/** The whole plaintext of a file stored as `stored` (see decryptingStream). */
export async function decryptWhole(
  cipher: FileCipher,
  stored: Uint8Array,
  options?: { plaintextSize?: number; chunkSize?: number },
): Promise<Uint8Array> {
  return collect(await decryptingStream(cipher, stored, options));
}

/**
 * Asserts two byte strings are equal, fast (toEqual walks a typed array element by element,
 * seconds for a few MiB), reporting the lengths and the first differing byte when they are not.
 */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  let firstDifference = -1;
  const common = Math.min(actual.length, expected.length);
  for (let i = 0; i < common && firstDifference < 0; i++) if (actual[i] !== expected[i]) firstDifference = i;
  if (firstDifference < 0 && actual.length !== expected.length) firstDifference = common;
  expect({ length: actual.length, firstDifference }).toEqual({ length: expected.length, firstDifference: -1 });
}
