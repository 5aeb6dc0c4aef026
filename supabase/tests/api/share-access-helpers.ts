// A sender and a recipient of encrypted or limited transfers, for API tests: the public values the
// browser would derive (the server checks only their form, never their meaning), a transfer made
// with them, and a file of it uploaded at its stored size to the embedded bucket.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type {
  CreatedTransfer,
  CreatedUpload,
  CreateTransferRequest,
} from '../../functions/_shared/domain/api-types.ts';
import { ciphertextSize } from '../../functions/_shared/domain/encrypted-size.ts';
import { joinTransfer } from './transfer-helpers.ts';
import { body, complete, putParts, type ApiCaller } from './upload-helpers.ts';

/** `bytes` random bytes as base64url without padding, as the browser encodes them. */
export function randomB64(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** A password's public values and the proof that matches them. */
export function passwordValues(): { salt: string; verifier: string } {
  return { salt: randomB64(16), verifier: randomB64(32) };
}

let visitorCounter = 0;

/** A new visitor each call (an address of its own), so one test's limits do not reach another's. */
export function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `10.77.${visitorCounter >> 8}.${visitorCounter & 255}` };
}

export async function createTransferWith(p: ApiCaller, request: CreateTransferRequest): Promise<CreatedTransfer> {
  const res = await p.call('POST', '/transfers', { body: request, headers: newVisitor() });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return body<CreatedTransfer>(res);
}

/**
 * Uploads a file of `plaintextSize` bytes into the transfer, as the browser would store it: for an
 * encrypted transfer the stored size (random bytes stand in for the ciphertext), otherwise as is.
 */
export async function uploadSized(
  p: ApiCaller,
  transfer: CreatedTransfer,
  name: string,
  plaintextSize: number,
  encrypted: boolean,
): Promise<CreatedUpload> {
  const stored = new Uint8Array(randomBytes(encrypted ? ciphertextSize(plaintextSize) : plaintextSize));
  const res = await joinTransfer(p, transfer, { name, size: stored.length }, newVisitor());
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const created = await body<CreatedUpload>(res);
  const done = await complete(p, created, await putParts(p, created, stored));
  expect(done.status, JSON.stringify(await done.clone().json())).toBe(200);
  return created;
}
