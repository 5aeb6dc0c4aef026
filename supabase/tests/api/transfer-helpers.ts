// A sender's side of a transfer, for API tests: create the transfer, then upload files into it
// with their folder paths, as the page does. Bytes really go to the embedded bucket.
import { expect } from 'vitest';
import type { CreatedTransfer, CreatedUpload } from '../../functions/_shared/domain/api-types.ts';
import type { TestPlatform } from '../platform.ts';
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

/**
 * Adds `count` files of `size` bytes, still uploading, to the transfer, written directly: that
 * many uploads through the API would take minutes, and a full transfer refuses the next one.
 */
export async function fillTransfer(
  p: Pick<TestPlatform, 'ctx'>,
  transfer: Pick<CreatedTransfer, 'transferId' | 'shareId'>,
  count: number,
  size = 1,
): Promise<void> {
  // Share ids from a hash of the transfer's and the file's number: unique across many transfers.
  await p.ctx.db.query(
    `insert into public.files (name, size, storage_path, share_id, owner_token_hash, transfer_id, path)
     select 'f' || n, $4::bigint, 'uploads/filled/' || $2 || '-' || n,
            substr(translate(encode(sha256(($2 || '-' || n)::bytea), 'base64'), '+/=', 'xyz'), 1, 8),
            repeat('f', 64), $1::uuid, 'filled'
     from generate_series(1, $3::int) as n`,
    [transfer.transferId, transfer.shareId, count, size],
  );
}
