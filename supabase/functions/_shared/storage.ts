// The API's S3 client. It holds the keys and hands the browser presigned URLs,
// so file bytes go browser <-> bucket directly (docs/architecture.md). Runs on Node and
// Deno: Web APIs and the AWS SDK only.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutBucketCorsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { safeDownloadName } from './domain/file-name.ts';
import { downloadContentType } from './served-type.ts';
import { bucketCorsRule } from './storage-cors.ts';

export interface StorageConfig {
  endpoint: string;
  /** Where browsers reach the bucket, if not at `endpoint`; presigned URLs are signed for it. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
}

export interface StoredObject {
  size: number;
  contentDisposition?: string;
  /** User metadata; `original-name` comes back decoded (it is stored percent-encoded). */
  metadata: Record<string, string>;
}

export interface Storage {
  bucket: string;
  check(): Promise<void>;
  createMultipartUpload(
    key: string,
    o: { contentType: string; originalName: string; uploadDate: string },
  ): Promise<string>;
  /**
   * A URL for one part PUT. Its Content-Length is signed into it, so the bucket (S3, R2 and the
   * embedded storage alike) refuses a body of any other length: the size is enforced where the
   * bytes arrive. A browser's fetch of a Blob slice sends exactly that length.
   */
  presignUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    contentLength: number,
    expiresInSeconds: number,
  ): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  listParts(key: string, uploadId: string): Promise<{ partNumber: number; etag: string; size: number }[]>;
  listMultipartUploads(prefix?: string): Promise<{ key: string; uploadId: string; initiated: Date }[]>;
  headObject(key: string): Promise<StoredObject | null>;
  /**
   * A download URL that makes every backend answer as an attachment under `fileName`, with a
   * content type no browser renders as a page (response-content-disposition / -type).
   */
  presignGet(
    key: string,
    expiresInSeconds: number,
    download: { fileName: string; contentType: string },
  ): Promise<string>;
  deleteObject(key: string): Promise<void>;
  putBucketCors(origins: string[]): Promise<void>;
}

export type StorageErrorCode =
  'bucket_not_found' | 'upload_not_found' | 'invalid_part' | 'unreachable' | 'auth' | 'full' | 'failed';

/**
 * The API's one storage error. It carries meaning for the handlers: `code` tells a missing upload
 * (409 upload_gone) from refused parts (400), an unreachable or misconfigured bucket (503) and a
 * full one (507), whatever S3 implementation is behind it.
 */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    /** The S3 error name when there was one (NoSuchUpload, EntityTooSmall...). */
    readonly s3Code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export function r2Endpoint(accountId: string): string {
  return `https://${accountId}.r2.cloudflarestorage.com`;
}

/** The CORS rules the bucket needs so pages at `origins` can PUT parts and read their ETag. */
export function corsRules(origins: string[]) {
  return [bucketCorsRule(origins)];
}

// RFC 5987 attr-char: ALPHA / DIGIT / "!#$&+-.^_`|~"; encodeURIComponent
// leaves ' ( ) * unencoded, which attr-char does not allow.
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/**
 * `attachment` with a plain ASCII `filename` for old clients and the safe download name
 * (safeDownloadName) in `filename*`. Set when the object is created and again as
 * response-content-disposition on every presigned GET, so a download is an attachment even on a
 * backend that ignored one of the two.
 */
export function contentDisposition(originalName: string): string {
  const name = safeDownloadName(originalName);
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback || 'file'}"; filename*=UTF-8''${rfc5987(name)}`;
}

// S3 metadata travels as HTTP headers and must be printable ASCII; `%` is
// encoded too so decodeURIComponent gives back the exact name.
function encodeMetadata(value: string): string {
  let out = '';
  for (const ch of value) out += /[\x20-\x7e]/.test(ch) && ch !== '%' ? ch : encodeURIComponent(ch);
  return out;
}

function decodeMetadata(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ECONNRESET',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const AUTH_NAMES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'Forbidden',
  'InvalidToken',
]);

function toStorageError(err: unknown, bucket: string): StorageError {
  if (err instanceof StorageError) return err;
  const e = (err ?? {}) as SdkError;
  const name = e.Code ?? e.name ?? '';
  const status = e.$metadata?.httpStatusCode;
  const message = e.message || name || String(err);
  if (name === 'InsufficientStorage' || status === 507) {
    return new StorageError('full', 'The storage is full.', name || undefined, { cause: err });
  }
  if (name === 'NoSuchBucket') {
    return new StorageError(
      'bucket_not_found',
      `Storage bucket not found: the bucket "${bucket}" does not exist. Create it, or check the bucket name in the environment.`,
      name,
      { cause: err },
    );
  }
  if (AUTH_NAMES.has(name) || status === 403) {
    return new StorageError(
      'auth',
      'Authentication error: Invalid credentials. Check the storage access key ID and secret access key.',
      name,
      { cause: err },
    );
  }
  if (
    status === undefined &&
    (NETWORK_CODES.has(e.code ?? '') || name === 'TimeoutError' || err instanceof TypeError)
  ) {
    return new StorageError('unreachable', `Storage is unreachable: ${message}`, name || e.code, { cause: err });
  }
  const code: StorageErrorCode =
    name === 'NoSuchUpload'
      ? 'upload_not_found'
      : name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall'
        ? 'invalid_part'
        : 'failed';
  return new StorageError(code, `Failed to upload to object storage: ${message}`, name || undefined, { cause: err });
}

export function createStorage(cfg: StorageConfig): Storage {
  const base = {
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle ?? false,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    // Flexible checksums would add CRC headers/query parameters that presigned
    // browser PUTs cannot satisfy and that R2 and s3rver do not all accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  } as const;
  const client = new S3Client({ ...base, endpoint: cfg.endpoint });
  // The host may reach the bucket at an address browsers cannot (127.0.0.1
  // vs localhost, a private network): URLs for browsers are signed for theirs.
  const presigner =
    cfg.publicEndpoint && cfg.publicEndpoint !== cfg.endpoint
      ? new S3Client({ ...base, endpoint: cfg.publicEndpoint })
      : client;
  const Bucket = cfg.bucket;

  async function run<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw toStorageError(err, Bucket);
    }
  }

  return {
    bucket: Bucket,

    check: () =>
      run(async () => {
        try {
          await client.send(new HeadBucketCommand({ Bucket }));
        } catch (err) {
          // HEAD answers carry no body, so a missing bucket is just "NotFound".
          if ((err as SdkError).$metadata?.httpStatusCode === 404)
            throw Object.assign(new Error('NoSuchBucket'), { name: 'NoSuchBucket' });
          throw err;
        }
      }),

    createMultipartUpload: (key, o) =>
      run(async () => {
        const out = await client.send(
          new CreateMultipartUploadCommand({
            Bucket,
            Key: key,
            ContentType: downloadContentType(o.contentType),
            ContentDisposition: contentDisposition(o.originalName),
            Metadata: { 'original-name': encodeMetadata(o.originalName), 'upload-date': o.uploadDate },
          }),
        );
        if (!out.UploadId) throw new Error('the storage returned no upload id');
        return out.UploadId;
      }),

    presignUploadPart: (key, uploadId, partNumber, contentLength, expiresInSeconds) =>
      run(() =>
        getSignedUrl(
          presigner,
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            ContentLength: contentLength,
          }),
          // The presigner leaves content-length unsigned unless told; signed, it fixes the part's size.
          { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-length']) },
        ),
      ),

    completeMultipartUpload: (key, uploadId, parts) =>
      run(async () => {
        const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: sorted.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
          }),
        );
      }),

    abortMultipartUpload: (key, uploadId) =>
      run(async () => {
        try {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
        } catch (err) {
          if ((err as SdkError).name === 'NoSuchUpload') return;
          throw err;
        }
      }),

    listParts: (key, uploadId) =>
      run(async () => {
        const parts: { partNumber: number; etag: string; size: number }[] = [];
        let marker: string | undefined;
        for (;;) {
          const out = await client
            .send(new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }))
            .catch((err: unknown) => {
              // S3 and R2 say NoSuchUpload; Ceph's RGW answers a bare 404: either way it is gone.
              if ((err as SdkError).$metadata?.httpStatusCode === 404)
                throw Object.assign(new Error('NoSuchUpload'), { name: 'NoSuchUpload' });
              throw err;
            });
          for (const p of out.Parts ?? []) {
            if (p.PartNumber !== undefined && p.ETag)
              parts.push({ partNumber: p.PartNumber, etag: p.ETag, size: p.Size ?? 0 });
          }
          if (!out.IsTruncated || !out.NextPartNumberMarker) break;
          marker = out.NextPartNumberMarker;
        }
        return parts;
      }),

    listMultipartUploads: (prefix) =>
      run(async () => {
        const uploads: { key: string; uploadId: string; initiated: Date }[] = [];
        let keyMarker: string | undefined;
        let uploadIdMarker: string | undefined;
        for (;;) {
          const out = await client.send(
            new ListMultipartUploadsCommand({
              Bucket,
              Prefix: prefix,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          );
          for (const u of out.Uploads ?? []) {
            if (u.Key && u.UploadId)
              uploads.push({ key: u.Key, uploadId: u.UploadId, initiated: u.Initiated ?? new Date(0) });
          }
          if (!out.IsTruncated) break;
          keyMarker = out.NextKeyMarker;
          uploadIdMarker = out.NextUploadIdMarker;
        }
        return uploads;
      }),

    headObject: (key) =>
      run(async () => {
        try {
          const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
          const metadata = { ...(out.Metadata ?? {}) };
          if (metadata['original-name'] !== undefined)
            metadata['original-name'] = decodeMetadata(metadata['original-name']);
          return { size: out.ContentLength ?? 0, contentDisposition: out.ContentDisposition, metadata };
        } catch (err) {
          const e = err as SdkError;
          if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
          throw err;
        }
      }),

    presignGet: (key, expiresInSeconds, download) =>
      run(() =>
        getSignedUrl(
          presigner,
          new GetObjectCommand({
            Bucket,
            Key: key,
            ResponseContentDisposition: contentDisposition(download.fileName),
            ResponseContentType: downloadContentType(download.contentType),
          }),
          { expiresIn: expiresInSeconds },
        ),
      ),

    deleteObject: (key) =>
      run(async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      }),

    putBucketCors: (origins) =>
      run(async () => {
        await client.send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: corsRules(origins) } }));
      }),
  };
}
