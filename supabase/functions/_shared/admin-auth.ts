// Admin credentials and sessions, checked by the API (never in the browser): a PBKDF2 password
// hash from the server's environment and HMAC-signed, expiring session tokens.
import { ADMIN_SESSION_TTL_SECONDS } from './domain/constants.ts';
import { timingSafeEqual } from './http.ts';

const PBKDF2_ITERATIONS = 210_000; // OWASP's 2023 figure for PBKDF2-HMAC-SHA256
const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** Hash format: `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false;
  const actual = await pbkdf2(password, fromBase64Url(salt), Number(iterations));
  return timingSafeEqual(toBase64Url(actual), hash);
}

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data))));
}

/** A session token: base64url JSON payload, a dot, its HMAC. */
export async function signSession(
  secret: string,
  username: string,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(now.getTime() / 1000) + ADMIN_SESSION_TTL_SECONDS;
  const payload = toBase64Url(encoder.encode(JSON.stringify({ sub: username, role: 'admin', exp })));
  return { token: `${payload}.${await hmac(secret, payload)}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The admin's name when the token is genuine and unexpired, else null. */
export async function verifySession(secret: string, token: string, now: Date): Promise<string | null> {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !timingSafeEqual(await hmac(secret, payload), signature)) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000 > now.getTime() ? claims.sub : null;
  } catch {
    return null;
  }
}
