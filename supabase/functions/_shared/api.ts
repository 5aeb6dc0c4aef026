// The `api` function: one Web-standard handler routing by path. The Deno entry
// (functions/api/index.ts) and the Node host (host/main.ts) both serve exactly this.
import type { ApiContext } from './context.ts';
import { HttpError, corsHeaders, errorResponse, timingSafeEqual } from './http.ts';
import { healthHandler } from './handlers/health.ts';
import { adminLoginHandler } from './handlers/admin-login.ts';
import { shareRoutes } from './handlers/share-routes.ts';
import { sendMail } from './handlers/send-mail.ts';
import { iceServersHandler } from './handlers/ice-servers.ts';

export type RouteHandler = (req: Request, ctx: ApiContext, params: Record<string, string>) => Promise<Response>;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below /functions/v1/api with :name segments. */
  path: string;
  handler: RouteHandler;
  /** Public routes need the anon key; `none` is for health and routes with their own secret. */
  auth: 'anon' | 'none';
}

const API_PREFIX = /^\/(?:functions\/v1\/)?api(?=\/|$)/;

const routes: Route[] = [
  { method: 'GET', path: '/health', handler: healthHandler, auth: 'none' },
  { method: 'POST', path: '/admin/login', handler: adminLoginHandler, auth: 'anon' },
  ...shareRoutes,
  { method: 'POST', path: '/send', handler: sendMail, auth: 'anon' },
  { method: 'GET', path: '/p2p/ice-servers', handler: iceServersHandler, auth: 'anon' },
];

function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const p = a[i] ?? '';
    const v = b[i] ?? '';
    if (p.startsWith(':')) {
      if (!v) return null;
      try {
        params[p.slice(1)] = decodeURIComponent(v);
      } catch {
        return null; // a malformed escape cannot name anything of ours
      }
    } else if (p !== v) return null;
  }
  return params;
}

function hasAnonKey(req: Request, anonKey: string): boolean {
  const apikey = req.headers.get('apikey');
  if (apikey && timingSafeEqual(apikey, anonKey)) return true;
  const bearer = req.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  return !!bearer && timingSafeEqual(bearer, anonKey);
}

export function createApiHandler(ctx: ApiContext): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    const url = new URL(req.url);
    const path = url.pathname.replace(API_PREFIX, '') || '/';
    const candidates = routes
      .map((route) => ({ route, params: match(route.path, path) }))
      .filter((c): c is { route: Route; params: Record<string, string> } => c.params !== null);
    if (candidates.length === 0) return errorResponse(404, 'No such API endpoint.');
    const found = candidates.find((c) => c.route.method === req.method);
    if (!found) return errorResponse(405, 'This method is not allowed here.');
    if (found.route.auth === 'anon' && !hasAnonKey(req, ctx.config.anonKey)) {
      return errorResponse(401, 'Invalid API key');
    }
    try {
      return await found.route.handler(req, ctx, found.params);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message);
      ctx.log.error(
        `${req.method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return errorResponse(500, 'Something went wrong on our side. Please try again.');
    }
  };
}
