// The write side of the embedded storage: CreateMultipartUpload, UploadPart, ListParts,
// CompleteMultipartUpload, AbortMultipartUpload, ListMultipartUploads and PutObject, over
// s3rver's folder layout (<root>/<bucket>/._S3rver_uploads/<uploadId>/{key,metadata,<n>,<n>.md5}).
// CompleteMultipartUpload copies nothing: the upload's folder becomes the object (parted-objects.ts).
// Every byte is streamed, counted against the length the client announced (and signed), checked
// against the free disk space first, and written with its errors handled: a full disk or a bad
// path fails that one request with an S3 error, never the process.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_PARTS } from '../../functions/_shared/domain/constants.ts';
import type { DiskReserve } from '../disk-reserve.ts';
import { insufficientStorage, S3Failure, writeFailure } from './errors.ts';
import {
  joinUpload,
  MAX_COMPLETE_BODY_BYTES,
  parseCompleteBody,
  readParts,
  TMP_SUFFIX,
  UPLOADS_DIR,
} from './multipart-complete.ts';
import { partsFolder } from './parted-objects.ts';
import { encodePath, header } from './s3-request.ts';
import type { SignedRequest } from './sigv4.ts';
import { el, sendXml } from './xml.ts';

const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** S3's largest part and largest single PUT. */
const MAX_PUT_BYTES = 5 * 1024 ** 3;
/** s3rver keeps an object as <last segment>._S3rver_metadata.json: 22 more bytes than the name. */
const MAX_KEY_SEGMENT_BYTES = 200;

/** The slice of s3rver's FilesystemStore the front uses. */
export interface FilesystemStore {
  getBucket(bucket: string): Promise<unknown>;
  putBucket(bucket: string): Promise<unknown>;
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}

export interface MultipartFront {
  initiate(req: IncomingMessage, res: ServerResponse, bucket: string, key: string): Promise<void>;
  putObject(req: IncomingMessage, res: ServerResponse, bucket: string, key: string, auth: SignedRequest): Promise<void>;
  uploadPart(
    req: IncomingMessage,
    res: ServerResponse,
    upload: Upload,
    partNumber: number,
    auth: SignedRequest,
  ): Promise<void>;
  listParts(res: ServerResponse, upload: Upload): Promise<void>;
  complete(req: IncomingMessage, res: ServerResponse, upload: Upload): Promise<void>;
  abort(res: ServerResponse, upload: Upload): Promise<void>;
  listUploads(res: ServerResponse, bucket: string, keyPrefix: string): Promise<void>;
  open(bucket: string, key: string, uploadId: string): Promise<Upload>;
}

export interface Upload {
  bucket: string;
  key: string;
  uploadId: string;
  dir: string;
}

const noSuchUpload = () =>
  new S3Failure(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  );

/** Refuses keys the folder layout cannot hold safely: traversal, empty segments, overlong names. */
export function checkKey(key: string): void {
  const segments = key.split('/');
  if (!key || key.includes('\0') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new S3Failure(400, 'InvalidArgument', 'Object keys may not contain empty, "." or ".." segments.');
  }
  if (Buffer.byteLength(key) > 1024 || segments.some((s) => Buffer.byteLength(s) > MAX_KEY_SEGMENT_BYTES)) {
    throw new S3Failure(400, 'KeyTooLongError', 'Your key is too long for this storage.');
  }
}

/** The body length the client announced: required (no chunked uploads) and bounded. */
function announcedLength(req: IncomingMessage, auth: SignedRequest): number {
  const raw = header(req, 'content-length');
  if (raw === undefined || header(req, 'transfer-encoding') !== undefined) {
    throw new S3Failure(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  }
  const length = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(length)) {
    throw new S3Failure(400, 'InvalidArgument', 'Content-Length must be a whole number of bytes.');
  }
  if (length > MAX_PUT_BYTES) {
    throw new S3Failure(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.');
  }
  // A presigned URL is handed to a browser: what it may write must be fixed by whoever signed it.
  if (auth.presigned && !auth.signedHeaders.has('content-length')) {
    throw new S3Failure(
      403,
      'AccessDenied',
      'This URL does not fix the size of the upload (content-length is not signed).',
    );
  }
  return length;
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

/** Runs `action` after every action queued before under `key`, one at a time. */
async function inTurn(queue: Map<string, Promise<void>>, key: string, action: () => Promise<void>): Promise<void> {
  const next = (queue.get(key) ?? Promise.resolve()).then(action);
  const settled = next.catch(() => {});
  queue.set(key, settled);
  try {
    await next;
  } finally {
    if (queue.get(key) === settled) queue.delete(key);
  }
}

export function createMultipartFront(opts: {
  root: string;
  store: FilesystemStore;
  prefix: string;
  /** The host's free-space reserve: a write that would break it is refused with 507. */
  reserve: DiskReserve;
}): MultipartFront {
  const { root, store, prefix } = opts;
  const uploadsDir = (bucket: string) => path.join(root, bucket, UPLOADS_DIR);

  /**
   * Claims room for a write of `bytes` until the returned release, so that parallel writes each
   * count the others. A disk filled by someone else is still met by the write itself (ENOSPC),
   * and answered alike.
   */
  async function claimRoom(bytes: number): Promise<() => void> {
    const release = await opts.reserve.claim(root, bytes);
    if (!release) throw insufficientStorage();
    return release;
  }

  /** A file name in `dir` no other request uses, for bytes that are moved into place once whole. */
  function tmpFile(dir: string, label: string): string {
    return path.join(dir, `${label}-${randomBytes(8).toString('hex')}${TMP_SUFFIX}`);
  }

  /** Streams `source` into `file`, bounded by `length`; returns the MD5 of what was written. */
  async function writeStream(source: Readable, file: string, length: number): Promise<string> {
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
  async function writeSmall(file: string, data: string): Promise<void> {
    try {
      await writeFile(file, data);
    } catch (error) {
      throw writeFailure(error) ?? error;
    }
  }

  /** Moves a finished temporary file into place as the object, with its metadata. */
  async function publish(bucket: string, key: string, tmp: string, metadata: Record<string, string>, md5: string) {
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

  /** One part's replacements in turn, so that the part and its .md5 always belong together. */
  const publishing = new Map<string, Promise<void>>();
  async function publishPart(file: string, tmp: string, md5: string): Promise<void> {
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

  /**
   * The completes and cancels of one upload in turn, each finding the upload still there or
   * answering NoSuchUpload, as S3 does. Both move or remove the upload's folder: run together, two
   * completes would publish it twice (the second failing half way), and a cancel could delete
   * parts that a complete is publishing.
   */
  const settling = new Map<string, Promise<void>>();
  async function settle(upload: Upload, action: () => Promise<void>): Promise<void> {
    await inTurn(settling, upload.dir, async () => {
      if ((await readFile(path.join(upload.dir, 'key'), 'utf8').catch(() => null)) !== upload.key) {
        throw noSuchUpload();
      }
      await action();
    });
  }

  async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new S3Failure(400, 'MaxMessageLengthExceeded', 'Your request was too big.');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  return {
    async open(bucket, key, uploadId) {
      // The id becomes a path: only our own 32-hex ids may pass.
      if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload();
      const dir = path.join(uploadsDir(bucket), uploadId);
      const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
      if (storedKey !== key) throw noSuchUpload();
      return { bucket, key, uploadId, dir };
    },

    async initiate(req, res, bucket, key) {
      checkKey(key);
      (await claimRoom(0))();
      const uploadId = randomBytes(16).toString('hex');
      const dir = path.join(uploadsDir(bucket), uploadId);
      try {
        await mkdir(dir, { recursive: true });
        await writeSmall(path.join(dir, 'metadata'), JSON.stringify(req.headers));
        // Written last: an upload exists (for open()) only once both files are complete.
        await writeSmall(path.join(dir, 'key'), key);
      } catch (error) {
        await rm(dir, { recursive: true, force: true }).catch(() => {});
        throw writeFailure(error) ?? error;
      }
      sendXml(
        res,
        200,
        'InitiateMultipartUploadResult',
        el('Bucket', bucket) + el('Key', key) + el('UploadId', uploadId),
      );
    },

    async putObject(req, res, bucket, key, auth) {
      checkKey(key);
      if (header(req, 'x-amz-copy-source') !== undefined) {
        throw new S3Failure(501, 'NotImplemented', 'Copying objects is not supported by this storage.');
      }
      const length = announcedLength(req, auth);
      const release = await claimRoom(length);
      try {
        await mkdir(uploadsDir(bucket), { recursive: true });
        const tmp = tmpFile(uploadsDir(bucket), 'put');
        const md5 = await writeStream(req, tmp, length);
        await publish(bucket, key, tmp, req.headers as Record<string, string>, md5);
        res.setHeader('ETag', `"${md5}"`);
      } finally {
        release();
      }
      res.statusCode = 200;
      res.end();
    },

    async uploadPart(req, res, upload, partNumber, auth) {
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
        throw new S3Failure(
          400,
          'InvalidArgument',
          `Part number must be an integer between 1 and ${MAX_PARTS}, inclusive`,
        );
      }
      const length = announcedLength(req, auth);
      const release = await claimRoom(length);
      const file = path.join(upload.dir, String(partNumber));
      // Each send of a part streams into a file of its own and replaces the part only once whole,
      // as S3 does. Two sends of one part can overlap (a service worker handing its uploads over
      // while its request is still arriving): writing both into the part's file let the one cut
      // off delete or mangle the part the other had just finished, and completing then failed.
      const tmp = tmpFile(upload.dir, `part-${partNumber}`);
      let md5: string;
      try {
        md5 = await writeStream(req, tmp, length);
        await publishPart(file, tmp, md5);
      } finally {
        release();
      }
      res.statusCode = 200;
      res.setHeader('ETag', `"${md5}"`);
      res.setHeader('Content-Length', '0');
      res.end();
    },

    async listParts(res, { bucket, key, uploadId, dir }) {
      // A complete or a cancel may move the folder away after open(): gone, as S3 would say.
      const stored = await readParts(dir).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? noSuchUpload() : error;
      });
      const parts = [...stored.entries()].sort(([a], [b]) => a - b);
      sendXml(
        res,
        200,
        'ListPartsResult',
        [
          el('Bucket', bucket),
          el('Key', key),
          el('UploadId', uploadId),
          el('PartNumberMarker', '0'),
          el('NextPartNumberMarker', String(parts.at(-1)?.[0] ?? 0)),
          el('MaxParts', String(MAX_PARTS)),
          el('IsTruncated', 'false'),
          el('StorageClass', 'STANDARD'),
          ...parts.map(
            ([n, p]) =>
              `<Part>${el('PartNumber', String(n))}${el('LastModified', p.modified.toISOString())}${el('ETag', `"${p.etag}"`)}${el('Size', String(p.size))}</Part>`,
          ),
        ].join(''),
      );
    },

    async complete(req, res, upload) {
      const { bucket, key } = upload;
      const body = await readBody(req, MAX_COMPLETE_BODY_BYTES);
      const listed = parseCompleteBody(body, header(req, 'x-amz-content-sha256'));
      let etag = '';
      await settle(upload, async () => {
        etag = await joinUpload(store, upload, listed);
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
    },

    async abort(res, upload) {
      await settle(upload, () => rm(upload.dir, { recursive: true, force: true }));
      res.statusCode = 204;
      res.end();
    },

    async listUploads(res, bucket, keyPrefix) {
      const base = uploadsDir(bucket);
      const ids = await readdir(base).catch(() => [] as string[]);
      const uploads: { key: string; id: string; initiated: Date }[] = [];
      for (const id of ids.filter((i) => UPLOAD_ID.test(i))) {
        try {
          const keyFile = path.join(base, id, 'key');
          const [key, st] = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]);
          if (key.startsWith(keyPrefix)) uploads.push({ key, id, initiated: st.mtime });
        } catch {
          // half-created or just removed
        }
      }
      uploads.sort((a, b) =>
        a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1,
      );
      sendXml(
        res,
        200,
        'ListMultipartUploadsResult',
        [
          el('Bucket', bucket),
          el('KeyMarker', ''),
          el('UploadIdMarker', ''),
          el('Prefix', keyPrefix),
          el('MaxUploads', String(Math.max(1000, uploads.length))),
          el('IsTruncated', 'false'),
          ...uploads.map(
            (u) =>
              `<Upload>${el('Key', u.key)}${el('UploadId', u.id)}${el('StorageClass', 'STANDARD')}${el('Initiated', u.initiated.toISOString())}</Upload>`,
          ),
        ].join(''),
      );
    },
  };
}
