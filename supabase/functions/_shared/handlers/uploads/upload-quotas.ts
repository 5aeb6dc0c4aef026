// A visitor's quotas on starting uploads: creates per window, and bytes announced by their uploads
// still in flight. Both are kept in the database, so every host of one deployment counts alike.
import type { ApiContext } from '../../context.ts';
import { formatBytes } from '../../domain/format-bytes.ts';
import { newShareId } from '../../domain/share-id.ts';
import { insertUploadWithinQuota, type FileRow } from '../../files-repo.ts';
import { HttpError } from '../../http.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../../rate-limit.ts';
import { objectKey } from './object-key.ts';

/** Share ids drawn before giving up: among 62^8 of them even one clash is rare. */
const SHARE_ID_ATTEMPTS = 5;

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

/**
 * Inserts the upload's row within the visitor's quotas: creates per window (taken first, given back
 * when the create fails) and bytes announced by the visitor's uploads still in flight.
 */
export async function insertWithinQuotas(ctx: ApiContext, visitor: string, upload: NewUpload): Promise<FileRow> {
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
