// The upload a request names, checked to be this caller's (the owner token) and, where the
// endpoint needs it, still in progress.
import type { ApiContext } from '../../context.ts';
import { fileById, type FileRow } from '../../files-repo.ts';
import { HttpError } from '../../http.ts';
import { parseFileId, requireOwner } from '../share-common.ts';
import { alreadyComplete } from './upload-errors.ts';

const NOT_OWNER = 'Only the device that started this upload can continue it.';

/** The row of an upload (in progress or complete) that this caller owns. */
export async function ownUpload(req: Request, ctx: ApiContext, params: Record<string, string>): Promise<FileRow> {
  const id = parseFileId(params);
  const row = await fileById(ctx.db, id);
  if (!row) throw new HttpError(404, 'upload_not_found', 'This upload no longer exists. Please upload the file again.');
  await requireOwner(req, row, NOT_OWNER);
  return row;
}

/** The bucket's upload id and the plan's part count of an upload still in progress. */
export function requireUploading(row: FileRow): { uploadId: string; partCount: number } {
  if (row.uploadState !== 'uploading' || !row.uploadId || !row.partCount) throw alreadyComplete();
  return { uploadId: row.uploadId, partCount: row.partCount };
}
