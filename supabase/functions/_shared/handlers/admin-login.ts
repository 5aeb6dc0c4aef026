// POST /admin/login: checks the credentials from the server's environment, rate limited per
// visitor in the database (so the limit holds across Edge Function instances too). The attempt is
// reserved before the password is checked, so parallel guesses cannot pass the limit together:
// 30 parallel wrong sign-ins get at most ADMIN_LOGIN_MAX_ATTEMPTS password checks.
import { verifyPassword, signSession } from '../admin-auth.ts';
import type { ApiContext } from '../context.ts';
import type { AdminSession } from '../domain/api-types.ts';
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

export async function adminLoginHandler(req: Request, ctx: ApiContext): Promise<Response> {
  const body = await readJson(req);
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!username || !password)
    throw new HttpError(400, 'credentials_required', 'Username and password are both required.');
  // PBKDF2 over a megabyte of "password" is work we do not owe anyone.
  if (username.length > MAX_FIELD_LENGTH || password.length > MAX_FIELD_LENGTH)
    throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');

  const visitor = await visitorOf(req, ctx.config);
  const slot = await takeSlot(ctx.db, ADMIN_LOGIN_LIMIT, visitor, ctx.now());
  if (!slot.ok) {
    throw new HttpError(429, 'rate_limited', 'Too many sign-in attempts. Try again in a few minutes.', {
      retryAfterSeconds: slot.retryAfterSeconds,
    });
  }

  // Both checks always run, so the answer time does not tell whether the username was right.
  const passwordOk = await verifyPassword(password, ctx.config.admin.passwordHash);
  const usernameOk = username === ctx.config.admin.username;
  if (!passwordOk || !usernameOk) {
    await recordEvent(ctx, req, FAILED_EVENT, { username: username.slice(0, 100) });
    throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');
  }
  // Only failures count against the limit.
  await releaseSlot(ctx.db, ADMIN_LOGIN_LIMIT, visitor);
  return json<AdminSession>(await signSession(ctx.config.sessionSecret, username, ctx.now()));
}
