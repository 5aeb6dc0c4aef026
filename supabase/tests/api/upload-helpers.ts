// The browser's side of an upload, for API tests: create, PUT each part to its presigned URL,
// complete. Bytes really go to the embedded bucket.
import { expect } from 'vitest';
import type { CreatedUpload, FinishedPart, SignedParts } from '../../functions/_shared/domain/api-types.ts';
import type { TestPlatform } from '../platform.ts';

type Created = CreatedUpload;

/**
 * What these helpers need of an API: a call with the anon key (in process or over HTTP, see
 * ../edge/http-api.ts), and the bucket's URL that every presigned URL starts with.
 */
export type ApiCaller = Pick<TestPlatform, 'call' | 'bucketUrl'>;

export function bytesOf(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function create(p: ApiCaller, file: { name: string; size: number; type?: string }): Promise<Created> {
  const res = await p.call('POST', '/uploads', { body: { type: 'text/plain', ...file } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return body<Created>(res);
}

/** Asks for part URLs and PUTs each slice of `bytes` to them, as the browser does. */
export async function putParts(
  p: ApiCaller,
  c: Created,
  bytes: Uint8Array<ArrayBuffer>,
  only?: number[],
): Promise<FinishedPart[]> {
  const numbers = only ?? Array.from({ length: c.partCount }, (_, i) => i + 1);
  const res = await p.call('POST', `/uploads/${c.fileId}/parts`, {
    body: { partNumbers: numbers },
    headers: { 'x-owner-token': c.ownerToken },
  });
  expect(res.status).toBe(200);
  const { urls, expiresInSeconds } = await body<SignedParts>(res);
  expect(expiresInSeconds).toBeGreaterThan(0);
  expect(urls.map((u) => u.partNumber)).toEqual(numbers);
  const parts: FinishedPart[] = [];
  for (const { partNumber, url } of urls) {
    expect(url.startsWith(p.bucketUrl)).toBe(true);
    const slice = bytes.subarray((partNumber - 1) * c.partSize, partNumber * c.partSize);
    const put = await fetch(url, { method: 'PUT', body: slice });
    expect(put.status, await put.clone().text()).toBe(200);
    const etag = put.headers.get('etag');
    expect(etag).toBeTruthy();
    parts.push({ partNumber, etag: etag ?? '' });
  }
  return parts;
}

export async function complete(
  p: ApiCaller,
  c: Created,
  parts: { partNumber: number; etag: string }[],
): Promise<Response> {
  return p.call('POST', `/uploads/${c.fileId}/complete`, {
    body: { parts },
    headers: { 'x-owner-token': c.ownerToken },
  });
}

export async function upload(
  p: ApiCaller,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  type = 'text/plain',
): Promise<Created> {
  const c = await create(p, { name, size: bytes.length, type });
  const res = await complete(p, c, await putParts(p, c, bytes));
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return c;
}

/** The object key the database holds for a share, or undefined once its row is gone. */
export async function storagePath(p: TestPlatform, shareId: string): Promise<string | undefined> {
  const rows = await p.ctx.db.query<{ storage_path: string }>(
    'select storage_path from public.files where share_id = $1',
    [shareId],
  );
  return rows[0]?.storage_path;
}
