// The upload half of the share flow: create a multipart upload, sign its parts, complete it
// (after checking the object's real size) or abort it. File bytes never pass through here.
import type { RouteHandler } from '../api.ts';
import type { ApiContext } from '../context.ts';
import {
  MAX_PARTS_PER_SIGN_REQUEST,
  type CreatedUpload,
  type FileDto,
  type SignedParts,
  type StoredParts,
} from '../domain/api-types.ts';
import { DAY_MS, PART_URL_TTL_SECONDS } from '../domain/constants.ts';
import { hasControlCharacters, neutralizeBidi, truncateKeepingExtension } from '../domain/file-name.ts';
import { formatBytes } from '../domain/format-bytes.ts';
import { partRange, planParts } from '../domain/part-plan.ts';
import { isTypeAllowed, maxFileBytes, type ServiceSettings } from '../domain/service-settings.ts';
import { sanitizeFileName } from '../domain/sanitize-file-name.ts';
import { newShareId } from '../domain/share-id.ts';
import {
  deleteFileRow,
  fileById,
  insertUploadWithinQuota,
  markComplete,
  setUploadId,
  touchUpload,
  type FileRow,
} from '../files-repo.ts';
import { HttpError, json, noContent, readJson } from '../http.ts';
import { hashOwnerToken, newOwnerToken } from '../owner-token.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { readSettings } from '../settings-store.ts';
import { StorageError } from '../storage.ts';
import { visitorOf } from '../visitor.ts';
import {
  parseFileId,
  recordEvent,
  removeFile,
  requireOwner,
  requireStorage,
  shareUrl,
  toFileDto,
} from './share-common.ts';

const MAX_NAME_LENGTH = 255;
const MAX_TYPE_LENGTH = 255;
const MAX_ETAG_LENGTH = 200;
const SHARE_ID_ATTEMPTS = 5;
/** Room for MAX_PARTS entries of { partNumber, etag }. */
const COMPLETE_BODY_LIMIT = 2 * 1024 * 1024;
const NOT_OWNER = 'Only the device that started this upload can continue it.';
const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Longest sanitized name in an object key. Keys stay far below every backend's limit (R2 and S3:
 * 1,024 bytes; the embedded storage: a 255-byte file name per segment, suffixes included), whatever
 * the original name: that one lives in the database and in Content-Disposition.
 */
const MAX_KEY_NAME_BYTES = 120;

/** The object key: uploads/{shareId}/{sanitized name, bounded, extension kept} (SPEC §3). */
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
    await deleteFileRow(ctx.db, row.id);
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
function storageHttpError(error: unknown, action: string): Error {
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
async function ownUpload(req: Request, ctx: ApiContext, params: Record<string, string>): Promise<FileRow> {
  const id = parseFileId(params);
  const row = await fileById(ctx.db, id);
  if (!row) throw new HttpError(404, 'upload_not_found', 'This upload no longer exists. Please upload the file again.');
  await requireOwner(req, row, NOT_OWNER);
  return row;
}

function requireUploading(row: FileRow): { uploadId: string; partCount: number } {
  if (row.uploadState !== 'uploading' || !row.uploadId || !row.partCount) {
    throw new HttpError(409, 'upload_complete', 'This upload is already complete.');
  }
  return { uploadId: row.uploadId, partCount: row.partCount };
}

/** The bucket no longer has the multipart upload (expired, aborted): drop its row and say so. */
async function forgetGoneUpload(ctx: ApiContext, row: FileRow): Promise<HttpError> {
  await deleteFileRow(ctx.db, row.id);
  return new HttpError(409, 'upload_gone', 'This upload has expired or was cancelled. Please upload the file again.');
}

function isWholeNumber(value: unknown): value is number {
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
    if (error instanceof StorageError && error.code === 'upload_not_found') throw await forgetGoneUpload(ctx, row);
    throw storageHttpError(error, 'Failed to list the uploaded parts');
  }
};

function parseParts(body: Record<string, unknown>): { partNumber: number; etag: string }[] {
  const parts = body.parts;
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new HttpError(400, 'bad_request', 'parts must be a non-empty list of { partNumber, etag }.');
  }
  return parts.map((p: unknown) => {
    const part = (typeof p === 'object' && p !== null ? p : {}) as Record<string, unknown>;
    if (!isWholeNumber(part.partNumber))
      throw new HttpError(400, 'bad_request', 'Every part needs a whole-number partNumber.');
    const etag = part.etag;
    if (typeof etag !== 'string' || !etag.trim() || etag.length > MAX_ETAG_LENGTH) {
      throw new HttpError(
        400,
        'bad_request',
        `Part ${part.partNumber} needs its ETag (a text of at most ${MAX_ETAG_LENGTH} characters).`,
      );
    }
    return { partNumber: part.partNumber, etag: etag.trim() };
  });
}

function sizeText(declared: number, actual: number): [string, string] {
  const a = formatBytes(actual);
  const d = formatBytes(declared);
  return a === d ? [`${actual} bytes`, `${declared} bytes`] : [a, d];
}

export const completeUpload: RouteHandler = async (req, ctx, params) => {
  const storage = requireStorage(ctx);
  const parts = parseParts(await readJson(req, COMPLETE_BODY_LIMIT));
  const row = await ownUpload(req, ctx, params);
  // A repeated complete (its first answer was lost) gets the same answer again.
  if (row.uploadState === 'complete') return json<FileDto>(toFileDto(row, ctx.config));
  const { uploadId, partCount } = requireUploading(row);

  const byNumber = new Map<number, string>();
  for (const part of parts) {
    if (part.partNumber < 1 || part.partNumber > partCount) {
      throw new HttpError(
        400,
        'invalid_parts',
        `Part ${part.partNumber} does not exist: this upload has parts 1 to ${partCount}.`,
      );
    }
    const seen = byNumber.get(part.partNumber);
    if (seen !== undefined && seen !== part.etag)
      throw new HttpError(400, 'invalid_parts', `Part ${part.partNumber} is listed twice.`);
    byNumber.set(part.partNumber, part.etag);
  }
  for (let n = 1; n <= partCount; n++) {
    if (!byNumber.has(n)) throw new HttpError(400, 'invalid_parts', `The upload is missing part ${n}.`, { part: n });
  }

  try {
    await storage.completeMultipartUpload(
      row.storagePath,
      uploadId,
      [...byNumber].map(([partNumber, etag]) => ({ partNumber, etag })),
    );
  } catch (error) {
    if (error instanceof StorageError && error.code === 'upload_not_found') throw await forgetGoneUpload(ctx, row);
    if (error instanceof StorageError && error.code === 'invalid_part') {
      throw new HttpError(
        400,
        'parts_rejected',
        `The storage did not accept the uploaded parts (${error.s3Code ?? 'invalid part'}). Please upload the missing or damaged parts again.`,
      );
    }
    throw storageHttpError(error, 'Failed to complete the upload');
  }

  // Never trust the announced size: the limit and the record must match the real object.
  let object: Awaited<ReturnType<typeof storage.headObject>>;
  try {
    object = await storage.headObject(row.storagePath);
  } catch (error) {
    throw storageHttpError(error, 'Failed to check the uploaded file');
  }
  if (!object || object.size !== row.size) {
    const actual = object?.size ?? 0;
    // The object goes with its row; if storage refuses, the row stays hidden and the sweep retries.
    await removeFile(ctx, row);
    const [x, y] = sizeText(row.size, actual);
    throw new HttpError(
      400,
      'size_mismatch',
      `The uploaded file is ${x} but ${y} was announced; please upload it again.`,
      { actualBytes: actual, declaredBytes: row.size },
    );
  }

  const now = ctx.now();
  // Retention as the settings say now: a change of autoDeleteDays applies to uploads completed after it.
  const { autoDeleteDays } = await readSettings(ctx);
  const done = await markComplete(ctx.db, row.id, now, new Date(now.getTime() + autoDeleteDays * DAY_MS));
  if (!done) {
    // Another complete of the same upload won the race; answer with its result.
    const current = await fileById(ctx.db, row.id);
    if (current?.uploadState === 'complete') return json<FileDto>(toFileDto(current, ctx.config));
    throw new HttpError(409, 'upload_gone', 'This upload was cancelled. Please upload the file again.');
  }
  await recordEvent(ctx, req, 'file_uploaded', { shareId: done.shareId, size: done.size, type: done.type });
  return json<FileDto>(toFileDto(done, ctx.config));
};

export const abortUpload: RouteHandler = async (req, ctx, params) => {
  requireStorage(ctx);
  const row = await ownUpload(req, ctx, params);
  if (row.uploadState === 'complete') {
    throw new HttpError(409, 'upload_complete', 'This upload is already complete; delete the file instead.');
  }
  // If storage refuses, the row stays (hidden) so the sweep aborts it later instead of the parts
  // lingering in the bucket with no row pointing at them.
  await removeFile(ctx, row);
  return noContent();
};
