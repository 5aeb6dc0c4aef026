// The calls the upload engine makes to the API (notes/api.md). Plain fetch with the headers
// supabase-js would send, because this runs in the service worker too, and because the engine needs
// the HTTP status (to tell a refused request from a lost network) that library errors hide.
// Configuration is passed in, never read here, so the engine's tests can point it at a local server.

import type { FileDto } from '@domain/api-types';

export interface UploadApiConfig {
  /** Base of the API, e.g. `https://x.supabase.co/functions/v1/api` (no trailing slash). */
  apiUrl: string;
  /** Public anon key: sent as `apikey` and as the bearer token. */
  anonKey: string;
  /** `x-client-info` header naming this client. */
  clientInfo: string;
  /** Defaults to the global fetch; tests may wrap it. */
  fetch?: typeof fetch;
}

/** The server's plan for one upload (POST /uploads). */
export interface CreatedUpload {
  fileId: string;
  shareId: string;
  shareUrl: string;
  ownerToken: string;
  /** Every part but the last has exactly this many bytes. */
  partSize: number;
  partCount: number;
}

export interface PartUrl {
  partNumber: number;
  url: string;
}

export interface SignedParts {
  urls: PartUrl[];
  expiresInSeconds: number;
}

export interface FinishedPart {
  partNumber: number;
  etag: string;
}

export interface UploadApi {
  createUpload(file: { name: string; size: number; type: string }, signal?: AbortSignal): Promise<CreatedUpload>;
  signParts(fileId: string, ownerToken: string, partNumbers: number[], signal?: AbortSignal): Promise<SignedParts>;
  completeUpload(fileId: string, ownerToken: string, parts: FinishedPart[], signal?: AbortSignal): Promise<FileDto>;
  abortUpload(fileId: string, ownerToken: string, signal?: AbortSignal): Promise<void>;
  /** The parts the bucket already holds (GET uploads/{id}/parts), with their sizes. */
  listParts(fileId: string, ownerToken: string, signal?: AbortSignal): Promise<StoredPart[]>;
}

export interface StoredPart extends FinishedPart {
  size: number;
}

/** Most presigned URLs the API hands out in one call. */
export const MAX_PARTS_PER_SIGN_REQUEST = 100;

/** A non-2xx answer from the API, with the server's `{ error }` message. */
export class UploadApiError extends Error {
  override readonly name = 'UploadApiError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The request never got an answer (offline, DNS, connection reset). Worth retrying. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error !== '') return error;
  }
  return `The server answered ${status}.`;
}

export function createUploadApi(config: UploadApiConfig): UploadApi {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const baseHeaders = {
    apikey: config.anonKey,
    Authorization: `Bearer ${config.anonKey}`,
    'x-client-info': config.clientInfo,
  };

  async function call<T>(
    path: string,
    init: { method?: 'GET' | 'POST'; body?: unknown; ownerToken?: string; signal?: AbortSignal },
  ): Promise<T> {
    const headers: Record<string, string> = { ...baseHeaders };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.ownerToken !== undefined) headers['x-owner-token'] = init.ownerToken;
    let response: Response;
    try {
      response = await doFetch(`${config.apiUrl}/${path}`, {
        method: init.method ?? 'POST',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new NetworkError('Network connection failed.', { cause: error });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    if (!response.ok) throw new UploadApiError(response.status, messageOf(body, response.status));
    return body as T;
  }

  return {
    createUpload: (file, signal) =>
      call<CreatedUpload>('uploads', { body: { name: file.name, size: file.size, type: file.type }, signal }),
    signParts: (fileId, ownerToken, partNumbers, signal) =>
      call<SignedParts>(`uploads/${encodeURIComponent(fileId)}/parts`, {
        body: { partNumbers },
        ownerToken,
        signal,
      }),
    completeUpload: (fileId, ownerToken, parts, signal) =>
      call<FileDto>(`uploads/${encodeURIComponent(fileId)}/complete`, { body: { parts }, ownerToken, signal }),
    listParts: async (fileId, ownerToken, signal) =>
      (
        await call<{ parts: StoredPart[] }>(`uploads/${encodeURIComponent(fileId)}/parts`, {
          method: 'GET',
          ownerToken,
          signal,
        })
      ).parts,
    abortUpload: async (fileId, ownerToken, signal) => {
      await call<unknown>(`uploads/${encodeURIComponent(fileId)}/abort`, { ownerToken, signal });
    },
  };
}
