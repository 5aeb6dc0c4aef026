// GET /uploads/{id}/parts: the parts the bucket holds for an upload in progress (S3 ListParts). A
// browser killed while a part's last bytes were arriving never learned that part's ETag; on resume
// it asks here instead of sending the part again.
import type { ApiContext } from '../../context.ts';
import type { StoredParts } from '../../domain/api-types.ts';
import { fileById, touchUpload, type FileRow } from '../../files-repo.ts';
import type { RouteHandler } from '../../handler-types.ts';
import { json, type HttpError } from '../../http.ts';
import { StorageError, type Storage } from '../../storage.ts';
import { removeFile, requireStorage } from '../share-common.ts';
import { ownUpload, requireUploading } from './own-upload.ts';
import { alreadyComplete, storageHttpError, uploadGone } from './upload-errors.ts';

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
