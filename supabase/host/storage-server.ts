// The embedded S3-compatible bucket for one machine: s3rver in-process, behind
// a front that does what s3rver does not (DESIGN §5): it checks AWS SigV4
// signatures, answers CORS itself, and implements AbortMultipartUpload,
// ListParts and ListMultipartUploads, and the part checks of
// CompleteMultipartUpload. Bodies are streamed straight into s3rver, never
// buffered, except the small XML body of CompleteMultipartUpload.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MAX_PARTS, MIN_PART_SIZE } from '../functions/_shared/domain/constants.ts';

export interface EmbeddedStorageOptions {
  dataDir: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  allowedOrigins: string[];
  log?: (m: string) => void;
  /** Path prefix the host mounts us under; it is part of what clients sign. */
  pathPrefix?: string;
}

export interface EmbeddedStorage {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

// s3rver ships no types; these are the few pieces we touch.
interface CorsRule {
  hasWildcardOrigin: boolean;
  allowedMethods: string[];
  allowedHeaders: RegExp[];
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}
interface CorsConfig {
  matchRule(origin: string, method: string): CorsRule | undefined;
}
interface FilesystemStore {
  getBucket(bucket: string): Promise<unknown>;
  putBucket(bucket: string): Promise<unknown>;
  getSubresource(bucket: string, key: undefined, type: 'cors'): Promise<CorsConfig | null>;
  putSubresource(bucket: string, key: undefined, config: unknown): Promise<void>;
  putObjectMultipart(
    bucket: string,
    uploadId: string,
    parts: { number: number; etag: string }[],
  ): Promise<{ md5: string; size: number }>;
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
const { S3CorsConfiguration } = require('s3rver/lib/models/config.js') as {
  S3CorsConfiguration: { validate(xml: string): unknown };
};

// Where s3rver's FilesystemStore keeps multipart uploads:
// <root>/<bucket>/._S3rver_uploads/<uploadId>/{key,metadata,<n>,<n>.md5}
const UPLOADS_DIR = '._S3rver_uploads';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const MAX_COMPLETE_BODY = 1024 * 1024;

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function corsXml(origins: string[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    '<CORSConfiguration><CORSRule>',
    ...origins.map((o) => `<AllowedOrigin>${esc(o)}</AllowedOrigin>`),
    ...['GET', 'PUT', 'POST', 'DELETE', 'HEAD'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`),
    '<AllowedHeader>*</AllowedHeader>',
    '<ExposeHeader>ETag</ExposeHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

export async function startEmbeddedStorage(opts: EmbeddedStorageOptions): Promise<EmbeddedStorage> {
  const log = opts.log ?? (() => {});
  const prefix = (opts.pathPrefix ?? '/storage').replace(/\/+$/, '');
  const root = path.join(opts.dataDir, 'storage');
  await mkdir(root, { recursive: true });

  const app = new S3rver({
    directory: root,
    silent: true,
    // Requests reach us as http://host/storage/<bucket>/<key>: path style only.
    vhostBuckets: false,
  });
  // Our front has already checked the signature; s3rver only needs to know
  // the key exists (it needs an account to honour response-* overrides).
  DUMMY_ACCOUNT.createKeyPair(opts.accessKeyId, opts.secretAccessKey);
  app.on('error', (err, ctx) => {
    // A client that went away mid-body (a cancelled or killed upload) is not the storage's fault.
    if (err.expose || ctx?.req.destroyed) return;
    log(`storage: ${err.stack ?? err.message}`);
  });
  const koa = app.callback();
  const store = app.store;

  if (!(await store.getBucket(opts.bucket))) await store.putBucket(opts.bucket);
  // Rewritten on every start so a changed list of app origins takes effect.
  await store.putSubresource(opts.bucket, undefined, S3CorsConfiguration.validate(corsXml(opts.allowedOrigins)));

  const uploadDir = (bucket: string, uploadId: string) => path.join(root, bucket, UPLOADS_DIR, uploadId);

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

    const origin = header(req, 'origin');
    if (method === 'OPTIONS') {
      await preflight(req, res, bucket, origin);
      return;
    }
    if (origin && bucket) {
      const rule = (await store.getSubresource(bucket, undefined, 'cors').catch(() => null))?.matchRule(origin, method);
      if (rule) {
        // Set before the answer so even our own errors (an expired URL) are
        // readable by the page, which must re-sign rather than fail blindly.
        res.setHeader('Access-Control-Allow-Origin', rule.hasWildcardOrigin ? '*' : origin);
        if (rule.exposeHeaders.length) res.setHeader('Access-Control-Expose-Headers', rule.exposeHeaders.join(', '));
      }
      res.setHeader('Vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
    }

    verifySignature(req, method, rawPath, query, opts.accessKeyId, opts.secretAccessKey);

    const uploadId = query.find(([k]) => k === 'uploadId')?.[1];
    if (uploadId !== undefined && key) {
      const dir = await openUpload(bucket, key, uploadId);
      if (method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        res.statusCode = 204;
        res.end();
        return;
      }
      if (method === 'GET') {
        await listParts(res, dir, bucket, key, uploadId);
        return;
      }
      if (method === 'POST') {
        await completeUpload(req, res, dir, bucket, key, uploadId);
        return;
      }
      if (method === 'PUT') {
        const partNumber = Number(query.find(([k]) => k === 'partNumber')?.[1]);
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
          throw new S3Failure(
            400,
            'InvalidArgument',
            `Part number must be an integer between 1 and ${MAX_PARTS}, inclusive`,
          );
        }
        // s3rver writes the part file in place and its .md5 only at the end;
        // dropping the old .md5 first means a replacement cut short leaves no
        // part rather than a truncated part under the old ETag.
        await rm(path.join(dir, `${partNumber}.md5`), { force: true });
      }
    } else if (method === 'GET' && bucket && !key && query.some(([k]) => k === 'uploads')) {
      await listUploads(res, bucket, query);
      return;
    }

    req.url = innerPath + (q < 0 ? '' : '?' + rawQuery);
    koa(req, res);
  }

  async function preflight(req: IncomingMessage, res: ServerResponse, bucket: string, origin: string | undefined) {
    const requestMethod = header(req, 'access-control-request-method');
    if (!origin || !requestMethod) {
      throw new S3Failure(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
    }
    const rule = bucket
      ? (await store.getSubresource(bucket, undefined, 'cors').catch(() => null))?.matchRule(origin, requestMethod)
      : undefined;
    const requested = (header(req, 'access-control-request-headers') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    if (!rule || !requested.every((h) => rule.allowedHeaders.some((p) => p.test(h)))) {
      throw new S3Failure(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
    }
    res.statusCode = 200;
    res.setHeader('Access-Control-Allow-Origin', rule.hasWildcardOrigin ? '*' : origin);
    res.setHeader('Access-Control-Allow-Methods', rule.allowedMethods.join(', '));
    if (requested.length) res.setHeader('Access-Control-Allow-Headers', requested.join(', '));
    if (rule.exposeHeaders.length) res.setHeader('Access-Control-Expose-Headers', rule.exposeHeaders.join(', '));
    if (rule.maxAgeSeconds != null) res.setHeader('Access-Control-Max-Age', String(rule.maxAgeSeconds));
    res.setHeader('Vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
    res.setHeader('Content-Length', '0');
    res.end();
  }

  async function openUpload(bucket: string, key: string, uploadId: string): Promise<string> {
    const noSuchUpload = new S3Failure(
      404,
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    );
    // The id becomes a path: only s3rver's own 32-hex ids may pass.
    if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload;
    const dir = uploadDir(bucket, uploadId);
    const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (storedKey !== key) throw noSuchUpload;
    return dir;
  }

  async function readParts(dir: string): Promise<Map<number, { etag: string; size: number; modified: Date }>> {
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

  async function listParts(res: ServerResponse, dir: string, bucket: string, key: string, uploadId: string) {
    const parts = [...(await readParts(dir)).entries()].sort(([a], [b]) => a - b);
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
  }

  async function completeUpload(
    req: IncomingMessage,
    res: ServerResponse,
    dir: string,
    bucket: string,
    key: string,
    uploadId: string,
  ) {
    const body = await readBody(req, MAX_COMPLETE_BODY);
    const declared = header(req, 'x-amz-content-sha256');
    if (declared && /^[0-9a-f]{64}$/i.test(declared) && sha256Hex(body) !== declared.toLowerCase()) {
      throw new S3Failure(
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
      );
    }
    const xml = body.toString('utf8');
    const listed = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => {
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
    const { md5 } = await store.putObjectMultipart(bucket, uploadId, listed);
    const host = header(req, 'host') ?? 'localhost';
    sendXml(
      res,
      200,
      'CompleteMultipartUploadResult',
      [
        el('Location', `http://${host}${prefix}/${encodePath(bucket)}/${encodePath(key)}`),
        el('Bucket', bucket),
        el('Key', key),
        el('ETag', `"${md5}"`),
      ].join(''),
    );
  }

  async function listUploads(res: ServerResponse, bucket: string, query: [string, string][]) {
    if (!(await store.getBucket(bucket)))
      throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const keyPrefix = query.find(([k]) => k === 'prefix')?.[1] ?? '';
    const base = path.join(root, bucket, UPLOADS_DIR);
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
    uploads.sort((a, b) => (a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1));
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
        // Drain what the client is still sending so it reads our answer
        // instead of a reset connection.
        if (!req.complete) req.resume();
        sendXml(
          res,
          failure.status,
          'Error',
          el('Code', failure.code) + el('Message', failure.message),
          req.method === 'HEAD',
        );
      });
    },
    async close() {
      // The key stays registered: s3rver's account registry is process-wide
      // and another instance (a restart in tests) may use the same key.
      app.logger.exceptions.unhandle();
      app.logger.close();
    },
  };
}

// ---- SigV4 ----

function verifySignature(
  req: IncomingMessage,
  method: string,
  rawPath: string,
  query: [string, string][],
  accessKeyId: string,
  secretAccessKey: string,
): void {
  const param = (name: string) => query.find(([k]) => k === name)?.[1];
  const authorization = header(req, 'authorization');
  const presigned = param('X-Amz-Algorithm') !== undefined;
  if (!authorization && !presigned) {
    throw new S3Failure(403, 'AccessDenied', 'Access Denied');
  }
  if (authorization && presigned) {
    throw new S3Failure(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  }

  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  const now = Date.now();

  if (presigned) {
    const algorithm = param('X-Amz-Algorithm');
    const cred = param('X-Amz-Credential');
    const date = param('X-Amz-Date');
    const expires = param('X-Amz-Expires');
    const signed = param('X-Amz-SignedHeaders');
    const sig = param('X-Amz-Signature');
    if (algorithm !== 'AWS4-HMAC-SHA256' || !cred || !date || !expires || !signed || !sig) {
      throw new S3Failure(
        400,
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    const seconds = Number(expires);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
      throw new S3Failure(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be between 1 and 604800 seconds.',
      );
    }
    const signedAt = parseAmzDate(date);
    if (signedAt > now + MAX_CLOCK_SKEW_MS) throw new S3Failure(403, 'AccessDenied', 'Request is not valid yet');
    if (now > signedAt + seconds * 1000) throw new S3Failure(403, 'AccessDenied', 'Request has expired');
    credential = cred;
    signedHeaders = signed.split(';');
    signature = sig;
    amzDate = date;
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  } else {
    const m = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)\s*$/i.exec(
      authorization!,
    );
    if (!m) throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const date = header(req, 'x-amz-date');
    const hash = header(req, 'x-amz-content-sha256');
    if (!date)
      throw new S3Failure(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (!hash)
      throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (Math.abs(now - parseAmzDate(date)) > MAX_CLOCK_SKEW_MS) {
      throw new S3Failure(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    credential = m[1]!;
    signedHeaders = m[2]!.split(';');
    signature = m[3]!;
    amzDate = date;
    payloadHash = hash;
  }

  const [keyId, day, region, service, terminator, ...rest] = credential.split('/');
  if (!keyId || !day || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length) {
    throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The credential is malformed.');
  }
  if (keyId !== accessKeyId) {
    throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (day !== amzDate.slice(0, 8)) {
    throw new S3Failure(403, 'SignatureDoesNotMatch', 'The credential date does not match the request date.');
  }
  if (!signedHeaders.includes('host')) {
    throw new S3Failure(403, 'AccessDenied', 'The host header must be signed.');
  }
  // Unsigned x-amz-* headers could change what a presigned URL does (e.g. turn
  // a PUT into a copy of another object), so S3 refuses them and so do we.
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith('x-amz-') && !signedHeaders.includes(name) && !(presigned && name === 'x-amz-content-sha256')) {
      throw new S3Failure(
        403,
        'AccessDenied',
        `There were headers present in the request which were not signed: ${name}`,
      );
    }
  }

  const canonicalQuery = query
    .filter(([k]) => !(presigned && k === 'X-Amz-Signature'))
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(header(req, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    method,
    encodePath(rawPath.split('/').map(safeDecode).join('/')),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let signingKey = hmac(`AWS4${secretAccessKey}`, day);
  signingKey = hmac(signingKey, region);
  signingKey = hmac(signingKey, 's3');
  signingKey = hmac(signingKey, 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
  const given = Buffer.from(signature.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new S3Failure(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

// ---- helpers ----

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new S3Failure(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

function parseQuery(raw: string): [string, string][] {
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return i < 0 ? [safeDecode(pair), ''] : [safeDecode(pair.slice(0, i)), safeDecode(pair.slice(i + 1))];
    });
}

function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function encodePath(p: string): string {
  return p.split('/').map(rfc3986).join('/');
}

function parseAmzDate(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) {
    throw new S3Failure(
      400,
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
    );
  }
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function el(name: string, value: string): string {
  return `<${name}>${xmlEscape(value)}</${name}>`;
}

function sendXml(res: ServerResponse, status: number, root: string, inner: string, headOnly = false): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inner}</${root}>`;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(headOnly ? undefined : body);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new S3Failure(400, 'MaxMessageLengthExceeded', 'Your request was too big.'));
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
