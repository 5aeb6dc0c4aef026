// POST /uploads: checks the announced file against the admin's settings and the visitor's quotas,
// plans its parts, records it and begins the multipart upload in the bucket. File bytes never pass
// through here: the browser sends them to the URLs sign-parts.ts gives it. A file may join a
// transfer (with the transfer's owner token) and carry its folder path inside it.
import type { CreatedUpload } from '../../domain/api-types.ts';
import { planParts } from '../../domain/part-plan.ts';
import { deleteNewUpload, setUploadId } from '../../files-repo.ts';
import type { RouteHandler } from '../../handler-types.ts';
import { json, readJson } from '../../http.ts';
import { hashOwnerToken, newOwnerToken } from '../../owner-token.ts';
import { releaseSlot } from '../../rate-limit.ts';
import { readSettings } from '../../settings-store.ts';
import { visitorOf } from '../../visitor.ts';
import { requireStorage, shareUrl } from '../share-common.ts';
import { parsePath, transferToJoin } from '../transfer-input.ts';
import { storageHttpError } from './upload-errors.ts';
import { encryptedFileSize, parseAnnouncedFile } from './upload-input.ts';
import { createLimit, insertWithinQuotas, transferNotFound } from './upload-quotas.ts';
import { enforceSettings } from './upload-settings.ts';

export const createUpload: RouteHandler = async (req, ctx) => {
  const storage = requireStorage(ctx);
  const body = await readJson(req);
  const { name, size, type } = parseAnnouncedFile(body);
  const path = parsePath(body.path);
  const transfer = await transferToJoin(ctx, body.transfer);
  // Into an encrypted transfer, `size` is what the bucket will hold; the limit is on what people send.
  const plaintextSize = transfer?.encryption ? encryptedFileSize(size) : null;
  enforceSettings(await readSettings(ctx), { name, size: plaintextSize ?? size, type });
  const { partSize, partCount } = planParts(size);
  const ownerToken = newOwnerToken();
  const ownerTokenHash = await hashOwnerToken(ownerToken);
  const now = ctx.now();
  const row = await insertWithinQuotas(ctx, await visitorOf(req, ctx), {
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
  if (!(await setUploadId(ctx.db, row.id, uploadId))) {
    // The transfer's delete removed the row while the bucket began the upload: end that too.
    await storage.abortMultipartUpload(row.storagePath, uploadId).catch((error: unknown) => {
      ctx.log.warn(`Could not abort ${row.storagePath}: ${error instanceof Error ? error.message : String(error)}`);
    });
    throw transferNotFound();
  }

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
