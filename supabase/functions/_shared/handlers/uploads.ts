// The upload half of the share flow: create a multipart upload, sign its parts and list those the
// bucket holds (upload-complete.ts ends it). File bytes never pass through here.
import type { RouteHandler } from '../handler-types.ts';
import type { ApiContext } from '../context.ts';
import {
  MAX_PARTS_PER_SIGN_REQUEST,
  type CreatedUpload,
  type SignedParts,
  type StoredParts,
} from '../domain/api-types.ts';
import { PART_URL_TTL_SECONDS } from '../domain/constants.ts';
import { hasControlCharacters, neutralizeBidi, truncateKeepingExtension } from '../domain/file-name.ts';
import { formatBytes } from '../domain/format-bytes.ts';
import { partRange, planParts } from '../domain/part-plan.ts';
import { isTypeAllowed, maxFileBytes, type ServiceSettings } from '../domain/service-settings.ts';
import { sanitizeFileName } from '../domain/sanitize-file-name.ts';
import { newShareId } from '../domain/share-id.ts';
import {
  deleteNewUpload,
  fileById,
  insertUploadWithinQuota,
  setUploadId,
  touchUpload,
  type FileRow,
} from '../files-repo.ts';
import { HttpError, json, readJson } from '../http.ts';
import { hashOwnerToken, newOwnerToken } from '../owner-token.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { readSettings } from '../settings-store.ts';
import { StorageError, type Storage } from '../storage.ts';
import { visitorOf } from '../visitor.ts';
import { parseFileId, removeFile, requireOwner, requireStorage, shareUrl } from './share-common.ts';

const MAX_NAME_LENGTH = 255;
const MAX_TYPE_LENGTH = 255;
const SHARE_ID_ATTEMPTS = 5;
const NOT_OWNER = 'Only the device that started this upload can continue it.';
const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Longest sanitized name in an object key. Keys stay far below every backend's limit (R2 and S3:
 * 1,024 bytes; the embedded storage: a 255-byte file name per segment, suffixes included), whatever
 * the original name: that one lives in the database and in Content-Disposition.
 */
const MAX_KEY_NAME_BYTES = 120;

/** The object key: uploads/{shareId}/{sanitized name, bounded, extension kept} (docs/product.md §3). */
export function objectKey(shareId: string, name: string): string {
  const safe = truncateKeepingExtension(sanitizeFileName(name), MAX_KEY_NAME_BYTES);
  // '..' is a valid sanitized name but a path segment URL parsers collapse; never use it as a key.
  return `uploads/${shareId}/${/^\.+$/.test(safe) ? 'file' : safe}`;
}

function parseCreate(body: Record<string, unknown>): { name: string; size: number; type: string } {
  const given = typeof body.name === 'string' ? body.name : '';
  if (hasControlCharacters(given)) {
    throw new HttpError(400, 'name_invalid', 'File names may not contain control characters (such as line breaks).');
  }
  // Bidirectional controls only disguise a name (invoice\u202Egpj.exe shows as "invoiceexe.jpg").
  const name = neutralizeBidi(given).trim();
  if (!name) throw new HttpError(400, 'name_required', 'File name is required');
  if (name.length > MAX_NAME_LENGTH)
    throw new HttpError(400, 'name_too_long', `File name must be at most ${MAX_NAME_LENGTH} characters.`, {
      max: MAX_NAME_LENGTH,
    });
  const size = body.size;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw new HttpError(400, 'invalid_size', 'File size must be a whole number of bytes, zero or more');
  }
  if (body.type !== undefined && body.type !== null && typeof body.type !== 'string') {
    throw new HttpError(400, 'invalid_type', 'File type must be a text such as "text/plain".');
  }
  const type = (body.type ?? '').trim() || DEFAULT_TYPE;
  if (type.length > MAX_TYPE_LENGTH)
    throw new HttpError(400, 'invalid_type', `File type must be at most ${MAX_TYPE_LENGTH} characters.`);
  // It becomes the object's Content-Type header: printable ASCII only.
  if (!/^[\x20-\x7e]+$/.test(type))
    throw new HttpError(400, 'invalid_type', 'File type must be a MIME type such as "text/plain".');
  return { name, size, type };
}

/** The admin's settings that decide whether an upload may start (DESIGN, turn 2). */
function enforceSettings(settings: ServiceSettings, file: { name: string; size: number; type: string }): void {
  if (settings.maintenanceMode) {
    throw new HttpError(
      503,
      'maintenance',
      'The service is in maintenance: new uploads are paused. Downloads keep working; please try again later.',
    );
  }
  const maxBytes = maxFileBytes(settings);
  if (file.size > maxBytes) {
    throw new HttpError(
      413,
      'file_too_large',
      `This file is larger than ${settings.maxFileSizeGb} GB, the limit per file.`,
      { maxBytes, maxGb: settings.maxFileSizeGb },
    );
  }
  if (!isTypeAllowed(settings, file.name, file.type)) {
    throw new HttpError(415, 'type_not_allowed', `Files of this type (${file.type}) are not accepted here.`, {
      type: file.type,
      allowed: settings.allowedFileTypes,
    });
  }
}

const createLimit = (ctx: ApiContext): RateLimit => ({
  action: 'upload_create',
  max: ctx.config.limits.uploadCreatesPerWindow,
  windowMs: ctx.config.limits.uploadCreateWindowMs,
});

function quotaError(message: string, params: Record<string, number>, retryAfterSeconds?: number): HttpError {
  return new HttpError(429, retryAfterSeconds === undefined ? 'upload_quota' : 'upload_rate_limited', message, {
    ...params,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

/**
 * Inserts the upload's row within the visitor's quotas: creates per window (taken first, given back
 * when the create fails) and bytes announced by the visitor's uploads still in flight.
 */
async function insertWithinQuotas(
  ctx: ApiContext,
  visitor: string,
  upload: Omit<Parameters<typeof insertUploadWithinQuota>[1], 'shareId' | 'storagePath' | 'uploaderHash'>,
): Promise<FileRow> {
  const limit = createLimit(ctx);
  const slot = await takeSlot(ctx.db, limit, visitor, upload.createdAt);
  if (!slot.ok) {
    throw quotaError(
      `Too many uploads started from here: at most ${limit.max} an hour. Please try again later.`,
      { max: limit.max },
      slot.retryAfterSeconds,
    );
  }
  const maxBytes = ctx.config.limits.uploadInFlightBytes;
  try {
    for (let attempt = 0; attempt < SHARE_ID_ATTEMPTS; attempt++) {
      const shareId = newShareId();
      const result = await insertUploadWithinQuota(
        ctx.db,
        { ...upload, shareId, storagePath: objectKey(shareId, upload.name), uploaderHash: visitor },
        maxBytes,
      );
      if ('inFlightBytes' in result) {
        throw quotaError(
          `Your uploads in progress already announce ${formatBytes(result.inFlightBytes)}; at most ${formatBytes(maxBytes)} may be in flight at once. Let them finish, or cancel one, and try again.`,
          { maxBytes, inFlightBytes: result.inFlightBytes },
        );
      }
      if (result.row) return result.row;
    }
    throw new Error(`no free share id after ${SHARE_ID_ATTEMPTS} attempts`);
  } catch (error) {
    await releaseSlot(ctx.db, limit, visitor);
    throw error;
  }
}

export const createUpload: RouteHandler = async (req, ctx) => {
  const storage = requireStorage(ctx);
  const { name, size, type } = parseCreate(await readJson(req));
  enforceSettings(await readSettings(ctx), { name, size, type });
  const { partSize, partCount } = planParts(size);
  const ownerToken = newOwnerToken();
  const ownerTokenHash = await hashOwnerToken(ownerToken);
  const now = ctx.now();
  const row = await insertWithinQuotas(ctx, await visitorOf(req, ctx), {
    name,
    size,
    type,
    ownerTokenHash,
    partSize,
    partCount,
    createdAt: now,
  });

  let uploadId: string;
  try {
    uploadId = await storage.createMultipartUpload(row.storagePath, {
      contentType: type,
      originalName: name,
      uploadDate: now.toISOString(),
    });
  } catch (error) {
    await deleteNewUpload(ctx.db, row.id);
    if (row.uploaderHash) await releaseSlot(ctx.db, createLimit(ctx), row.uploaderHash);
    throw storageHttpError(error, 'Failed to initiate multipart upload');
  }
  await setUploadId(ctx.db, row.id, uploadId);

  return json<CreatedUpload>(
    {
      fileId: row.id,
      shareId: row.shareId,
      shareUrl: shareUrl(ctx.config, row.shareId),
      ownerToken,
      partSize,
      partCount,
    },
    201,
  );
};

/** A storage failure as an answer a person can act on; unexpected ones stay 500s. */
export function storageHttpError(error: unknown, action: string): Error {
  if (error instanceof StorageError) {
    if (error.code === 'full') {
      return new HttpError(
        507,
        'storage_full',
        `${action}: the file storage is full. Nothing was lost; please try again later or contact the administrator.`,
      );
    }
    if (error.code === 'unreachable' || error.code === 'bucket_not_found' || error.code === 'auth') {
      return new HttpError(
        503,
        'storage_unavailable',
        `${action}: file storage is not available right now. Please try again later or contact the administrator.`,
      );
    }
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The row of an upload in progress that this caller owns. */
export async function ownUpload(req: Request, ctx: ApiContext, params: Record<string, string>): Promise<FileRow> {
  const id = parseFileId(params);
  const row = await fileById(ctx.db, id);
  if (!row) throw new HttpError(404, 'upload_not_found', 'This upload no longer exists. Please upload the file again.');
  await requireOwner(req, row, NOT_OWNER);
  return row;
}

const alreadyComplete = () => new HttpError(409, 'upload_complete', 'This upload is already complete.');

export function requireUploading(row: FileRow): { uploadId: string; partCount: number } {
  if (row.uploadState !== 'uploading' || !row.uploadId || !row.partCount) throw alreadyComplete();
  return { uploadId: row.uploadId, partCount: row.partCount };
}

export const uploadGone = () =>
  new HttpError(409, 'upload_gone', 'This upload has expired or was cancelled. Please upload the file again.');

/**
 * The bucket no longer has the multipart upload. Either another complete of it got there first
 * (its object is there, and its row is or is about to be complete), or the upload is gone
 * (expired, aborted): then its row goes too, unless that complete recorded it meanwhile.
 */
async function uploadLeftBucket(ctx: ApiContext, storage: Storage, row: FileRow): Promise<HttpError> {
  const object = await storage.headObject(row.storagePath).catch((error: unknown) => {
    throw storageHttpError(error, 'Failed to check the uploaded file');
  });
  if (!object && (await removeFile(ctx, row, { kind: 'uploading' })) !== 'lost') return uploadGone();
  const current = await fileById(ctx.db, row.id);
  return object || current?.uploadState === 'complete' ? alreadyComplete() : uploadGone();
}

export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export const presignParts: RouteHandler = async (req, ctx, params) => {
  const storage = requireStorage(ctx);
  const body = await readJson(req);
  const numbers = body.partNumbers;
  if (!Array.isArray(numbers) || numbers.length === 0) {
    throw new HttpError(400, 'bad_request', 'partNumbers must be a non-empty list of part numbers.');
  }
  if (numbers.length > MAX_PARTS_PER_SIGN_REQUEST) {
    throw new HttpError(400, 'too_many_parts', `Ask for at most ${MAX_PARTS_PER_SIGN_REQUEST} parts per call.`, {
      max: MAX_PARTS_PER_SIGN_REQUEST,
    });
  }
  if (!numbers.every(isWholeNumber)) throw new HttpError(400, 'bad_request', 'partNumbers must be whole numbers.');
  const row = await ownUpload(req, ctx, params);
  const { uploadId, partCount } = requireUploading(row);
  const wanted = [...new Set(numbers)];
  const outside = wanted.find((n) => n < 1 || n > partCount);
  if (outside !== undefined) {
    throw new HttpError(
      400,
      'invalid_parts',
      `Part ${outside} does not exist: this upload has parts 1 to ${partCount}.`,
    );
  }
  // Each URL fixes its part's exact length from the server's plan (every part but the last is
  // partSize), so no part can carry more bytes than the upload announced.
  const plan = { partSize: row.partSize ?? 0, partCount };
  const urls = await Promise.all(
    wanted.map(async (partNumber) => {
      const { start, end } = partRange(plan, row.size, partNumber);
      return {
        partNumber,
        url: await storage.presignUploadPart(row.storagePath, uploadId, partNumber, end - start, PART_URL_TTL_SECONDS),
      };
    }),
  );
  await touchUpload(ctx.db, row.id, ctx.now());
  return json<SignedParts>({ urls, expiresInSeconds: PART_URL_TTL_SECONDS });
};

/**
 * The parts the bucket holds for an upload in progress (S3 ListParts). A browser killed while a
 * part's last bytes were arriving never learned that part's ETag; on resume it asks here instead
 * of sending the part again.
 */
export const listUploadedParts: RouteHandler = async (req, ctx, params) => {
  const storage = requireStorage(ctx);
  const row = await ownUpload(req, ctx, params);
  const { uploadId } = requireUploading(row);
  try {
    const parts = await storage.listParts(row.storagePath, uploadId);
    await touchUpload(ctx.db, row.id, ctx.now());
    return json<StoredParts>({ parts: parts.map(({ partNumber, etag, size }) => ({ partNumber, etag, size })) });
  } catch (error) {
    if (error instanceof StorageError && error.code === 'upload_not_found') {
      throw await uploadLeftBucket(ctx, storage, row);
    }
    throw storageHttpError(error, 'Failed to list the uploaded parts');
  }
};
