// Admin credentials and sessions, checked by the API (never in the browser): a PBKDF2 password
// hash from the server's environment, and session tokens that name a row of admin_sessions and are
// signed with a key bound to that password hash. Logout deletes the row (every host on the database
// refuses the token at once); a new password makes every earlier signature wrong.
import type { Db } from './db.ts';
import type { AdminSession } from './domain/admin-api-types.ts';
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

/** What a session's signature is bound to: the server's secret and the admin's name and password hash. */
export interface SessionKeys {
  sessionSecret: string;
  admin: { username: string; passwordHash: string };
}

/** The signing key of one credential set: another username or password hash gives another key. */
function signingKey(keys: SessionKeys): Promise<string> {
  return hmac(keys.sessionSecret, `admin-session\n${keys.admin.username}\n${keys.admin.passwordHash}`);
}

/**
 * A token is `<session id>.<expiry, Unix seconds>.<HMAC of both>`, and nothing else: no padding,
 * no whitespace, no trailing data, so one session has exactly one token.
 */
const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

/** The session id a well-formed token names (its signature unchecked), or null. */
export function sessionIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Starts a session: its row, and the token that names it. Expired rows of others go at the same time. */
export async function issueSession(db: Db, keys: SessionKeys, now: Date): Promise<AdminSession> {
  const id = crypto.randomUUID();
  const exp = Math.floor(now.getTime() / 1000) + ADMIN_SESSION_TTL_SECONDS;
  const expiresAt = new Date(exp * 1000).toISOString();
  await db.query('delete from public.admin_sessions where expires_at <= $1::timestamptz', [now.toISOString()]);
  await db.query(
    'insert into public.admin_sessions (id, username, created_at, expires_at) values ($1, $2, $3::timestamptz, $4::timestamptz)',
    [id, keys.admin.username, now.toISOString(), expiresAt],
  );
  const signed = `${id}.${exp}`;
  return { token: `${signed}.${await hmac(await signingKey(keys), signed)}`, expiresAt };
}

/**
 * The admin's name and session id when the token is well formed, signed under the current
 * credentials, unexpired and not logged out; else null.
 */
export async function verifySession(
  db: Db,
  keys: SessionKeys,
  token: string,
  now: Date,
): Promise<{ username: string; sessionId: string } | null> {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, sessionId = '', exp = '', signature = ''] = parts;
  if (!timingSafeEqual(await hmac(await signingKey(keys), `${sessionId}.${exp}`), signature)) return null;
  if (Number(exp) * 1000 <= now.getTime()) return null;
  const [row] = await db.query<{ username: string }>(
    'select username from public.admin_sessions where id = $1 and expires_at > $2::timestamptz',
    [sessionId, now.toISOString()],
  );
  return row && row.username === keys.admin.username ? { username: row.username, sessionId } : null;
}

/** Ends a session: its token is refused from now on, by every host on this database. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('delete from public.admin_sessions where id = $1', [sessionId]);
}
