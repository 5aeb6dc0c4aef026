// POST /uploads/{id}/abort: the owner cancels an upload in progress. It races whatever else may
// happen to the upload at the same time (a complete, the owner's delete, a takedown, the sweep).
import { fileById } from '../../files-repo.ts';
import type { RouteHandler } from '../../handler-types.ts';
import { HttpError, noContent } from '../../http.ts';
import { removeFile, requireStorage } from '../share-common.ts';
import { ownUpload } from './own-upload.ts';

const completeAlready = () =>
  new HttpError(409, 'upload_complete', 'This upload is already complete; delete the file instead.');

export const abortUpload: RouteHandler = async (req, ctx, params) => {
  requireStorage(ctx);
  const row = await ownUpload(req, ctx, params);
  if (row.uploadState === 'complete') throw completeAlready();
  // If storage refuses, the row stays (hidden) so the sweep aborts it later instead of the parts
  // lingering in the bucket with no row pointing at them.
  if ((await removeFile(ctx, row, { kind: 'uploading' })) === 'lost') {
    // A complete got there first: the file stays, and deleting it is the owner's next step.
    if ((await fileById(ctx.db, row.id))?.uploadState === 'complete') throw completeAlready();
  }
  return noContent();
};
