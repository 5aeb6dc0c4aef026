// The browser's side of an upload to a real host process, for the fault tests: create an upload of
// random bytes, and the presigned URL of one of its parts.
import { randomBytes } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { hostCall, type HostProcess } from './host-process.ts';

export interface HostUpload {
  fileId: string;
  shareId: string;
  ownerToken: string;
  partCount: number;
  partSize: number;
  /** The file's bytes, random. */
  bytes: Buffer;
}

export async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Starts an upload of `size` random bytes named `name`, and expects it to be accepted. */
export async function createUpload(host: HostProcess, name: string, size: number): Promise<HostUpload> {
  const res = await hostCall(host, 'POST', '/uploads', { body: { name, size, type: 'application/octet-stream' } });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...(await json<Omit<HostUpload, 'bytes'>>(res)), bytes: randomBytes(size) };
}

/** The bytes of part `n`. */
export function slice(u: HostUpload, n: number): Buffer {
  return u.bytes.subarray((n - 1) * u.partSize, n * u.partSize);
}

/** A presigned URL of part `n`. */
export async function partUrl(host: HostProcess, u: HostUpload, n: number): Promise<string> {
  const res = await hostCall(host, 'POST', `/uploads/${u.fileId}/parts`, {
    body: { partNumbers: [n] },
    headers: { 'x-owner-token': u.ownerToken },
  });
  expect(res.status).toBe(200);
  return (await json<{ urls: { url: string }[] }>(res)).urls[0]?.url ?? '';
}

/** What to undo after the calling file's tests (hosts to stop, folders to remove), the last first. */
export function cleanupAfterAll(): { push(cleanup: () => Promise<void>): void } {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });
  return { push: (cleanup) => void cleanups.push(cleanup) };
}
