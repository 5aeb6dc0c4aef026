// The transfer key as it travels: in the link's fragment (`/s/{id}#{key}`), which browsers never
// send to a server. 32 random bytes, written as 43 base64url characters.
import { fromBase64Url, toBase64Url } from './base64url';
import { E2eError } from './errors';

/** A transfer key: 32 bytes (256 bits), AES-256's key size, drawn from the platform's random source. */
export const LINK_KEY_SIZE = 32;

/** Characters of a key in a link: 43, the unpadded base64url length of 32 bytes. */
export const LINK_KEY_LENGTH = Math.ceil((LINK_KEY_SIZE * 8) / 6);

const BASE64URL_CHARS = /^[A-Za-z0-9_-]*$/;

export function newLinkKey(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(LINK_KEY_SIZE));
}

/** The fragment for `key`, without the '#'. */
export function linkKeyToFragment(key: Uint8Array): string {
  if (key.length !== LINK_KEY_SIZE) throw new RangeError(`A link key is ${LINK_KEY_SIZE} bytes, not ${key.length}`);
  return toBase64Url(key);
}

/**
 * The key in a link's fragment (`location.hash`, with or without its '#'). Throws E2eError
 * 'link-incomplete' when there is no key or only its start (a link cut off when it was pasted),
 * 'link-malformed' for anything else that is not exactly one key.
 */
export function linkKeyFromFragment(fragment: string): Uint8Array<ArrayBuffer> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text.length < LINK_KEY_LENGTH && BASE64URL_CHARS.test(text)) {
    throw new E2eError('link-incomplete', `The link's key has ${text.length} of its ${LINK_KEY_LENGTH} characters`);
  }
  const key = text.length === LINK_KEY_LENGTH ? fromBase64Url(text) : null;
  if (!key) throw new E2eError('link-malformed', `The link's fragment is not a ${LINK_KEY_LENGTH}-character key`);
  return key;
}
