// The network for UI tests: a stubbed fetch that answers API calls the way the API would (its
// JSON bodies, statuses and error codes), and records what was asked. Engine and client tests
// use the real API instead (src/test/upload-backend.ts).
import { vi } from 'vitest';
import type { FileDto, OwnedTransferDto, PublicSettings, ShareDto } from '@domain/api-types';
import { DEFAULT_SETTINGS as SERVICE_DEFAULTS, publicSettings } from '@domain/service-settings';
import { HOUR_MS } from '@domain/constants';

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface ApiCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Answers every fetch with `handler`; returns the calls as they come. */
export function stubApi(handler: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: ApiCall = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** The server's defaults, as GET settings gives them (with a mailer configured). */
export const DEFAULT_SETTINGS: PublicSettings = publicSettings(SERVICE_DEFAULTS, 'Ulak <no-reply@files.example>');

/** A shared file uploaded an hour ago, as GET shares/{id} answers. */
export function shareDto(overrides: Partial<ShareDto> = {}): ShareDto {
  const now = Date.now();
  return {
    shareId: 'Ab3dE5gH',
    name: 'report 2026.pdf',
    size: 1536,
    storedSize: 1536,
    type: 'application/pdf',
    createdAt: new Date(now - HOUR_MS).toISOString(),
    expiresAt: new Date(now + 71 * HOUR_MS).toISOString(),
    downloadCount: 0,
    viewCount: 1,
    ...overrides,
  };
}

/** The same file as its owner sees it (POST files/lookup). */
export function fileDto(shareId: string, overrides: Partial<FileDto> = {}): FileDto {
  return {
    ...shareDto({ shareId, name: `${shareId}.txt`, size: 2048, type: 'text/plain', downloadCount: 2, viewCount: 5 }),
    fileId: `file-${shareId}`,
    shareUrl: `http://ulak.test/s/${shareId}`,
    state: 'complete',
    ...overrides,
  };
}

/** A transfer as its sender sees it (POST files/lookup), listing `files` and counting just them. */
export function ownedTransferDto(
  shareId: string,
  files: FileDto[],
  overrides: Partial<OwnedTransferDto> = {},
): OwnedTransferDto {
  return {
    shareId,
    shareUrl: `http://ulak.test/s/${shareId}`,
    senderName: null,
    message: null,
    createdAt: new Date().toISOString(),
    expiresAt: files[0]?.expiresAt ?? null,
    downloadCount: 0,
    viewCount: 0,
    takenDown: false,
    fileCount: files.length,
    size: files.reduce((sum, file) => sum + file.size, 0),
    files,
    ...overrides,
  };
}
