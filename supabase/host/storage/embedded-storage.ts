// The embedded S3-compatible bucket for one machine: s3rver's folder store in-process, behind a
// front that does what s3rver does not do, or does unsafely (docs/testing.md):
// - sigv4.ts checks every request's AWS SigV4 signature (s3rver checks none);
// - cors.ts answers browsers from the same CORS rule an external bucket gets;
// - one module per write it serves itself (create-multipart-upload.ts, upload-part.ts,
//   list-parts.ts, complete-multipart-upload.ts, abort-multipart-upload.ts,
//   list-multipart-uploads.ts, put-object.ts), each byte written by disk-writes.ts (streamed,
//   bounded by the signed length, errors handled) into the folders of upload-folder.ts;
// - parted-objects.ts keeps a completed multipart object as its parts, and teaches s3rver to read it;
// - xml.ts writes S3's answers.
// s3rver itself only reads objects (GET/HEAD, with S3's response-* overrides) and deletes them.
// Only the operations Ulak uses are served; anything else is refused with 501.
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bucketCorsRule } from '../../functions/_shared/storage-cors.ts';
import { createDiskReserve, type DiskReserve } from '../disk-reserve.ts';
import { answerPreflight, applyCors } from './cors.ts';
import { S3Failure } from './errors.ts';
import { abortMultipartUpload } from './abort-multipart-upload.ts';
import { completeMultipartUpload } from './complete-multipart-upload.ts';
import { createMultipartUpload } from './create-multipart-upload.ts';
import type { FilesystemStore, StorageDisk } from './disk-writes.ts';
import { listMultipartUploads } from './list-multipart-uploads.ts';
import { listParts } from './list-parts.ts';
import { type ObjectStore, readPartedObjects } from './parted-objects.ts';
import { putObject } from './put-object.ts';
import { checkKey, parseQuery, queryParam, safeDecode } from './s3-request.ts';
import { verifySignature } from './sigv4.ts';
import { openUpload, removePartialWrites } from './upload-folder.ts';
import { uploadPart } from './upload-part.ts';
import { sendError } from './xml.ts';

export interface EmbeddedStorageOptions {
  dataDir: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  allowedOrigins: string[];
  log?: (m: string) => void;
  /** Path prefix the host mounts us under; it is part of what clients sign. */
  pathPrefix?: string;
  /** Writes that would break this free-space reserve are refused (507). Default: a reserve of 0. */
  reserve?: DiskReserve;
}

export interface EmbeddedStorage {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

interface S3rverApp {
  store: FilesystemStore;
  logger: { close(): void; exceptions: { unhandle(): void } };
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(
    event: 'error',
    listener: (err: Error & { status?: number; expose?: boolean }, ctx?: { req: IncomingMessage }) => void,
  ): void;
}
type S3rverCtor = new (options: Record<string, unknown>) => S3rverApp;

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverCtor;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
};

/** Bucket and object configuration Ulak never uses: refused rather than half-served by s3rver. */
const SUBRESOURCES = ['acl', 'cors', 'lifecycle', 'policy', 'tagging', 'website', 'versioning', 'location', 'delete'];

const notImplemented = () =>
  new S3Failure(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');

/**
 * Whatever the stored metadata says, a download is an attachment the browser may not sniff or run:
 * a stored text/html file must never render on the app's origin.
 */
function forceDownloadHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const disposition = res.getHeader('content-disposition');
    if (typeof disposition !== 'string' || !/^attachment(;|$)/i.test(disposition.trim())) {
      res.setHeader('Content-Disposition', 'attachment');
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', 'sandbox');
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

export async function startEmbeddedStorage(opts: EmbeddedStorageOptions): Promise<EmbeddedStorage> {
  const log = opts.log ?? (() => {});
  const prefix = (opts.pathPrefix ?? '/storage').replace(/\/+$/, '');
  const root = path.join(opts.dataDir, 'storage');
  await mkdir(root, { recursive: true, mode: 0o700 });
  // Before any request: a killed host leaves the parts it was receiving half written.
  await removePartialWrites(root);
  const cors = bucketCorsRule(opts.allowedOrigins);
  const keys = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey };

  const app = new S3rver({
    directory: root,
    silent: true,
    // Requests reach us as http://host/storage/<bucket>/<key>: path style only.
    vhostBuckets: false,
  });
  // Our front has already checked the signature; s3rver only needs to know the key exists (it
  // needs an account to honour response-* overrides).
  DUMMY_ACCOUNT.createKeyPair(opts.accessKeyId, opts.secretAccessKey);
  app.on('error', (err, ctx) => {
    // A client that went away mid-body (a cancelled or killed download) is not the storage's fault.
    if (err.expose || ctx?.req.destroyed) return;
    log(`storage: ${err.stack ?? err.message}`);
  });
  const koa = app.callback();
  const store = app.store;
  readPartedObjects(store as FilesystemStore & ObjectStore);
  if (!(await store.getBucket(opts.bucket))) await store.putBucket(opts.bucket);
  const disk: StorageDisk = { root, store, reserve: opts.reserve ?? createDiskReserve(0) };

  async function handleAsync(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    if (rawPath !== prefix && !rawPath.startsWith(prefix + '/')) {
      throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const innerPath = rawPath.slice(prefix.length) || '/';
    const segments = innerPath.split('/').slice(1).map(safeDecode);
    const bucket = segments[0] ?? '';
    const key = segments.slice(1).join('/');
    const query = parseQuery(rawQuery);
    const method = (req.method ?? 'GET').toUpperCase();

    if (method === 'OPTIONS') {
      answerPreflight(req, res, cors);
      return;
    }
    applyCors(req, res, cors);
    const auth = await verifySignature(req, rawPath, query, keys);

    if (bucket !== opts.bucket) throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (query.some(([k]) => SUBRESOURCES.includes(k))) throw notImplemented();

    if (!key) {
      // HeadBucket answers from the folder alone: O(1), whatever the bucket holds.
      if (method === 'HEAD') {
        res.statusCode = 200;
        res.end();
        return;
      }
      if (method === 'GET' && query.some(([k]) => k === 'uploads')) {
        await listMultipartUploads(root, res, bucket, queryParam(query, 'prefix') ?? '');
        return;
      }
      throw notImplemented();
    }

    const uploadId = queryParam(query, 'uploadId');
    if (uploadId !== undefined) {
      const upload = await openUpload(root, bucket, key, uploadId);
      if (method === 'PUT') {
        return uploadPart(disk, req, res, { upload, partNumber: Number(queryParam(query, 'partNumber')) }, auth);
      }
      if (method === 'GET') return listParts(res, upload);
      if (method === 'POST') return completeMultipartUpload(disk, req, res, upload, prefix);
      if (method === 'DELETE') return abortMultipartUpload(res, upload);
      throw notImplemented();
    }
    if (method === 'POST' && query.some(([k]) => k === 'uploads')) {
      return createMultipartUpload(disk, req, res, bucket, key);
    }
    if (method === 'PUT') return putObject(disk, req, res, { bucket, key }, auth);
    if (method === 'GET' || method === 'HEAD' || method === 'DELETE') {
      checkKey(key);
      if (method !== 'DELETE') forceDownloadHeaders(res);
      req.url = innerPath + (q < 0 ? '' : '?' + rawQuery);
      koa(req, res);
      return;
    }
    throw notImplemented();
  }

  return {
    handle(req, res) {
      handleAsync(req, res).catch((err: unknown) => {
        if (req.destroyed && !(err instanceof S3Failure)) {
          res.destroy(); // the client went away mid-request: nobody to answer, nothing to report
          return;
        }
        const failure =
          err instanceof S3Failure
            ? err
            : (log(`storage: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
              new S3Failure(500, 'InternalError', 'We encountered an internal error. Please try again.'));
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // Drain (and drop) what the client is still sending, so it reads our answer instead of a
        // reset connection; the server's request timeout bounds how long that may go on.
        if (!req.complete) req.resume();
        sendError(res, failure, req.method === 'HEAD');
      });
    },
    async close() {
      // The key stays registered: s3rver's account registry is process-wide and another instance
      // (a restart in tests) may use the same key.
      app.logger.exceptions.unhandle();
      app.logger.close();
    },
  };
}
