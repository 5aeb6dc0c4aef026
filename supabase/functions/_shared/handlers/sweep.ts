// Expired means gone: the sweep deletes expired files (object and row) and aborts uploads left
// unfinished for longer than STALE_UPLOAD_MS. The host runs it every minute; at scale pg_cron
// calls POST /sweep.
import type { RouteHandler } from '../api.ts';
import type { ApiContext } from '../context.ts';
import type { SweepResult } from '../domain/api-types.ts';
import { STALE_UPLOAD_MS } from '../domain/constants.ts';
import { expiredFiles, staleUploads } from '../files-repo.ts';
import { HttpError, json, timingSafeEqual } from '../http.ts';
import { recordEvent, removeFile, requireStorage } from './share-common.ts';

/** Rows handled per kind and run; a backlog is worked off over the next runs. */
const SWEEP_BATCH = 500;

export async function sweepExpired(ctx: ApiContext): Promise<SweepResult> {
  // Without storage nothing can be removed properly; reads still hide expired files.
  if (!ctx.storage) return { deletedFiles: 0, abortedUploads: 0 };
  const now = ctx.now();
  let deletedFiles = 0;
  for (const row of await expiredFiles(ctx.db, now, SWEEP_BATCH)) {
    if (await removeFile(ctx, row, { keepRowOnStorageError: true })) deletedFiles++;
  }
  let abortedUploads = 0;
  for (const row of await staleUploads(ctx.db, new Date(now.getTime() - STALE_UPLOAD_MS), SWEEP_BATCH)) {
    if (await removeFile(ctx, row, { keepRowOnStorageError: true })) abortedUploads++;
  }
  if (deletedFiles > 0 || abortedUploads > 0) {
    await recordEvent(ctx, null, 'files_swept', { deletedFiles, abortedUploads });
  }
  return { deletedFiles, abortedUploads };
}

export const sweepHandler: RouteHandler = async (req, ctx) => {
  const bearer = req.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (!bearer || !timingSafeEqual(bearer, ctx.config.sweepSecret)) {
    throw new HttpError(401, 'unauthorized', 'Invalid sweep secret');
  }
  requireStorage(ctx);
  return json<SweepResult>(await sweepExpired(ctx));
};
