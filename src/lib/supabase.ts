// The one door to the backend. Every call goes to the Edge API (`/functions/v1/api/...`); the
// browser never talks to tables or to the bucket with keys of its own (DESIGN §1, §3).
// This module is also imported by the service worker, so it must stay free of DOM APIs.
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { version } from '../../package.json';
import { env } from '@/config/env';

/** Names this client to the backend (SPEC §7: every request carries it). */
export const CLIENT_INFO = `ulak-file-sharing/${version}`;

export const NETWORK_ERROR_MESSAGE = 'Network connection failed. Please check your internet connection and try again.';

/** Base URL of the API; `${apiUrl}/health` and so on. */
export const apiUrl = `${env.supabaseUrl}/functions/v1/api`;

/** Headers every API request carries; for code that must call `fetch` itself. */
export const apiHeaders: Readonly<Record<string, string>> = Object.freeze({
  apikey: env.supabaseAnonKey,
  Authorization: `Bearer ${env.supabaseAnonKey}`,
  'x-client-info': CLIENT_INFO,
});

let client: SupabaseClient | undefined;

/**
 * The supabase-js client, made on first use: creating it opens realtime plumbing that Node 20
 * and the service worker do without, and bundles that never call this drop supabase-js.
 * No persisted session and no token refresh (SPEC §4 Start-up): the app has no user sign-in.
 */
export function getSupabase(): SupabaseClient {
  client ??= createClient(env.supabaseUrl, env.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-client-info': CLIENT_INFO } },
  });
  return client;
}

/** A non-2xx answer from the API, carrying the server's message for the person to read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, when there was one. */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function errorMessage(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error !== '') return error;
  }
  return `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls `${apiUrl}/${path}` and returns the parsed JSON answer.
 * Plain fetch rather than `supabase.functions.invoke`: the service worker shares this path, and the
 * caller gets the status and the server's `{ error }` message without unwrapping library errors.
 * @throws ApiError for a non-2xx answer; Error(NETWORK_ERROR_MESSAGE) when the request never got
 *   an answer; the AbortError itself when `signal` aborted (so TanStack Query treats it as a cancel).
 */
export async function callApi<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const headers: Record<string, string> = { ...apiHeaders, ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/${path.replace(/^\/+/, '')}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new Error(NETWORK_ERROR_MESSAGE, { cause: error });
  }
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorMessage(parsed, response), parsed);
  return parsed as T;
}
