// POST /admin/login: checks the credentials from the server's environment, rate limited per
// visitor through system_logs (so the limit holds across Edge Function instances too).
import { verifyPassword, signSession } from '../admin-auth.ts';
import type { ApiContext } from '../context.ts';
import type { AdminSession } from '../domain/api-types.ts';
import { ADMIN_LOGIN_MAX_ATTEMPTS, ADMIN_LOGIN_WINDOW_MS } from '../domain/constants.ts';
import { HttpError, clientAddress, json, readJson } from '../http.ts';
import { visitorHash } from '../visitor.ts';

const FAILED_EVENT = 'admin_login_failed';

export async function adminLoginHandler(req: Request, ctx: ApiContext): Promise<Response> {
  const body = await readJson(req);
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!username || !password)
    throw new HttpError(400, 'credentials_required', 'Username and password are both required.');

  const visitor = await visitorHash(ctx.config.ipHashSalt, clientAddress(req));
  const since = new Date(ctx.now().getTime() - ADMIN_LOGIN_WINDOW_MS).toISOString();
  const [recent] = await ctx.db.query<{ failures: number }>(
    `select count(*)::int as failures from public.system_logs
      where event_type = $1 and visitor_hash = $2 and created_at > $3`,
    [FAILED_EVENT, visitor, since],
  );
  if ((recent?.failures ?? 0) >= ADMIN_LOGIN_MAX_ATTEMPTS) {
    throw new HttpError(429, 'rate_limited', 'Too many sign-in attempts. Try again in a few minutes.');
  }

  // Both checks always run, so the answer time does not tell whether the username was right.
  const passwordOk = await verifyPassword(password, ctx.config.admin.passwordHash);
  const usernameOk = username === ctx.config.admin.username;
  if (!passwordOk || !usernameOk) {
    await ctx.db.query(
      `insert into public.system_logs (event_type, event_data, visitor_hash, user_agent, created_at)
       values ($1, $2, $3, $4, $5)`,
      [FAILED_EVENT, JSON.stringify({ username }), visitor, req.headers.get('user-agent'), ctx.now().toISOString()],
    );
    throw new HttpError(401, 'invalid_credentials', 'Invalid username or password');
  }
  return json<AdminSession>(await signSession(ctx.config.sessionSecret, username, ctx.now()));
}
