// The owner token: proof that a request comes from the device that uploaded a file (docs/security.md).
// The device keeps the token; the server keeps only its SHA-256, so a database leak reveals no token.
import { timingSafeEqual } from './http.ts';

const TOKEN_BYTES = 32;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh random token: 32 bytes, base64url (43 characters). */
export function newOwnerToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

/** Lower-case hex SHA-256 of the token, as stored in files.owner_token_hash. */
export async function hashOwnerToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time check of a presented token against the stored hash. */
export async function ownerTokenMatches(token: string | null | undefined, storedHash: string): Promise<boolean> {
  if (!token) return false;
  return timingSafeEqual(await hashOwnerToken(token), storedHash);
}
