// Peer ids on the signalling server. Both kinds are random from the platform's cryptographic source.
import { randomString } from './encoding';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A receive link's peer id: 22 base62 characters, 131 bits. Links travel through chats and mail,
 * so the id must be unguessable for as long as anyone keeps the link, like a UUID's 122 bits.
 */
export const LINK_ID_LENGTH = 22;

/**
 * "Receive with a code": 8 characters of Crockford's base32 (no I, L, O, U), 40 bits, read aloud
 * and typed by hand. It names a page only while that page is open and waiting, so guessing must hit
 * a live code. The signalling server answers one address about 960 guesses an hour (registrations
 * and messages to ids nobody holds, supabase/host/peer/limits.ts): with 1,000 pages waiting at once,
 * a hit takes one address about 130 years on average. And a hit only reaches the Accept screen:
 * the receiver still sees the files and the safety code first.
 */
export const CODE_LENGTH = 8;
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function randomLinkId(): string {
  return randomString(BASE62, LINK_ID_LENGTH);
}

export function isLinkId(value: string): boolean {
  return value.length === LINK_ID_LENGTH && [...value].every((char) => BASE62.includes(char));
}

export function randomCode(): string {
  return randomString(CODE_ALPHABET, CODE_LENGTH);
}

/** 'K3QD-8ZP2': two groups of four are easier to read out and to type. */
export function formatCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A typed code as the peer id it names, or null. Forgiving the way Crockford's base32 is: any
 * case, spaces and dashes ignored, O read as 0 and I or L as 1.
 */
export function parseCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH || ![...code].every((char) => CODE_ALPHABET.includes(char))) return null;
  return code;
}
