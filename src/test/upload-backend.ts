// The backend the upload engine's tests run against: the real one (supabase/tests/platform.ts:
// the API handler on PGlite and the embedded S3 bucket), so the engine is tested against what it
// will really meet, never against a second implementation of the API.
//
// On top of it, what those tests need and the real stack does not do on demand: a record of every
// request, and a network that misbehaves for one part (an error status, a cut connection, an
// expired URL, a missing ETag, a stall). The faults live in the fetch the engine is handed for its
// part PUTs, between it and the real bucket; the API and the bucket themselves are untouched.

import { createHash } from 'node:crypto';
import type { DownloadTicket } from '@domain/api-types';
import { startTestPlatform, TEST_ANON_KEY, type TestPlatform } from '../../supabase/tests/platform';
import { createApiClient, type ApiClient } from '@/lib/api/client';

export { TEST_ANON_KEY };

export interface PartPut {
  /** The presigned URL the part went to. */
  url: string;
  /** The multipart upload the URL was signed for (S3's uploadId). */
  uploadId: string;
  partNumber: number;
  bytes: number;
  /** The bucket's answer; 0 when the request was cut off (or stopped) before one. */
  status: number;
}

export interface ApiCall {
  method: string;
  /** Below /functions/v1/api, e.g. `uploads/…/parts`. */
  path: string;
  /** The whole URL, query included. */
  url: string;
  headers: [string, string][];
  body: unknown;
  clientInfo: string | null;
  status: number;
}

const EXPIRED_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';

export interface TestBackend {
  platform: TestPlatform;
  /** The API client as the app builds it, its fetch being the API handler itself. */
  client: ApiClient;
  /** The fetch for part PUTs: the real one to the real bucket, with the faults below. */
  partFetch: typeof fetch;
  /**
   * Where the API and the bucket listen over HTTP (the API at /functions/v1/api): for code that
   * uses the app's own client, configured from VITE_SUPABASE_URL.
   */
  origin: string;
  /** A global fetch for such code: API calls recorded, part PUTs through the faults. */
  globalFetch: typeof fetch;
  puts: PartPut[];
  apiCalls: ApiCall[];
  /** Most part PUTs in progress at once. */
  maxConcurrentPuts: number;
  /** Part numbers asked for, per sign call. */
  signCalls(): number[][];
  /** Paths of the calls to an upload endpoint ('complete', 'abort'), in order. */
  callsTo(endpoint: 'uploads' | 'complete' | 'abort'): ApiCall[];
  /** Answer the next PUTs of this part with these statuses (0: the connection drops) first. */
  failPart(partNumber: number, statuses: number[]): void;
  /** The next PUT of this part is refused as S3 refuses an expired URL (403 'Request has expired'). */
  expireNextUrl(partNumber: number): void;
  /** The bucket answers every PUT without its ETag (CORS rules that do not expose it). */
  hideEtags(): void;
  /** Hold every part PUT (after `after` more have gone through) until `release()`. */
  stall(after?: number): void;
  release(): void;
  /** Resolves when a PUT is being held by `stall`. */
  whenStalled(): Promise<void>;
  /** Resolves when a held PUT was stopped by the engine (an abort). */
  whenAbortedPut(): Promise<void>;
  /** SHA-256 of a shared file as a recipient downloads it. */
  downloadedSha256(shareId: string): Promise<string>;
  /** A shared file's stored bytes as a recipient downloads them (`headers`: a password's proof, say). */
  downloaded(shareId: string, headers?: Record<string, string>): Promise<Uint8Array<ArrayBuffer>>;
  /** Forgets the records and faults, for the next test. */
  reset(): void;
  close(): Promise<void>;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export async function startTestBackend(): Promise<TestBackend> {
  const platform = await startTestPlatform();
  let failures = new Map<number, number[]>();
  let expireNext = new Set<number>();
  let etagsHidden = false;
  let stallAfter: number | null = null;
  let releaseStall: (() => void) | null = null;
  let stallGate: Promise<void> | null = null;
  let stalledWaiters: (() => void)[] = [];
  let abortedWaiters: (() => void)[] = [];
  let concurrent = 0;

  /** Sends an API request with `send` and writes it down. */
  async function recordedApiCall(request: Request, send: (request: Request) => Promise<Response>): Promise<Response> {
    const text = request.body === null ? '' : await request.clone().text();
    const response = await send(request);
    backend.apiCalls.push({
      method: request.method,
      path: new URL(request.url).pathname.replace('/functions/v1/api/', ''),
      url: request.url,
      headers: [...request.headers],
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      clientInfo: request.headers.get('x-client-info'),
      status: response.status,
    });
    return response;
  }

  const realFetch = globalThis.fetch;
  const backend: TestBackend = {
    platform,
    client: createApiClient({
      url: 'http://api.test',
      anonKey: TEST_ANON_KEY,
      fetch: (input, init) => recordedApiCall(new Request(input, init), platform.handler),
    }),
    origin: platform.storageOrigin,
    globalFetch: (input, init) =>
      init?.method === 'PUT'
        ? backend.partFetch(input, init)
        : recordedApiCall(new Request(input, init), (request) => realFetch(request)),
    partFetch: async (input, init) => {
      const url = new URL(String(input));
      const partNumber = Number(url.searchParams.get('partNumber'));
      const uploadId = url.searchParams.get('uploadId') ?? '';
      const body = init?.body instanceof Blob || init?.body instanceof Uint8Array ? init.body : new Uint8Array(0);
      const size = body instanceof Blob ? body.size : body.byteLength;
      const signal = init?.signal ?? undefined;
      const record = (status: number) =>
        backend.puts.push({ url: url.href, uploadId, partNumber, bytes: status === 0 ? 0 : size, status });
      concurrent += 1;
      backend.maxConcurrentPuts = Math.max(backend.maxConcurrentPuts, concurrent);
      try {
        if (stallAfter !== null) {
          if (stallAfter > 0) stallAfter -= 1;
          else if (stallGate !== null) {
            for (const waiter of stalledWaiters) waiter();
            stalledWaiters = [];
            const gate = stallGate;
            await new Promise<void>((resolve, reject) => {
              void gate.then(resolve);
              signal?.addEventListener('abort', () => reject(abortError()), { once: true });
            }).catch((error: unknown) => {
              record(0);
              for (const waiter of abortedWaiters) waiter();
              abortedWaiters = [];
              throw error;
            });
          }
        }
        const planned = failures.get(partNumber)?.shift();
        if (planned === 0) {
          record(0);
          throw new TypeError('fetch failed: the connection was reset');
        }
        if (planned !== undefined) {
          record(planned);
          return new Response(`<Error><Code>Test</Code><Message>Planned failure ${planned}</Message></Error>`, {
            status: planned,
          });
        }
        if (expireNext.delete(partNumber)) {
          record(403);
          return new Response(EXPIRED_XML, { status: 403 });
        }
        const response = await realFetch(input, init).catch((error: unknown) => {
          record(0);
          throw error;
        });
        record(response.status);
        if (!etagsHidden) return response;
        const headers = new Headers(response.headers);
        headers.delete('etag');
        return new Response(response.body, { status: response.status, headers });
      } finally {
        concurrent -= 1;
      }
    },
    puts: [],
    apiCalls: [],
    maxConcurrentPuts: 0,
    signCalls: () =>
      backend.apiCalls
        .filter((call) => call.method === 'POST' && call.path.endsWith('/parts'))
        .map((call) => (call.body as { partNumbers: number[] }).partNumbers),
    callsTo: (endpoint) =>
      backend.apiCalls.filter((call) =>
        endpoint === 'uploads' ? call.method === 'POST' && call.path === 'uploads' : call.path.endsWith(`/${endpoint}`),
      ),
    failPart: (partNumber, statuses) => failures.set(partNumber, [...statuses]),
    expireNextUrl: (partNumber) => expireNext.add(partNumber),
    hideEtags: () => {
      etagsHidden = true;
    },
    stall: (after = 0) => {
      stallAfter = after;
      stallGate = new Promise((resolve) => {
        releaseStall = resolve;
      });
    },
    release: () => {
      stallAfter = null;
      releaseStall?.();
      stallGate = null;
    },
    whenStalled: () => new Promise((resolve) => stalledWaiters.push(resolve)),
    whenAbortedPut: () => new Promise((resolve) => abortedWaiters.push(resolve)),
    async downloadedSha256(shareId) {
      return sha256(await backend.downloaded(shareId));
    },
    async downloaded(shareId, headers) {
      const answer = await platform.call('POST', `/shares/${shareId}/download`, { body: {}, headers });
      const { url } = (await answer.json()) as DownloadTicket;
      return new Uint8Array(await (await realFetch(url)).arrayBuffer());
    },
    reset() {
      backend.release();
      backend.puts = [];
      backend.apiCalls = [];
      backend.maxConcurrentPuts = 0;
      failures = new Map();
      expireNext = new Set();
      etagsHidden = false;
      stalledWaiters = [];
      abortedWaiters = [];
    },
    close: () => platform.close(),
  };
  return backend;
}
