// How the embedded storage writes to its disk: every byte streamed, counted against the length the
// client announced (and signed), checked against the free disk space first, written to a
// temporary file and moved into place once whole, with its errors handled: a full disk or a bad
// path fails that one request with an S3 error, never the process.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DiskReserve } from '../disk-reserve.ts';
import { insufficientStorage, S3Failure, writeFailure } from './errors.ts';
import { inTurn } from './in-turn.ts';
import { partsFolder } from './parted-objects.ts';

/** Bytes still arriving are written to a file with this suffix, and moved into place once whole. */
export const TMP_SUFFIX = '.tmp';

/** The slice of s3rver's FilesystemStore the embedded storage uses beside s3rver itself. */
export interface FilesystemStore {
  getBucket(bucket: string): Promise<unknown>;
  putBucket(bucket: string): Promise<unknown>;
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}

/** Where the writes go: the storage's folder, s3rver's store over it, and the host's free-space reserve. */
export interface StorageDisk {
  root: string;
  store: FilesystemStore;
  /** A write that would break this reserve is refused with 507. */
  reserve: DiskReserve;
}

/**
 * Claims room for a write of `bytes` until the returned release, so that parallel writes each
 * count the others. A disk filled by someone else is still met by the write itself (ENOSPC), and
 * answered alike.
 */
export async function claimRoom(disk: StorageDisk, bytes: number): Promise<() => void> {
  const release = await disk.reserve.claim(disk.root, bytes);
  if (!release) throw insufficientStorage();
  return release;
}

/** A file name in `dir` no other request uses, for bytes that are moved into place once whole. */
export function tmpFile(dir: string, label: string): string {
  return path.join(dir, `${label}-${randomBytes(8).toString('hex')}${TMP_SUFFIX}`);
}

/** Counts and hashes the bytes going through; fails when they exceed the announced length. */
function meter(limit: number): Transform & { bytes: number; md5(): string } {
  const hash = createHash('md5');
  const t = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      t.bytes += chunk.length;
      if (t.bytes > limit) {
        callback(new S3Failure(400, 'IncompleteBody', 'The request body is longer than its Content-Length.'));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  }) as Transform & { bytes: number; md5(): string };
  t.bytes = 0;
  t.md5 = () => hash.digest('hex');
  return t;
}

/** Streams `source` into `file`, bounded by `length`; returns the MD5 of what was written. */
export async function writeStream(source: Readable, file: string, length: number): Promise<string> {
  const counter = meter(length);
  try {
    await pipeline(source, counter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true }).catch(() => {});
    throw writeFailure(error) ?? error;
  }
  if (counter.bytes !== length) {
    await rm(file, { force: true });
    throw new S3Failure(
      400,
      'IncompleteBody',
      'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    );
  }
  return counter.md5();
}

/** Writes small files (keys, metadata), mapping a full disk to S3's answer. */
export async function writeSmall(file: string, data: string): Promise<void> {
  try {
    await writeFile(file, data);
  } catch (error) {
    throw writeFailure(error) ?? error;
  }
}

/** Moves a finished temporary file into place as the object `key`, with its metadata. */
export async function publishObject(
  store: FilesystemStore,
  object: { bucket: string; key: string },
  tmp: string,
  metadata: Record<string, string>,
  md5: string,
): Promise<void> {
  const { bucket, key } = object;
  const objectPath = store.getResourcePath(bucket, key, 'object');
  try {
    await mkdir(path.dirname(objectPath), { recursive: true });
    await rename(tmp, objectPath);
    await store.putMetadata(bucket, key, metadata, md5);
    // An object of the same key kept as parts (parted-objects.ts) would still answer reads.
    await rm(partsFolder(store, bucket, key), { recursive: true, force: true });
  } catch (error) {
    // No object without its metadata: take it back out and let the client try again.
    await rm(objectPath, { force: true }).catch(() => {});
    await rm(tmp, { force: true }).catch(() => {});
    throw writeFailure(error) ?? error;
  }
}

/** Each part file's replacements, in turn: the part and its .md5 always belong together. */
const publishing = new Map<string, Promise<void>>();

/** Moves a finished temporary file into place as the part `file`, with its MD5 beside it. */
export async function publishPart(file: string, tmp: string, md5: string): Promise<void> {
  await inTurn(publishing, file, async () => {
    try {
      // Without its .md5 a part is not listed: a crash between these steps leaves no part
      // rather than this part under the last one's ETag.
      await rm(`${file}.md5`, { force: true });
      await rename(tmp, file);
      await writeSmall(`${file}.md5`, md5);
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => {});
      throw writeFailure(error) ?? error;
    }
  });
}
