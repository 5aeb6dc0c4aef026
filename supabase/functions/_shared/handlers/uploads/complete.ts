// POST /uploads/{id}/complete: the parts joined in the bucket, the object's real size checked, the
// file recorded. It races whatever else may happen to the upload at the same time: another
// complete, a cancel, the owner's delete, a takedown, the sweep.
import type { ApiContext } from '../../context.ts';
import type { FileDto } from '../../domain/api-types.ts';
import { DAY_MS } from '../../domain/constants.ts';
import { formatBytes } from '../../domain/format-bytes.ts';
import { fileById, markComplete, touchUpload } from '../../files-repo.ts';
import type { RouteHandler } from '../../handler-types.ts';
import { HttpError, json, readJson } from '../../http.ts';
import { readSettings } from '../../settings-store.ts';
import { StorageError } from '../../storage.ts';
import { recordEvent, removeFile, requireStorage, toFileDto } from '../share-common.ts';
import { ownUpload, requireUploading } from './own-upload.ts';
import { storageHttpError, uploadGone } from './upload-errors.ts';
import { parseFinishedParts, partsToJoin } from './upload-input.ts';

/** Room for MAX_PARTS entries of { partNumber, etag }. */
const COMPLETE_BODY_LIMIT = 2 * 1024 * 1024;

/** What a request that lost a race for the upload answers: the completed file, or that it is gone. */
async function settledAnswer(ctx: ApiContext, id: string): Promise<Response> {
  const current = await fileById(ctx.db, id);
  if (current?.uploadState === 'complete') return json<FileDto>(toFileDto(current, ctx.config));
  throw uploadGone();
}

function sizeText(declared: number, actual: number): [string, string] {
  const a = formatBytes(actual);
  const d = formatBytes(declared);
  return a === d ? [`${actual} bytes`, `${declared} bytes`] : [a, d];
}

/**
 * Joins the parts in the bucket. Idempotent: a complete racing another of the same upload (or a
 * retry of one whose answer was lost) answers with the same file; a complete racing a cancel, a
 * delete or a sweep either wins (the file stays) or answers that the upload is gone, and never
 * removes what another request completed.
 */
export const completeUpload: RouteHandler = async (req, ctx, params) => {
  const storage = requireStorage(ctx);
  const parts = parseFinishedParts(await readJson(req, COMPLETE_BODY_LIMIT));
  const row = await ownUpload(req, ctx, params);
  // A repeated complete (its first answer was lost) gets the same answer again.
  if (row.uploadState === 'complete') return json<FileDto>(toFileDto(row, ctx.config));
  const { uploadId, partCount } = requireUploading(row);
  const listed = partsToJoin(parts, partCount);
  // A sign of life: the idle sweep leaves an upload alone while it is being completed.
  await touchUpload(ctx.db, row.id, ctx.now());

  let joinedHere = true;
  try {
    await storage.completeMultipartUpload(row.storagePath, uploadId, listed);
  } catch (error) {
    const refused =
      error instanceof StorageError && (error.code === 'upload_not_found' || error.code === 'invalid_part');
    if (!refused) throw storageHttpError(error, 'Failed to complete the upload');
    // The refusal may be another request's doing: a complete that joined the parts first, or a
    // cancel, a delete or a takedown that removed them.
    if ((await fileById(ctx.db, row.id))?.uploadState !== 'uploading') return settledAnswer(ctx, row.id);
    if (error.code === 'invalid_part') {
      throw new HttpError(
        400,
        'parts_rejected',
        `The storage did not accept the uploaded parts (${error.s3Code ?? 'invalid part'}). Please upload the missing or damaged parts again.`,
      );
    }
    joinedHere = false;
  }

  // Never trust the announced size: the limit and the record must match the real object.
  let object: Awaited<ReturnType<typeof storage.headObject>>;
  try {
    object = await storage.headObject(row.storagePath);
  } catch (error) {
    throw storageHttpError(error, 'Failed to check the uploaded file');
  }
  if (!object || object.size !== row.size) {
    // The object goes with its row; if storage refuses, the row stays hidden and the sweep retries.
    if ((await removeFile(ctx, row, { kind: 'uploading' })) === 'lost') return settledAnswer(ctx, row.id);
    // The bucket had no upload and no object: it expired or was cancelled.
    if (!object && !joinedHere) throw uploadGone();
    const actual = object?.size ?? 0;
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
  // Another complete of the same upload recorded it first, or a removal claimed it meanwhile.
  if (!done) return settledAnswer(ctx, row.id);
  ctx.metrics?.uploadCompleted();
  await recordEvent(ctx, req, 'file_uploaded', { shareId: done.shareId, size: done.size, type: done.type });
  return json<FileDto>(toFileDto(done, ctx.config));
};
