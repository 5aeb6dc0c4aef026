// POST /admin/login: checks the credentials from the server's environment, rate limited in the
// database (so the limits hold across hosts and Edge Function instances): per visitor, and across
// all visitors together. Each attempt is reserved before the password is checked, so parallel
// guesses cannot pass a limit together: 30 parallel wrong sign-ins get at most
// ADMIN_LOGIN_MAX_ATTEMPTS password checks, and many addresses together get at most the global cap.
import { issueSession, verifyPassword } from '../admin-auth.ts';
import type { ApiContext } from '../context.ts';
import type { AdminSession } from '../domain/admin-api-types.ts';
import { ADMIN_LOGIN_MAX_ATTEMPTS, ADMIN_LOGIN_WINDOW_MS } from '../domain/constants.ts';
import { HttpError, json, readJson } from '../http.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { visitorOf } from '../visitor.ts';
import { recordEvent } from './share-common.ts';

const FAILED_EVENT = 'admin_login_failed';
const MAX_FIELD_LENGTH = 1024;

export const ADMIN_LOGIN_LIMIT: RateLimit = {
  action: 'admin_login',
  max: ADMIN_LOGIN_MAX_ATTEMPTS,
  windowMs: ADMIN_LOGIN_WINDOW_MS,
};

/** The one counter of the global cap: every visitor's failures count against it. */
const EVERYONE = 'everyone';
const GLOBAL_WINDOW_MS = 60_000;

/**
 * The global cap: at most `limits.adminLoginFailuresPerMinute` failed sign-ins a minute from all
 * addresses together (each costs a PBKDF2 run). When it is full, everyone, the admin included, gets
 * 429 with Retry-After until the minute ends: the right password gets in at most one minute after
 * an attack stops. Keeping it full needs fresh addresses, as each has ADMIN_LOGIN_MAX_ATTEMPTS.
 */
export function adminLoginGlobalLimit(ctx: ApiContext): RateLimit {
  return { action: 'admin_login_all', max: ctx.config.limits.adminLoginFailuresPerMinute, windowMs: GLOBAL_WINDOW_MS };
}

export async function adminLoginHandler(req: Request, ctx: ApiContext): Promise<Response> {
  const body = await readJson(req);
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!username || !password)
    throw new HttpError(400, 'credentials_required', 'Username and password are both required.');
  // PBKDF2 over a megabyte of "password" is work we do not owe anyone.
  if (username.length > MAX_FIELD_LENGTH || password.length > MAX_FIELD_LENGTH)
    throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');

  const visitor = await visitorOf(req, ctx);
  const slot = await takeSlot(ctx.db, ADMIN_LOGIN_LIMIT, visitor, ctx.now());
  if (!slot.ok) {
    throw new HttpError(429, 'rate_limited', 'Too many sign-in attempts. Try again in a few minutes.', {
      retryAfterSeconds: slot.retryAfterSeconds,
    });
  }
  const globalLimit = adminLoginGlobalLimit(ctx);
  const globalSlot = await takeSlot(ctx.db, globalLimit, EVERYONE, ctx.now());
  if (!globalSlot.ok) {
    // Refused before any check: the attempt does not count against this visitor.
    await releaseSlot(ctx.db, ADMIN_LOGIN_LIMIT, visitor);
    throw new HttpError(
      429,
      'sign_in_paused',
      'Too many failed sign-ins on this server. Sign-in is paused for everyone; try again shortly.',
      { retryAfterSeconds: globalSlot.retryAfterSeconds },
    );
  }

  // Both checks always run, so the answer time does not tell whether the username was right.
  const passwordOk = await verifyPassword(password, ctx.config.admin.passwordHash);
  const usernameOk = username === ctx.config.admin.username;
  if (!passwordOk || !usernameOk) {
    await recordEvent(ctx, req, FAILED_EVENT, { username: username.slice(0, 100) });
    throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');
  }
  // Only failures count against the limits.
  await releaseSlot(ctx.db, ADMIN_LOGIN_LIMIT, visitor);
  await releaseSlot(ctx.db, globalLimit, EVERYONE);
  return json<AdminSession>(await issueSession(ctx.db, ctx.config, ctx.now()));
}
