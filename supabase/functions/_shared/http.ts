// Small Web-standard HTTP helpers shared by every handler.
import type { ApiErrorBody, ApiErrorCode, ApiErrorParams } from './domain/api-types.ts';

/**
 * An error a handler throws to answer with a status, a code the page translates, and an English
 * sentence a person (or a script's author) can act on.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly params?: ApiErrorParams,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-owner-token, x-admin-token',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/**
 * A JSON answer. Handlers name the contract type it must match (`json<CreatedUpload>(...)`), so an
 * answer cannot grow or lose a field that @domain/api-types does not list.
 */
export function json<T>(body: NoInfer<T>, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...corsHeaders,
      ...headers,
    },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { ...corsHeaders, 'Cache-Control': 'no-store' } });
}

export function errorResponse(status: number, code: ApiErrorCode, message: string, params?: ApiErrorParams): Response {
  const body: ApiErrorBody = params ? { error: message, code, params } : { error: message, code };
  return json<ApiErrorBody>(body, status);
}

/** Reads a JSON object body, or fails with a 400 that says what is wrong. */
export async function readJson(req: Request, maxBytes = 64 * 1024): Promise<Record<string, unknown>> {
  // Refuse by the announced length before reading; check again after, for chunked bodies.
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes)
    throw new HttpError(413, 'body_too_large', 'The request body is too large.');
  const text = await req.text();
  if (text.length > maxBytes) throw new HttpError(413, 'body_too_large', 'The request body is too large.');
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'bad_request', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** Constant-time comparison of two strings (tokens, keys, signatures). */
export function timingSafeEqual(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The caller's address: the first X-Forwarded-For entry (the Node host sets it from the socket). */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  return forwarded?.split(',')[0]?.trim() || 'unknown';
}
