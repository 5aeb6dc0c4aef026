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
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-owner-token, x-admin-token, x-share-proof',
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

/** The code of each error answer, for the router's metrics, without reading the answer's body. */
const errorCodes = new WeakMap<Response, ApiErrorCode>();

export function errorResponse(status: number, code: ApiErrorCode, message: string, params?: ApiErrorParams): Response {
  const body: ApiErrorBody = params ? { error: message, code, params } : { error: message, code };
  // A limit's wait is also said the standard way, for clients and proxies that read no body.
  const wait = params?.retryAfterSeconds;
  const response = json<ApiErrorBody>(body, status, typeof wait === 'number' ? { 'Retry-After': String(wait) } : {});
  errorCodes.set(response, code);
  return response;
}

/** The ApiErrorCode an answer made by `errorResponse` carries. */
export function errorCodeOf(response: Response): ApiErrorCode | undefined {
  return errorCodes.get(response);
}

/** The largest JSON body an endpoint reads unless it says otherwise. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'body_too_large', 'The request body is too large.', { maxBytes });

/**
 * Reads a request body as text, counting bytes as they arrive and stopping at `maxBytes` with a
 * 413: a body announced as too large is refused unread, and a chunked one (no length announced)
 * is never held in memory past the limit.
 */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const announced = req.headers.get('content-length');
  if (announced !== null && Number(announced) > maxBytes) {
    await req.body?.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new HttpError(400, 'bad_request', 'The request body could not be read.');
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body is not valid UTF-8 text.');
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Reads a JSON object body, or fails with a 400 (or 413) that says what is wrong. */
export async function readJson(req: Request, maxBytes = DEFAULT_BODY_LIMIT): Promise<Record<string, unknown>> {
  const text = await readBodyText(req, maxBytes);
  if (!text) return {};
  let value: unknown;
  let illFormed = false;
  try {
    // JSON may spell a lone surrogate ("\ud800"), which no database column or header can hold.
    value = JSON.parse(text, (_key, v: unknown) => {
      if (typeof v === 'string' && LONE_SURROGATE.test(v)) illFormed = true;
      return v;
    });
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body is not valid JSON.');
  }
  if (illFormed) throw new HttpError(400, 'bad_request', 'The request body holds text that is not valid Unicode.');
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

/**
 * The caller's address from X-Forwarded-For, where each proxy appends the address it received the
 * request from. The entries on the left are whatever the client chose to send, so the caller is
 * the rightmost entry not added by one of our own `trustedProxies` (TRUST_PROXY): with none, the
 * last entry (the Node host sets it from the socket).
 */
export function clientAddress(req: Request, trustedProxies = 0): string {
  const entries = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - 1 - trustedProxies)] ?? 'unknown';
}
