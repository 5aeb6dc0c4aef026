// POST /uploads: checks the announced file against the admin's settings and the visitor's quotas,
// plans its parts, records it and begins the multipart upload in the bucket. File bytes never pass
// through here: the browser sends them to the URLs sign-parts.ts gives it. A file may join a
// transfer (with the transfer's owner token) and carry its folder path inside it. Within a transfer
// the create is safe to repeat: the sender names the file (`uploadKey`), and a device whose answer
// was lost is handed the same upload again, with a new owner token.
import type { CreatedUpload } from '../../domain/api-types.ts';
import { planParts } from '../../domain/part-plan.ts';
import { deleteNewUpload, reissueOwnerToken, setUploadId, type FileRow } from '../../files-repo.ts';
import type { ApiContext } from '../../context.ts';
import type { RouteHandler } from '../../handler-types.ts';
import { HttpError, json, readJson } from '../../http.ts';
import { hashOwnerToken, newOwnerToken } from '../../owner-token.ts';
import { releaseSlot } from '../../rate-limit.ts';
import { readSettings } from '../../settings-store.ts';
import { visitorOf } from '../../visitor.ts';
import { requireStorage, shareUrl } from '../share-common.ts';
import { parsePath, transferToJoin } from '../transfer-input.ts';
import { storageHttpError } from './upload-errors.ts';
import { encryptedFileSize, parseAnnouncedFile, parseUploadKey, type AnnouncedFile } from './upload-input.ts';
import { createLimit, insertWithinQuotas, transferNotFound } from './upload-quotas.ts';
import { enforceSettings } from './upload-settings.ts';

export const createUpload: RouteHandler = async (req, ctx) => {
  const storage = requireStorage(ctx);
  const body = await readJson(req);
  const { name, size, type } = parseAnnouncedFile(body);
  const path = parsePath(body.path);
  const transfer = await transferToJoin(ctx, body.transfer);
  const uploadKey = parseUploadKey(body.uploadKey, transfer !== null);
  // Into an encrypted transfer, `size` is what the bucket will hold; the limit is on what people send.
  const plaintextSize = transfer?.encryption ? encryptedFileSize(size) : null;
  enforceSettings(await readSettings(ctx), { name, size: plaintextSize ?? size, type });
  const { partSize, partCount } = planParts(size);
  const ownerToken = newOwnerToken();
  const ownerTokenHash = await hashOwnerToken(ownerToken);
  const now = ctx.now();
  const { row, repeated } = await insertWithinQuotas(ctx, await visitorOf(req, ctx), {
    name,
    size,
    plaintextSize,
    type,
    ownerTokenHash,
    partSize,
    partCount,
    createdAt: now,
    transferId: transfer?.id ?? null,
    path,
    uploadKey,
  });
  if (repeated) return repeatedCreate(ctx, row, { name, size, type, path }, { ownerToken, ownerTokenHash });

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
  if (!(await setUploadId(ctx.db, row.id, uploadId))) {
    // The transfer's delete removed the row while the bucket began the upload: end that too.
    await storage.abortMultipartUpload(row.storagePath, uploadId).catch((error: unknown) => {
      ctx.log.warn(`Could not abort ${row.storagePath}: ${error instanceof Error ? error.message : String(error)}`);
    });
    throw transferNotFound();
  }

  return json<CreatedUpload>(createdUpload(ctx, row, ownerToken), 201);
};

function createdUpload(ctx: ApiContext, row: FileRow, ownerToken: string): CreatedUpload {
  return {
    fileId: row.id,
    shareId: row.shareId,
    shareUrl: shareUrl(ctx.config, row.shareId),
    ownerToken,
    partSize: row.partSize ?? 0,
    partCount: row.partCount ?? 0,
  };
}

/**
 * A create repeated with the upload key of a file of the transfer: the same file, still under way,
 * is handed over again with a new owner token (200). Another file under that key, or one finished,
 * is refused (409 upload_key_used); one whose multipart upload the first create is still beginning
 * is asked for again shortly (503). `token` is the one this create made: the first answer's stops working.
 */
async function repeatedCreate(
  ctx: ApiContext,
  row: FileRow,
  announced: AnnouncedFile & { path: string },
  token: { ownerToken: string; ownerTokenHash: string },
): Promise<Response> {
  const same =
    row.name === announced.name &&
    row.size === announced.size &&
    row.type === announced.type &&
    row.path === announced.path;
  if (!same || row.uploadState !== 'uploading') {
    throw new HttpError(409, 'upload_key_used', 'Another file of this transfer was sent under this uploadKey.');
  }
  if (row.uploadId === null) {
    throw new HttpError(503, 'storage_unavailable', 'The upload is still being started in file storage.', {
      retryAfterSeconds: 1,
    });
  }
  const reissued = await reissueOwnerToken(ctx.db, row.id, token.ownerTokenHash, ctx.now());
  if (!reissued)
    throw new HttpError(409, 'upload_key_used', 'The file sent under this uploadKey is no longer under way.');
  return json<CreatedUpload>(createdUpload(ctx, reissued, token.ownerToken), 200);
}
