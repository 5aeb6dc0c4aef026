// The one client of the API, used by every screen, the upload engine and the service worker (so it
// touches no DOM). Every call is `functions.invoke('api/<path>')` of the Supabase Functions client:
// the same request reaches the Node host and Supabase Edge. It is @supabase/functions-js, the part
// of supabase-js that does this, because the whole of supabase-js would add about 50 KB of
// JavaScript (gzip) to the download page for code it never runs (docs/architecture.md).
//
// The app's instance is app-client.ts; this module reads no configuration, so tests build their own.
//
// Errors: every failure of a call is an ApiError (below), which the page turns into a sentence of
// its own language (failure.ts). The other error classes of the code base each mean
// something else: HttpError is how a handler answers with a refusal (supabase/functions/_shared/
// http.ts), StorageError is the storage adapter telling the handlers what S3 said (storage.ts).

import { FunctionsClient, FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/functions-js';
import type { ApiErrorBody, ApiErrorCode, ApiErrorParams } from '@domain/api-types';
import { version } from '../../../package.json';

/** Names this client to the backend (docs/product.md §7: every request carries it as `x-client-info`). */
export const CLIENT_INFO = `ulak-file-sharing/${version}`;

/** The Edge Function all endpoints live in: `${url}/functions/v1/api/...`. */
const API_FUNCTION = 'api';

/**
 * A call that failed: the API refused it (`kind: 'server'`, with the API's code and the HTTP
 * status), or no answer came (`kind: 'network'`, status 0). `message` is English, for the console;
 * people read `code` and `params` in their language (describeError).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: 'network' | 'server',
    /** The HTTP status; 0 when there was no answer. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly params?: ApiErrorParams,
    /** The parsed answer, when there was one (the health check reads a 503's body). */
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface CallOptions {
  /** Default POST when there is a body, else GET. */
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Cancels the call; it then rejects with the signal's reason (an AbortError), not an ApiError. */
  signal?: AbortSignal;
}

export interface ApiClient {
  /** Base of the API, e.g. `https://x.supabase.co/functions/v1/api`. */
  readonly url: string;
  /**
   * Calls `${url}/${path}` and resolves with the JSON answer (undefined for 204).
   * @throws ApiError for a refusal, an answer that is not the API's, or no answer at all.
   */
  call<T>(path: string, options?: CallOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** Where the backend lives; the API is under `${url}/functions/v1/api`. */
  url: string;
  /** The public anon key, sent as `apikey` and as the bearer token. */
  anonKey: string;
  /** Defaults to the global fetch; the engine's tests pass the API handler itself. */
  fetch?: typeof fetch;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, code } = value as Partial<ApiErrorBody>;
  return typeof error === 'string' && typeof code === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An error answer as an ApiError: the API's own code, or 'unexpected_answer' for anyone else's. */
async function refusal(response: Response): Promise<ApiError> {
  const body = parseJson(await response.text().catch(() => ''));
  if (isErrorBody(body)) return new ApiError('server', response.status, body.code, body.error, body.params, body);
  return new ApiError(
    'server',
    response.status,
    'unexpected_answer',
    `The server answered ${response.status} without the API's error body.`,
    { status: response.status },
    body,
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const functions = new FunctionsClient(`${options.url}/functions/v1`, {
    headers: {
      apikey: options.anonKey,
      Authorization: `Bearer ${options.anonKey}`,
      'x-client-info': CLIENT_INFO,
    },
    customFetch: options.fetch,
  });

  async function call<T>(path: string, { method, body, headers, signal }: CallOptions = {}): Promise<T> {
    const { data, error, response } = await functions.invoke<unknown>(`${API_FUNCTION}/${path.replace(/^\/+/, '')}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      body: body as object | undefined,
      headers,
      signal,
    });
    if (error !== null) {
      // An abort is the caller's own doing: hand it back as such (TanStack Query treats it as a cancel).
      if (signal?.aborted) throw signal.reason;
      if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
        throw await refusal(error.context as Response);
      }
      const cause: unknown = error instanceof FunctionsFetchError ? error.context : error;
      throw new ApiError('network', 0, 'network', 'The request got no answer (offline?).', undefined, undefined, {
        cause,
      });
    }
    if (response?.status === 204) return undefined as T;
    // Anything but JSON is not the API talking (a static host's index.html, a captive portal).
    if (typeof data !== 'object' || data === null) {
      throw new ApiError(
        'server',
        response?.status ?? 0,
        'unexpected_answer',
        `${options.url}/functions/v1/${API_FUNCTION}/${path} did not answer with JSON; is the API deployed there?`,
        { status: response?.status ?? 0 },
        data,
      );
    }
    return data as T;
  }

  return { url: `${options.url}/functions/v1/${API_FUNCTION}`, call };
}
