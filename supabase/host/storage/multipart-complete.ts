// Pieces of the embedded storage's multipart uploads that stand apart from serving them: where
// uploads live on disk, the partial writes a crash leaves there, and the complete call's request.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MIN_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { S3Failure, writeFailure } from './errors.ts';
import { type ObjectStore, publishParts, storedMetadata } from './parted-objects.ts';

/** Each bucket's folder of uploads in progress: <root>/<bucket>/._S3rver_uploads/<uploadId>/. */
export const UPLOADS_DIR = '._S3rver_uploads';
/** Bytes still arriving are written to a file with this suffix, and moved into place once whole. */
export const TMP_SUFFIX = '.tmp';
/** The complete call's XML: room for S3's 10,000 parts of { PartNumber, ETag }. */
export const MAX_COMPLETE_BODY_BYTES = 1024 * 1024;

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

/** The parts a CompleteMultipartUpload lists, checked as S3 checks them (numbers ascending). */
export function parseCompleteBody(
  body: Buffer,
  declaredSha256: string | undefined,
): { number: number; etag: string }[] {
  if (
    declaredSha256 &&
    /^[0-9a-f]{64}$/i.test(declaredSha256) &&
    createHash('sha256').update(body).digest('hex') !== declaredSha256.toLowerCase()
  ) {
    throw new S3Failure(
      400,
      'XAmzContentSHA256Mismatch',
      'The provided x-amz-content-sha256 header does not match what was computed.',
    );
  }
  const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => {
    const inner = m[1] ?? '';
    return {
      number: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(inner)?.[1]),
      etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1] ?? '').replace(/&quot;|&#34;|"/g, '').trim(),
    };
  });
  if (!listed.length || listed.some((p) => !Number.isInteger(p.number))) {
    throw new S3Failure(
      400,
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema.',
    );
  }
  for (let i = 1; i < listed.length; i++) {
    if (listed[i]!.number <= listed[i - 1]!.number) {
      throw new S3Failure(
        400,
        'InvalidPartOrder',
        'The list of parts was not in ascending order. Parts must be ordered by part number.',
      );
    }
  }
  return listed;
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

/**
 * Makes the upload in `dir` the object, from the parts `listed` (checked against those stored);
 * returns its ETag. The caller makes sure nothing else completes or aborts the upload meanwhile.
 */
export async function joinUpload(
  store: Pick<ObjectStore, 'getResourcePath'>,
  upload: { bucket: string; key: string; dir: string },
  listed: { number: number; etag: string }[],
): Promise<string> {
  const { bucket, key, dir } = upload;
  const stored = await readParts(dir);
  listed.forEach((p, i) => {
    const s = stored.get(p.number);
    if (!s || s.etag !== p.etag) {
      throw new S3Failure(
        400,
        'InvalidPart',
        `One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag. (part ${p.number})`,
      );
    }
    if (i < listed.length - 1 && s.size < MIN_PART_SIZE) {
      throw new S3Failure(
        400,
        'EntityTooSmall',
        `Your proposed upload is smaller than the minimum allowed size. (part ${p.number})`,
      );
    }
  });
  // The object is its parts, moved into place with a manifest: no byte is copied.
  const headers = JSON.parse(await readFile(path.join(dir, 'metadata'), 'utf8')) as Record<string, string>;
  const kept = new Set(listed.map((p) => String(p.number)));
  for (const name of await readdir(dir)) {
    // Parts left out, and partial writes (a part still arriving, or cut off by a crash): only the
    // listed parts become the object.
    if ((/^\d+$/.test(name) && !kept.has(name)) || name.endsWith(TMP_SUFFIX)) {
      await rm(path.join(dir, name), { force: true });
    }
  }
  // S3's ETag of a multipart object: the MD5 of the parts' MD5s, and how many there were.
  const etag = `${createHash('md5')
    .update(Buffer.concat(listed.map((p) => Buffer.from(p.etag, 'hex'))))
    .digest('hex')}-${listed.length}`;
  try {
    await publishParts(store, { bucket, key }, dir, {
      parts: listed.map((p) => ({ file: String(p.number), size: stored.get(p.number)!.size })),
      metadata: storedMetadata(headers),
      etag,
    });
  } catch (error) {
    throw writeFailure(error) ?? error;
  }
  return etag;
}
