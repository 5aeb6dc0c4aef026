// From the link's key to one file's cipher, by HKDF-SHA-256 (WebCrypto) with a label per use:
//   file key   = HKDF(ikm = transfer key, info = "ulak/e2e/v1/file-key" || 0x00 || file id)
//   AES key    = HKDF(ikm = file key, info = "ulak/e2e/v1/aes-256-gcm"), 32 bytes
//   nonce base = HKDF(ikm = file key, info = "ulak/e2e/v1/nonce-base"), 12 bytes
//   key check  = HKDF(ikm = key, info = "ulak/e2e/v1/key-check"), 16 bytes, stored by the server
// Salts are empty: every input key is 32 uniformly random bytes (or derived from them), which is
// what HKDF's extract step would otherwise have to make. Why the file id and not a random salt
// in a header: docs/encryption.md, "Per-file keys".
import { toBase64Url } from './base64url';
import { E2eError } from './errors';
import { LINK_KEY_SIZE } from './link-key';

const LABEL_FILE_KEY = 'ulak/e2e/v1/file-key';
const LABEL_AES_KEY = 'ulak/e2e/v1/aes-256-gcm';
const LABEL_NONCE_BASE = 'ulak/e2e/v1/nonce-base';
const LABEL_KEY_CHECK = 'ulak/e2e/v1/key-check';

/** A key check value: 16 bytes, so a wrong key matches by chance once in 2^128. */
export const KEY_CHECK_SIZE = 16;

/** AES-GCM nonces: 12 bytes (96 bits), the size GCM uses without hashing the nonce. */
export const NONCE_SIZE = 12;

/** What encrypts and decrypts one file's records. */
export interface FileCipher {
  readonly aesKey: CryptoKey;
  readonly nonceBase: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

function checkKey(key: Uint8Array, what: string): void {
  if (key.length !== LINK_KEY_SIZE) throw new RangeError(`${what} is ${LINK_KEY_SIZE} bytes, not ${key.length}`);
}

/** `length` bytes of HKDF-SHA-256 output from `ikm` for `info`, with an empty salt. */
export async function hkdf(ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number) {
  const base = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: EMPTY, info }, base, length * 8);
  return new Uint8Array(bits);
}

/** The label's bytes, then a zero byte and `context` when there is one. */
export function labelled(label: string, context?: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(context === undefined ? label : `${label}\0${context}`);
}

/**
 * One file's key, from the transfer's key (or the password-bound key, see password.ts) and the
 * file's share id. Files of one transfer get independent keys, and a file key given out alone
 * opens only that file.
 */
export async function deriveFileKey(transferKey: Uint8Array<ArrayBuffer>, fileId: string) {
  checkKey(transferKey, 'A transfer key');
  if (fileId.length === 0) throw new RangeError('A file key needs the file id');
  return hkdf(transferKey, labelled(LABEL_FILE_KEY, fileId), LINK_KEY_SIZE);
}

/** The AES key and nonce base of the file whose key is `fileKey`. */
export async function createFileCipher(fileKey: Uint8Array<ArrayBuffer>): Promise<FileCipher> {
  checkKey(fileKey, 'A file key');
  const [aesBytes, nonceBase] = await Promise.all([
    hkdf(fileKey, labelled(LABEL_AES_KEY), 32),
    hkdf(fileKey, labelled(LABEL_NONCE_BASE), NONCE_SIZE),
  ]);
  const aesKey = await crypto.subtle.importKey('raw', aesBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { aesKey, nonceBase };
}

/**
 * The check value of a 32-byte key, as 22 base64url characters. The server keeps the one of each
 * transfer's key, so a page tells a wrong key ("the link is broken") from a changed file ("the
 * file is damaged") before it decrypts anything. It reveals nothing usable about a random key.
 */
export async function keyCheck(key: Uint8Array<ArrayBuffer>): Promise<string> {
  checkKey(key, 'A key');
  return toBase64Url(await hkdf(key, labelled(LABEL_KEY_CHECK), KEY_CHECK_SIZE));
}

/** Throws E2eError 'wrong-key' unless `key`'s check value is `expected` (a public value: no need to compare in constant time). */
export async function verifyKeyCheck(key: Uint8Array<ArrayBuffer>, expected: string): Promise<void> {
  if ((await keyCheck(key)) !== expected) {
    throw new E2eError('wrong-key', 'The key does not match the check value stored with the file');
  }
}
