// A sender's side of a transfer, for API tests: create the transfer, then upload files into it
// with their folder paths, as the page does. Bytes really go to the embedded bucket.
import { expect } from 'vitest';
import type { CreatedTransfer, CreatedUpload } from '../../functions/_shared/domain/api-types.ts';
import { body, complete, putParts, type ApiCaller } from './upload-helpers.ts';

export async function createTransfer(
  p: ApiCaller,
  words: { senderName?: string; message?: string } = {},
  headers: Record<string, string> = {},
): Promise<CreatedTransfer> {
  const res = await p.call('POST', '/transfers', { body: words, headers });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return body<CreatedTransfer>(res);
}

/** POST /uploads of a file joining `transfer` at `path`: the raw answer. */
export function joinTransfer(
  p: ApiCaller,
  transfer: Pick<CreatedTransfer, 'shareId' | 'ownerToken'>,
  file: { name: string; size: number; path?: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return p.call('POST', '/uploads', {
    body: {
      type: 'text/plain',
      ...file,
      transfer: { shareId: transfer.shareId, ownerToken: transfer.ownerToken },
    },
    headers,
  });
}

/** Uploads `bytes` as `path/name` into the transfer, to completion. */
export async function uploadInto(
  p: ApiCaller,
  transfer: CreatedTransfer,
  path: string,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<CreatedUpload> {
  const res = await joinTransfer(p, transfer, { name, size: bytes.length, path });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const c = await body<CreatedUpload>(res);
  const done = await complete(p, c, await putParts(p, c, bytes));
  expect(done.status, JSON.stringify(await done.clone().json())).toBe(200);
  return c;
}
