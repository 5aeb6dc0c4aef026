// A visitor's quotas on starting uploads: creates per window, and bytes announced by their uploads
// still in flight. Both are kept in the database, so every host of one deployment counts alike.
import type { ApiContext } from '../../context.ts';
import { MAX_TRANSFER_FILES } from '../../domain/constants.ts';
import { formatBytes } from '../../domain/format-bytes.ts';
import { newShareId } from '../../domain/share-id.ts';
import { insertUploadWithinQuota, type FileRow } from '../../files-repo.ts';
import { HttpError } from '../../http.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../../rate-limit.ts';
import { objectKey } from './object-key.ts';

/** Share ids drawn before giving up: among 62^8 of them even one clash is rare. */
export const SHARE_ID_ATTEMPTS = 5;

export type NewUpload = Omit<Parameters<typeof insertUploadWithinQuota>[1], 'shareId' | 'storagePath' | 'uploaderHash'>;

export const createLimit = (ctx: ApiContext): RateLimit => ({
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

export const transferNotFound = () =>
  new HttpError(404, 'transfer_not_found', 'The transfer was not found or has expired.');

function transferRefused(refused: 'transfer_gone' | 'transfer_full'): HttpError {
  if (refused === 'transfer_gone') return transferNotFound();
  return new HttpError(409, 'transfer_full', `A transfer holds at most ${MAX_TRANSFER_FILES} files.`, {
    max: MAX_TRANSFER_FILES,
  });
}

/** Takes one of the visitor's creates of this window (an upload or a transfer), or refuses with 429. */
export async function takeCreateSlot(ctx: ApiContext, visitor: string, now: Date): Promise<RateLimit> {
  const limit = createLimit(ctx);
  const slot = await takeSlot(ctx.db, limit, visitor, now);
  if (!slot.ok) {
    throw quotaError(
      `Too many uploads started from here: at most ${limit.max} an hour. Please try again later.`,
      { max: limit.max },
      slot.retryAfterSeconds,
    );
  }
  return limit;
}

/**
 * Inserts the upload's row within the visitor's quotas: creates per window (taken first, given back
 * when the create fails) and bytes announced by the visitor's uploads still in flight. A create
 * repeated with the upload key of a file of its transfer is given that file's row (`repeated`).
 */
export async function insertWithinQuotas(
  ctx: ApiContext,
  visitor: string,
  upload: NewUpload,
): Promise<{ row: FileRow; repeated: boolean }> {
  const limit = await takeCreateSlot(ctx, visitor, upload.createdAt);
  const maxBytes = ctx.config.limits.uploadInFlightBytes;
  const limits = { maxBytes, maxTransferFiles: MAX_TRANSFER_FILES };
  try {
    for (let attempt = 0; attempt < SHARE_ID_ATTEMPTS; attempt++) {
      const shareId = newShareId();
      const result = await insertUploadWithinQuota(
        ctx.db,
        { ...upload, shareId, storagePath: objectKey(shareId, upload.name), uploaderHash: visitor },
        limits,
      );
      if ('existing' in result) {
        // Not a new upload: the create it repeats took the slot.
        await releaseSlot(ctx.db, limit, visitor);
        return { row: result.existing, repeated: true };
      }
      if ('refused' in result) throw transferRefused(result.refused);
      if ('inFlightBytes' in result) {
        throw quotaError(
          `Your uploads in progress already announce ${formatBytes(result.inFlightBytes)}; at most ${formatBytes(maxBytes)} may be in flight at once. Let them finish, or cancel one, and try again.`,
          { maxBytes, inFlightBytes: result.inFlightBytes },
        );
      }
      if (result.row) return { row: result.row, repeated: false };
    }
    throw new Error(`no free share id after ${SHARE_ID_ATTEMPTS} attempts`);
  } catch (error) {
    await releaseSlot(ctx.db, limit, visitor);
    throw error;
  }
}
