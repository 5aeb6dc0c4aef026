// How a job's file maps onto the parts the bucket stores. A plain file is stored as it is; a file of
// an encrypted transfer is stored as records (docs/encryption.md), so the bucket holds a little more
// than the file, the server plans the parts over that stored size, and each part is the encryption
// of a plaintext range of its own (partPlace). The rest of the engine asks this module where a part's
// bytes are and what to send, and never needs to know which kind of file it sends.

import { partRange, type PartPlan } from '@domain/part-plan';
import { localFailure } from '@/lib/api/failure';
import { RECORD_SIZE, ciphertextSize, partPlace } from '@/lib/crypto/format';
import { encryptRange } from '@/lib/crypto/records';
import { fileCipherOf } from '@/lib/crypto/transfer-secrets';
import type { UploadJobRecord } from './job-record';
import type { OwnedFileStore } from './owned-files';

/** What the layout of a job's parts depends on. */
type Layout = Pick<UploadJobRecord, 'size' | 'encryption'>;

/** One part of a job: the file's bytes [start, end) it carries, and its length in the bucket. */
export interface PartSpan {
  start: number;
  end: number;
  stored: number;
}

/** The bytes the bucket holds for the job's file: POST /uploads's `size`. */
export function storedSizeOf(job: Layout): number {
  return job.encryption === undefined ? job.size : ciphertextSize(job.size);
}

/** Part `partNumber` (1-based) of the job, under the server's plan (which is over the stored size). */
export function partSpan(job: Layout, plan: PartPlan, partNumber: number): PartSpan {
  if (job.encryption === undefined) {
    const { start, end } = partRange(plan, job.size, partNumber);
    return { start, end, stored: end - start };
  }
  const place = partPlace(partNumber, plan.partSize, job.size);
  return { start: place.plaintextStart, end: place.plaintextEnd, stored: place.ciphertextEnd - place.ciphertextStart };
}

/** Turns a part's bytes, as read from the device's copy, into the body of its PUT. */
export type PartSealer = (partNumber: number, plaintext: Blob) => Promise<Blob>;

/**
 * The sealer of the job's file, whose share id is `shareId`: the bytes as they are for a plain file,
 * the part's records for an encrypted one. Nothing in the records is random, so a part sealed again
 * (a retry, or the next runner after a crash) is the same bytes, as long as it is read from the
 * job's own copy, which cannot change under it.
 */
export async function partSealer(job: Layout, plan: PartPlan, shareId: string): Promise<PartSealer> {
  if (job.encryption === undefined) return (_, plaintext) => Promise.resolve(plaintext);
  // A plan that cuts records or leaves some out would store a file no one can open.
  if (plan.partSize % RECORD_SIZE !== 0 || Math.ceil(storedSizeOf(job) / plan.partSize) !== plan.partCount) {
    throw localFailure('unexpected', `The server planned ${plan.partCount} parts of ${plan.partSize} bytes`);
  }
  const cipher = await fileCipherOf(job.encryption, shareId);
  return async (partNumber, plaintext) => {
    const place = partPlace(partNumber, plan.partSize, job.size);
    // A Blob, not the bytes: Chromium sends a fetch body given as an ArrayBuffer about ten times
    // slower than the same bytes as a Blob (8 MiB parts, 4 at once, in a page or a worker), and
    // holds up the reads of the next parts meanwhile.
    return new Blob([await encryptRange(cipher, plaintext, place.firstRecord, place.isLastPart)]);
  };
}

/**
 * Refuses a share id this device already encrypted a file under (each file's key comes from its
 * id): two files under one key and nonce would give away both. The server never gives an id twice;
 * this keeps a server that does from reading the files.
 */
export async function refuseUsedFileId(job: Layout, shareId: string, owned: OwnedFileStore): Promise<void> {
  if (job.encryption === undefined) return;
  if ((await owned.getOwnedFile(shareId)) !== undefined) {
    throw localFailure('unexpected', `The server gave this file the id ${shareId}, which another file already has.`);
  }
}

/** The job without its transfer's keys: what is kept once the upload no longer needs them. */
export function withoutSecrets(job: UploadJobRecord): UploadJobRecord {
  const { encryption, ...rest } = job;
  return encryption === undefined ? job : rest;
}
