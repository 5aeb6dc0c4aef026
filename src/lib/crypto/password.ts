// The optional password. A slow key from the password (PBKDF2-SHA-256 in WebCrypto) is mixed with
// the link's key; the files are then encrypted under the mix, and the server keeps a verifier:
//   password key = PBKDF2-SHA-256(NFC(password), salt, PASSWORD_ITERATIONS), 32 bytes
//   bound key    = HKDF(ikm = link key || password key, info = "ulak/e2e/v1/password-bound-key")
//   verifier     = HMAC-SHA-256(HKDF(ikm = link key || password key, info = "ulak/e2e/v1/password-verifier"),
//                               "ulak/e2e/v1/password-verifier")
// The verifier needs the link's key as well as the password, so the server (or whoever reads its
// database) cannot test passwords against it; someone with the link must ask the server, which
// counts the attempts. The bound key replaces the link's key in deriveFileKey: without the
// password the link opens nothing, whatever the server hands out.
import { toBase64Url } from './base64url';
import { E2eError } from './errors';
import { hkdf, labelled } from './keys';
import { PASSWORD_ITERATIONS } from '@domain/share-access-types';
import { LINK_KEY_SIZE } from './link-key';

// The rounds are part of the API's contract too (GET /shares/{id} names them), so they live there.
export { PASSWORD_ITERATIONS } from '@domain/share-access-types';

/** Random salt per transfer: 16 bytes, so no two transfers share the work of a guess. */
export const PASSWORD_SALT_SIZE = 16;

/** Longest password taken: 256 characters, far beyond any typed one, so a paste cannot stall the KDF. */
export const MAX_PASSWORD_LENGTH = 256;

const LABEL_BOUND_KEY = 'ulak/e2e/v1/password-bound-key';
const LABEL_VERIFIER = 'ulak/e2e/v1/password-verifier';

const encoder = new TextEncoder();

export function newPasswordSalt(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(PASSWORD_SALT_SIZE));
}

/**
 * The slow key of `password` (NFC-normalised, so the same password typed on two systems agrees).
 * Throws E2eError 'password-invalid' for an empty or over-long password.
 */
export async function derivePasswordKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const normalised = password.normalize('NFC');
  if (normalised.length === 0 || normalised.length > MAX_PASSWORD_LENGTH) {
    throw new E2eError('password-invalid', `A password has 1 to ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (salt.length !== PASSWORD_SALT_SIZE) throw new RangeError(`A password salt is ${PASSWORD_SALT_SIZE} bytes`);
  const base = await crypto.subtle.importKey('raw', encoder.encode(normalised), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: PASSWORD_ITERATIONS },
    base,
    256,
  );
  return new Uint8Array(bits);
}

function joined(linkKey: Uint8Array<ArrayBuffer>, passwordKey: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  if (linkKey.length !== LINK_KEY_SIZE || passwordKey.length !== LINK_KEY_SIZE) {
    throw new RangeError(`The link key and the password key are ${LINK_KEY_SIZE} bytes each`);
  }
  const both = new Uint8Array(2 * LINK_KEY_SIZE);
  both.set(linkKey);
  both.set(passwordKey, LINK_KEY_SIZE);
  return both;
}

/** The key files are encrypted under when the transfer has a password (in place of the link's key). */
export async function bindPassword(linkKey: Uint8Array<ArrayBuffer>, passwordKey: Uint8Array<ArrayBuffer>) {
  return hkdf(joined(linkKey, passwordKey), labelled(LABEL_BOUND_KEY), LINK_KEY_SIZE);
}

/**
 * What the server stores (with the salt) and what a visitor sends as proof: 43 base64url
 * characters. The server compares in constant time and counts failures per share and visitor.
 */
export async function passwordVerifier(
  linkKey: Uint8Array<ArrayBuffer>,
  passwordKey: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const macKey = await hkdf(joined(linkKey, passwordKey), labelled(LABEL_VERIFIER), 32);
  const key = await crypto.subtle.importKey('raw', macKey, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, labelled(LABEL_VERIFIER))));
}
