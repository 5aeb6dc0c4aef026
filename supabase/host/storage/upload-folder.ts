// A multipart upload on the embedded storage's disk, in s3rver's folder layout:
// <root>/<bucket>/._S3rver_uploads/<uploadId>/{key, metadata, <n>, <n>.md5}. The `key` file is
// written last, so an upload exists only once its folder is whole; a part exists once its .md5 is.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { TMP_SUFFIX } from './disk-writes.ts';
import { S3Failure } from './errors.ts';
import { inTurn } from './in-turn.ts';

/** Each bucket's folder of uploads in progress: <root>/<bucket>/._S3rver_uploads/<uploadId>/. */
export const UPLOADS_DIR = '._S3rver_uploads';
/** Upload ids are ours alone (16 random bytes in hex), and become a path: nothing else may pass. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface Upload {
  bucket: string;
  key: string;
  uploadId: string;
  dir: string;
}

export const uploadsDir = (root: string, bucket: string) => path.join(root, bucket, UPLOADS_DIR);

export const noSuchUpload = () =>
  new S3Failure(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  );

/** The upload `uploadId` of `key`, or NoSuchUpload. */
export async function openUpload(root: string, bucket: string, key: string, uploadId: string): Promise<Upload> {
  if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload();
  const dir = path.join(uploadsDir(root, bucket), uploadId);
  const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
  if (storedKey !== key) throw noSuchUpload();
  return { bucket, key, uploadId, dir };
}

/**
 * The completes and cancels of one upload in turn, each finding the upload still there or
 * answering NoSuchUpload, as S3 does. Both move or remove the upload's folder: run together, two
 * completes would publish it twice (the second failing half way), and a cancel could delete
 * parts that a complete is publishing.
 */
const settling = new Map<string, Promise<void>>();
export async function settle(upload: Upload, action: () => Promise<void>): Promise<void> {
  await inTurn(settling, upload.dir, async () => {
    if ((await readFile(path.join(upload.dir, 'key'), 'utf8').catch(() => null)) !== upload.key) {
      throw noSuchUpload();
    }
    await action();
  });
}

/** The parts an upload's folder holds: those whose .md5 was written, so whole. */
export async function readParts(dir: string): Promise<Map<number, { etag: string; size: number; modified: Date }>> {
  const parts = new Map<number, { etag: string; size: number; modified: Date }>();
  for (const name of await readdir(dir)) {
    const m = /^(\d+)\.md5$/.exec(name);
    if (!m) continue;
    const n = Number(m[1]);
    try {
      const [md5, st] = await Promise.all([readFile(path.join(dir, name), 'utf8'), stat(path.join(dir, String(n)))]);
      parts.set(n, { etag: md5.trim(), size: st.size, modified: st.mtime });
    } catch {
      // the part vanished under us (aborted or completed meanwhile)
    }
  }
  return parts;
}

async function entries(folder: string) {
  return readdir(folder, { withFileTypes: true }).catch(() => []);
}

/**
 * Removes the partial writes a killed process left behind: a part or an object whose bytes were
 * still arriving. Nothing else can be writing them at start-up (one process owns a data folder), and
 * left alone they would lie in their upload's folder until it expires, or become part of the
 * object's folder when the upload completes. Returns how many were removed.
 */
export async function removePartialWrites(root: string): Promise<number> {
  let removed = 0;
  const drop = async (folder: string) => {
    for (const entry of await entries(folder)) {
      if (entry.isFile() && entry.name.endsWith(TMP_SUFFIX)) {
        await rm(path.join(folder, entry.name), { force: true });
        removed++;
      }
    }
  };
  for (const bucket of await entries(root)) {
    if (!bucket.isDirectory()) continue;
    const uploads = path.join(root, bucket.name, UPLOADS_DIR);
    await drop(uploads);
    for (const upload of await entries(uploads)) {
      if (upload.isDirectory()) await drop(path.join(uploads, upload.name));
    }
  }
  return removed;
}
