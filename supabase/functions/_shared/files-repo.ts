// SQL over public.files for the share flow. Every time comparison takes `now` from the caller
// (ctx.now), never the database clock, so the API and its tests agree on what "expired" means.
import type { Db } from './db.ts';

export type UploadState = 'uploading' | 'complete';

export interface FileRow {
  id: string;
  name: string;
  size: number;
  type: string;
  storagePath: string;
  shareId: string;
  expiresAt: Date | null;
  createdAt: Date;
  downloadCount: number;
  viewCount: number;
  ownerTokenHash: string;
  uploadState: UploadState;
  uploadId: string | null;
  partSize: number | null;
  partCount: number | null;
  completedAt: Date | null;
}

const COLUMNS = `id, name, size, type, storage_path, share_id, expires_at, created_at, download_count,
  view_count, owner_token_hash, upload_state, upload_id, part_size, part_count, completed_at`;

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

function toRow(r: Record<string, unknown>): FileRow {
  return {
    id: String(r.id),
    name: String(r.name),
    size: Number(r.size),
    type: String(r.type),
    storagePath: String(r.storage_path),
    shareId: String(r.share_id),
    expiresAt: toDate(r.expires_at),
    createdAt: toDate(r.created_at) ?? new Date(0),
    downloadCount: Number(r.download_count),
    viewCount: Number(r.view_count),
    ownerTokenHash: String(r.owner_token_hash),
    uploadState: r.upload_state === 'complete' ? 'complete' : 'uploading',
    uploadId: r.upload_id === null || r.upload_id === undefined ? null : String(r.upload_id),
    partSize: r.part_size === null || r.part_size === undefined ? null : Number(r.part_size),
    partCount: r.part_count === null || r.part_count === undefined ? null : Number(r.part_count),
    completedAt: toDate(r.completed_at),
  };
}

export interface NewUpload {
  name: string;
  size: number;
  type: string;
  storagePath: string;
  shareId: string;
  ownerTokenHash: string;
  partSize: number;
  partCount: number;
  createdAt: Date;
}

/**
 * Inserts an 'uploading' row; null when the share id (or key) is already taken, or belongs to a
 * file an admin took down (its link must keep saying so).
 */
export async function insertUpload(db: Db, u: NewUpload): Promise<FileRow | null> {
  const rows = await db.query(
    `insert into public.files
       (name, size, type, storage_path, share_id, owner_token_hash, part_size, part_count, created_at, upload_state)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, 'uploading'
     where not exists (select 1 from public.removed_shares r where r.share_id = $5)
     on conflict do nothing
     returning ${COLUMNS}`,
    [
      u.name,
      u.size,
      u.type,
      u.storagePath,
      u.shareId,
      u.ownerTokenHash,
      u.partSize,
      u.partCount,
      u.createdAt.toISOString(),
    ],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export async function setUploadId(db: Db, id: string, uploadId: string): Promise<void> {
  await db.query('update public.files set upload_id = $2 where id = $1::uuid', [id, uploadId]);
}

export async function fileById(db: Db, id: string): Promise<FileRow | null> {
  const rows = await db.query(`select ${COLUMNS} from public.files where id = $1::uuid`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function fileByShareId(db: Db, shareId: string): Promise<FileRow | null> {
  const rows = await db.query(`select ${COLUMNS} from public.files where share_id = $1`, [shareId]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Rows for these share ids (validated ids only: they are joined into one text parameter). */
export async function filesByShareIds(db: Db, shareIds: readonly string[]): Promise<FileRow[]> {
  if (shareIds.length === 0) return [];
  // One comma-joined text parameter: array parameters are not handled alike by PGlite and postgres.js.
  const rows = await db.query(
    `select ${COLUMNS} from public.files
     where share_id = any(pg_catalog.string_to_array($1::text, ','))
     order by created_at desc, id`,
    [shareIds.join(',')],
  );
  return rows.map(toRow);
}

/** Marks an upload complete; null when it was not (or no longer) uploading. */
export async function markComplete(db: Db, id: string, completedAt: Date, expiresAt: Date): Promise<FileRow | null> {
  const rows = await db.query(
    `update public.files
     set upload_state = 'complete', completed_at = $2::timestamptz, expires_at = $3::timestamptz, upload_id = null
     where id = $1::uuid and upload_state = 'uploading'
     returning ${COLUMNS}`,
    [id, completedAt.toISOString(), expiresAt.toISOString()],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export async function deleteFileRow(db: Db, id: string): Promise<void> {
  await db.query('delete from public.files where id = $1::uuid', [id]);
}

/** Files whose expiry has passed, oldest expiry first. */
export async function expiredFiles(db: Db, now: Date, limit: number): Promise<FileRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.files where expires_at <= $1::timestamptz order by expires_at limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map(toRow);
}

/** Uploads still in progress that were started before `cutoff`. */
export async function staleUploads(db: Db, cutoff: Date, limit: number): Promise<FileRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.files
     where upload_state = 'uploading' and created_at < $1::timestamptz order by created_at limit $2`,
    [cutoff.toISOString(), limit],
  );
  return rows.map(toRow);
}
