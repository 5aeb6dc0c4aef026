// CompleteMultipartUpload (POST <key>?uploadId=): the listed parts become the object. Nothing is
// copied: the upload's folder becomes the object's, with a manifest its reads follow
// (parted-objects.ts), so completing takes milliseconds at any size.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { MIN_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { TMP_SUFFIX, type StorageDisk } from './disk-writes.ts';
import { S3Failure, writeFailure } from './errors.ts';
import { type ObjectStore, publishParts, storedMetadata } from './parted-objects.ts';
import { readBody } from './request-body.ts';
import { encodePath, header } from './s3-request.ts';
import { readParts, settle, type Upload } from './upload-folder.ts';
import { el, sendXml } from './xml.ts';

/** The complete call's XML: room for S3's 10,000 parts of { PartNumber, ETag }. */
const MAX_COMPLETE_BODY_BYTES = 1024 * 1024;

/** The parts a CompleteMultipartUpload lists, checked as S3 checks them (numbers ascending). */
function parseCompleteBody(body: Buffer, declaredSha256: string | undefined): { number: number; etag: string }[] {
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

/**
 * Makes the upload in `dir` the object, from the parts `listed` (checked against those stored);
 * returns its ETag. The caller makes sure nothing else completes or aborts the upload meanwhile.
 */
async function joinUpload(
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

/** Answers the complete of `upload`; `prefix` is the path the host mounts the storage under. */
export async function completeMultipartUpload(
  disk: StorageDisk,
  req: IncomingMessage,
  res: ServerResponse,
  upload: Upload,
  prefix: string,
): Promise<void> {
  const { bucket, key } = upload;
  const body = await readBody(req, MAX_COMPLETE_BODY_BYTES);
  const listed = parseCompleteBody(body, header(req, 'x-amz-content-sha256'));
  let etag = '';
  await settle(upload, async () => {
    etag = await joinUpload(disk.store, upload, listed);
  });
  const host = header(req, 'host') ?? 'localhost';
  sendXml(
    res,
    200,
    'CompleteMultipartUploadResult',
    [
      el('Location', `http://${host}${prefix}/${encodePath(bucket)}/${encodePath(key)}`),
      el('Bucket', bucket),
      el('Key', key),
      el('ETag', `"${etag}"`),
    ].join(''),
  );
}
