// Pieces every share-flow handler uses: storage presence, DTOs, owner checks, input checks and the
// one way a file is removed (object and row).
import type { ApiContext } from '../context.ts';
import type { ServerConfig } from '../config.ts';
import {
  OWNER_TOKEN_HEADER,
  type DirectDownload,
  type FileDto,
  type FileShareDto,
  type ShareAccessDto,
  type ShareDto,
} from '../domain/api-types.ts';
import { isExpired } from '../domain/expiry.ts';
import { isShareId } from '../domain/share-id.ts';
import { isUuid } from '../domain/validation.ts';
import { claimRemoval, deleteClaimedRow, type FileRow, type RemovalReason } from '../files-repo.ts';
import { HttpError } from '../http.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import type { Storage } from '../storage.ts';
import { visitorOf } from '../visitor.ts';

export const NOT_FOUND_MESSAGE = 'File not found or has expired';
export const STORAGE_MISSING_MESSAGE =
  'Storage configuration error: file storage is not set up. Please contact the administrator.';

export function shareUrl(config: Pick<ServerConfig, 'publicOrigin'>, shareId: string): string {
  return `${config.publicOrigin}/s/${shareId}`;
}

export function toShareDto(row: FileRow): ShareDto {
  return {
    shareId: row.shareId,
    name: row.name,
    size: row.plaintextSize ?? row.size,
    storedSize: row.size,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadCount: row.downloadCount,
    viewCount: row.viewCount,
  };
}

/** GET /shares/{shareId} of a file: the public view, its folder, its transfer's link id and rules. */
export function toFileShareDto(
  row: FileRow,
  access: ShareAccessDto,
  directDownload: DirectDownload | null,
): FileShareDto {
  return {
    kind: 'file',
    ...toShareDto(row),
    path: row.path,
    transferShareId: row.transferShareId,
    ...access,
    directDownload,
  };
}

/** What the owner sees: the public view plus the file id, the link, the upload state and its place. */
export function toFileDto(row: FileRow, config: Pick<ServerConfig, 'publicOrigin'>): FileDto {
  return {
    ...toShareDto(row),
    fileId: row.id,
    shareUrl: shareUrl(config, row.shareId),
    state: row.uploadState,
    path: row.path,
    transferShareId: row.transferShareId,
    takenDown: false,
  };
}

export function requireStorage(ctx: ApiContext): Storage {
  if (!ctx.storage) throw new HttpError(503, 'storage_unavailable', STORAGE_MISSING_MESSAGE);
  return ctx.storage;
}

export function parseFileId(params: Record<string, string>): string {
  const id = params.fileId ?? '';
  if (!isUuid(id))
    throw new HttpError(
      400,
      'bad_request',
      'Invalid upload id: expected the fileId returned when the upload was created.',
    );
  return id.toLowerCase();
}

export function parseShareId(params: Record<string, string>): string {
  const id = params.shareId ?? '';
  if (!isShareId(id)) throw new HttpError(400, 'invalid_share_link', 'Invalid share link');
  return id;
}

/** The owner token header, or a 403 with `message` when it does not match the stored hash. */
export async function requireOwnerToken(req: Request, ownerTokenHash: string, message: string): Promise<void> {
  if (!(await ownerTokenMatches(req.headers.get(OWNER_TOKEN_HEADER), ownerTokenHash))) {
    throw new HttpError(403, 'not_owner', message);
  }
}

/** The owner token header, or a 403 with `message` when it does not match the file. */
export function requireOwner(req: Request, row: FileRow, message: string): Promise<void> {
  return requireOwnerToken(req, row.ownerTokenHash, message);
}

/** A complete, unexpired, undeleted file is visible; anything else is "not found". */
export function isVisible(row: FileRow, now: Date): boolean {
  return row.uploadState === 'complete' && row.deletedAt === null && !isExpired(row.expiresAt, now);
}

export function hasExpired(row: FileRow, now: Date): boolean {
  return row.expiresAt !== null && isExpired(row.expiresAt, now);
}

/**
 * How a removal ended: the object and the row are gone; the row is hidden and left for the sweep,
 * which retries the storage (it failed, or there is none); or another request changed the file
 * first (completed it, removed it) and this removal did nothing.
 */
export type Removal = 'removed' | 'pending' | 'lost';

/**
 * Removes a file for good, while `reason` still holds: claims the row (hidden from every read from
 * then on), aborts its multipart upload and deletes its object, then deletes the row. Never "read,
 * decide, delete": a request that read the row earlier may find it completed or removed since.
 * An object is never left behind with no row pointing at it: when storage fails (or is not
 * configured) the row stays hidden and the sweep retries. A row already hidden (the sweep's retry)
 * is removed again as it is.
 */
export async function removeFile(ctx: ApiContext, row: FileRow, reason: RemovalReason): Promise<Removal> {
  const claimed = row.deletedAt === null ? await claimRemoval(ctx.db, row.id, reason, ctx.now()) : row;
  if (!claimed) return 'lost';
  const storage = ctx.storage;
  if (!storage) return 'pending';
  try {
    if (claimed.uploadState === 'uploading' && claimed.uploadId) {
      await storage.abortMultipartUpload(claimed.storagePath, claimed.uploadId);
    }
    // Also for an upload: its parts may already have become an object (a complete refused after).
    await storage.deleteObject(claimed.storagePath);
  } catch (error) {
    ctx.log.warn(
      `Could not remove ${claimed.storagePath} from storage: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'pending';
  }
  await deleteClaimedRow(ctx.db, claimed.id);
  return 'removed';
}

/** Expired on read: gone from storage and database, then treated as not found. */
export async function removeExpired(ctx: ApiContext, row: FileRow): Promise<void> {
  // Without storage the object cannot be removed now; the row stays for the sweep to finish.
  if (!ctx.storage) return;
  await removeFile(ctx, row, { kind: 'expired', now: ctx.now() });
}

/**
 * Characters of a user agent kept in the logs (default 200): a browser's is about 120, and a
 * crafted one must not fill the disk.
 */
const MAX_USER_AGENT = 200;

export function userAgentOf(req: Request): string | null {
  return req.headers.get('user-agent')?.slice(0, MAX_USER_AGENT) || null;
}

/** An operational event for the admin's system log; never breaks the request it describes. */
export async function recordEvent(
  ctx: ApiContext,
  req: Request | null,
  eventType: string,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const hash = req ? await visitorOf(req, ctx) : null;
    await ctx.db.query(
      'insert into public.system_logs (event_type, event_data, visitor_hash, user_agent, created_at) values ($1, $2::text::jsonb, $3, $4, $5::timestamptz)',
      [eventType, JSON.stringify(data), hash, req ? userAgentOf(req) : null, ctx.now().toISOString()],
    );
  } catch (error) {
    ctx.log.warn(
      `Could not write the ${eventType} system log: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
