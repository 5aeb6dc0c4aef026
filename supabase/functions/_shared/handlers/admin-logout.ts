// POST /admin/logout: ends the session whose token came with the request. The API has verified
// the token before this runs (every /admin/ path but the sign-in needs one).
import { revokeSession, sessionIdOf } from '../admin-auth.ts';
import type { ApiContext } from '../context.ts';
import { ADMIN_TOKEN_HEADER, type AdminLogout } from '../domain/admin-api-types.ts';
import { json } from '../http.ts';

export async function adminLogoutHandler(req: Request, ctx: ApiContext): Promise<Response> {
  const sessionId = sessionIdOf(req.headers.get(ADMIN_TOKEN_HEADER) ?? '');
  if (sessionId) await revokeSession(ctx.db, sessionId);
  return json<AdminLogout>({ loggedOut: true });
}
