// The `api` function: one Web-standard handler that matches a request to a row of the route table
// (routes.ts), checks the row's auth, and maps failures to answers. The Deno entry
// (functions/api/index.ts) and the Node host (host/main.ts) both serve exactly this.
import type { ApiContext } from './context.ts';
import { UNMATCHED_ROUTE } from './api-metrics.ts';
import type { ApiErrorCode } from './domain/api-types.ts';
import { HttpError, corsHeaders, errorCodeOf, errorResponse, timingSafeEqual } from './http.ts';
import { verifySession } from './admin-auth.ts';
import { ADMIN_TOKEN_HEADER } from './domain/admin-api-types.ts';
import type { Route } from './handler-types.ts';
import { ROUTES } from './routes.ts';
import { StorageError } from './storage.ts';
import { isDatabaseDown } from './postgres-db.ts';
import { isDiskFull } from './db.ts';

const API_PREFIX = /^\/(?:functions\/v1\/)?api(?=\/|$)/;

/** Everything under /admin/ but the sign-in itself needs a session, known path or not. */
const ADMIN_AREA = /^\/admin\/(?!login$)/;
const UNAUTHORIZED_MESSAGE = 'Admin session missing, invalid or expired. Please sign in again.';

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

/** An unexpected failure of a service we depend on, as the answer a person can act on (or null). */
function serviceFailure(error: unknown): Response | null {
  if (isDatabaseDown(error)) {
    return errorResponse(
      503,
      'database_unavailable',
      'The database cannot be reached right now. Nothing was lost; please try again in a moment.',
    );
  }
  // The database's disk is as full as the storage's can be: the same answer, nothing written.
  if (isDiskFull(error) || (error instanceof StorageError && error.code === 'full')) {
    return errorResponse(507, 'storage_full', 'The file storage is full. Nothing was lost; please try again later.');
  }
  if (error instanceof StorageError && ['unreachable', 'auth', 'bucket_not_found'].includes(error.code)) {
    return errorResponse(
      503,
      'storage_unavailable',
      'File storage is not available right now. Please try again later or contact the administrator.',
    );
  }
  return null;
}

interface Candidate {
  route: Route;
  params: Record<string, string>;
}

/** The rows whose pattern answers `path`, whichever their method. */
function candidatesFor(path: string): Candidate[] {
  return ROUTES.map((route) => ({ route, params: match(route.path, path) })).filter(
    (c): c is Candidate => c.params !== null,
  );
}

async function answer(req: Request, ctx: ApiContext, path: string, candidates: Candidate[]): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  // The admin area answers 401 before anything else, so a caller without a session learns
  // nothing about which admin paths exist.
  let admin: string | null = null;
  if (ADMIN_AREA.test(path)) {
    if (!hasAnonKey(req, ctx.config.anonKey)) return errorResponse(401, 'invalid_api_key', 'Invalid API key');
    const token = req.headers.get(ADMIN_TOKEN_HEADER) ?? '';
    try {
      admin = (await verifySession(ctx.db, ctx.config, token, ctx.now()))?.username ?? null;
    } catch (error) {
      const failure = serviceFailure(error);
      if (!failure) throw error;
      return failure;
    }
    if (!admin) return errorResponse(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
  }
  if (candidates.length === 0) return errorResponse(404, 'no_such_endpoint', 'No such API endpoint.');
  const found = candidates.find((c) => c.route.method === req.method);
  if (!found) return errorResponse(405, 'method_not_allowed', 'This method is not allowed here.');
  const { route, params } = found;
  if (route.auth !== 'none' && !hasAnonKey(req, ctx.config.anonKey)) {
    return errorResponse(401, 'invalid_api_key', 'Invalid API key');
  }
  try {
    if (route.auth === 'admin') {
      // Only reachable through ADMIN_AREA above, which verified the session.
      if (!admin) return errorResponse(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
      return await route.handler(req, ctx, params, admin);
    }
    return await route.handler(req, ctx, params);
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message, error.params);
    const failure = serviceFailure(error);
    if (failure) {
      ctx.log.warn(`${req.method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return failure;
    }
    ctx.log.error(
      `${req.method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return errorResponse(500, 'internal', 'Something went wrong on our side. Please try again.');
  }
}

export function createApiHandler(ctx: ApiContext): (req: Request) => Promise<Response> {
  return async (req) => {
    const started = performance.now();
    const path = new URL(req.url).pathname.replace(API_PREFIX, '') || '/';
    const candidates = candidatesFor(path);
    const metrics = ctx.metrics;
    if (!metrics) return answer(req, ctx, path, candidates);
    // Recorded under the pattern of the row the path matched (the method's own, else the first),
    // never the path itself, so a caller cannot add label values.
    const route = (candidates.find((c) => c.route.method === req.method) ?? candidates[0])?.route.path;
    const record = (status: number, code: ApiErrorCode | undefined) =>
      metrics.recordRequest({
        method: req.method,
        route: route ?? UNMATCHED_ROUTE,
        status,
        code,
        seconds: (performance.now() - started) / 1000,
      });
    try {
      const response = await answer(req, ctx, path, candidates);
      record(response.status, errorCodeOf(response));
      return response;
    } catch (error) {
      record(500, 'internal');
      throw error;
    }
  };
}
