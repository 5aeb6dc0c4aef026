// Share ids: SHARE_ID_LENGTH characters of SHARE_ID_ALPHABET from a cryptographic random source.
import { SHARE_ID_ALPHABET, SHARE_ID_LENGTH } from './constants.ts';

export function isShareId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== SHARE_ID_LENGTH) return false;
  for (const ch of value) if (!SHARE_ID_ALPHABET.includes(ch)) return false;
  return true;
}

// Bytes at or above this are thrown away: the largest multiple of the alphabet size below 256,
// so every character is equally likely (byte % 62 alone would favour the first 8 characters).
const ACCEPT_BELOW = 256 - (256 % SHARE_ID_ALPHABET.length);

export function newShareId(): string {
  let id = '';
  const bytes = new Uint8Array(SHARE_ID_LENGTH * 2);
  while (id.length < SHARE_ID_LENGTH) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= ACCEPT_BELOW) continue;
      id += SHARE_ID_ALPHABET[byte % SHARE_ID_ALPHABET.length];
      if (id.length === SHARE_ID_LENGTH) break;
    }
  }
  return id;
}
