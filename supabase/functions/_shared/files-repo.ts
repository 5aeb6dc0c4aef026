// SQL over public.files for the share flow. Every time comparison takes `now` from the caller
// (ctx.now), never the database clock, so the API and its tests agree on what "expired" means.
import type { Db } from './db.ts';
import { quotaKeys } from './visitor.ts';

export type UploadState = 'uploading' | 'complete';

export interface FileRow {
  id: string;
  name: string;
  /** The bytes the bucket holds (for an encrypted file, the ciphertext). */
  size: number;
  /** An end-to-end encrypted file's size before encryption, what people see; null when stored as sent. */
  plaintextSize: number | null;
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
  /** Set when the file was deleted but its object is still to be removed (the row is hidden). */
  deletedAt: Date | null;
  /** Salted hash of the visitor who started the upload (null for rows from before quotas). */
  uploaderHash: string | null;
  /** The transfer the file was sent in (its id and share id), or null. */
  transferId: string | null;
  transferShareId: string | null;
  /** The file's folder inside its transfer; '' is the top level. */
  path: string;
  /** The sender's name for the file within its transfer (POST /uploads `uploadKey`), or null. */
  uploadKey: string | null;
}

const COLUMNS = `id, name, size, plaintext_size, type, storage_path, share_id, expires_at, created_at, download_count,
  view_count, owner_token_hash, upload_state, upload_id, part_size, part_count, completed_at, deleted_at, uploader_hash,
  transfer_id, path, upload_key, (select t.share_id from public.transfers t where t.id = files.transfer_id) as transfer_share_id`;

/** Every read the API serves hides rows whose deletion is still pending. */
const LIVE = 'deleted_at is null';

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

function toRow(r: Record<string, unknown>): FileRow {
  return {
    id: String(r.id),
    name: String(r.name),
    size: Number(r.size),
    plaintextSize: r.plaintext_size === null || r.plaintext_size === undefined ? null : Number(r.plaintext_size),
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
    deletedAt: toDate(r.deleted_at),
    uploaderHash: textOrNull(r.uploader_hash),
    transferId: textOrNull(r.transfer_id),
    transferShareId: textOrNull(r.transfer_share_id),
    path: String(r.path ?? ''),
    uploadKey: textOrNull(r.upload_key),
  };
}

export interface NewUpload {
  name: string;
  /** The bytes the bucket will hold. */
  size: number;
  /** For a file of an encrypted transfer, its size before encryption; otherwise null. */
  plaintextSize: number | null;
  type: string;
  storagePath: string;
  shareId: string;
  ownerTokenHash: string;
  partSize: number;
  partCount: number;
  createdAt: Date;
  /** Salted hash of the visitor starting the upload. */
  uploaderHash: string;
  /** The transfer the file joins (its id; the caller checked its owner token), or null. */
  transferId: string | null;
  /** The file's folder inside its transfer (checked by domain/transfer-path.ts). */
  path: string;
  /** The sender's name for the file within its transfer (a UUID), or null. */
  uploadKey: string | null;
}

/**
 * Inserts an 'uploading' row; null when the share id (or key) is already taken, or belongs to a
 * file an admin took down (its link must keep saying so).
 */
export async function insertUpload(db: Db, u: NewUpload): Promise<FileRow | null> {
  const rows = await db.query(
    `insert into public.files
       (name, size, type, storage_path, share_id, owner_token_hash, part_size, part_count, created_at, upload_state,
        uploader_hash, last_activity_at, transfer_id, path, plaintext_size, upload_key)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, 'uploading', $10, $9::timestamptz, $11::uuid, $12, $13,
       $14::uuid
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
      u.uploaderHash,
      u.transferId,
      u.path,
      u.plaintextSize,
      u.uploadKey,
    ],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Why a file could not join its transfer: it is gone (deleted, taken down) or already full. */
export type TransferRefusal = 'transfer_gone' | 'transfer_full';

/**
 * Locks the transfer's row for this transaction and counts its files: a parallel join waits for
 * this one and sees its file, and a delete (which marks the row) waits too, then finds the file.
 */
async function transferRefusal(tx: Db, transferId: string, maxFiles: number): Promise<TransferRefusal | null> {
  const locked = await tx.query(
    `select 1 from public.transfers
     where id = $1::uuid and deleted_at is null and taken_down_at is null for update`,
    [transferId],
  );
  if (locked.length === 0) return 'transfer_gone';
  const [count] = await tx.query<{ n: number }>(
    `select count(*)::int as n from public.files where transfer_id = $1::uuid and ${LIVE}`,
    [transferId],
  );
  return Number(count?.n ?? 0) >= maxFiles ? 'transfer_full' : null;
}

/**
 * Inserts an upload unless the visitor's uploads in flight would then announce more than
 * `maxBytes`. The sum and the insert hold one advisory lock per visitor, so parallel creates from
 * one visitor cannot pass the quota together (PostgreSQL and PGlite alike).
 */
export async function insertUploadWithinQuota(
  db: Db,
  u: NewUpload,
  limits: { maxBytes: number; maxTransferFiles: number },
): Promise<{ row: FileRow | null } | { inFlightBytes: number } | { refused: TransferRefusal } | { existing: FileRow }> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('ulak:in-flight:' || $1))`, [
      u.uploaderHash,
    ]);
    // A create repeated with its key (its first answer was lost) finds the file the first one made.
    if (u.transferId !== null && u.uploadKey !== null) {
      await tx.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('ulak:upload-key:' || $1))`, [
        u.uploadKey,
      ]);
      const [existing] = await tx.query(
        `select ${COLUMNS} from public.files where transfer_id = $1::uuid and upload_key = $2::uuid and ${LIVE}`,
        [u.transferId, u.uploadKey],
      );
      if (existing) return { existing: toRow(existing) };
    }
    // Uploads started under yesterday's salt count too (quotaKeys).
    const [sum] = await tx.query<{ bytes: number }>(
      `select coalesce(sum(size), 0)::bigint as bytes from public.files
       where (uploader_hash = $1 or uploader_hash = $2) and upload_state = 'uploading' and ${LIVE}`,
      [u.uploaderHash, quotaKeys(u.uploaderHash)[1] ?? null],
    );
    const inFlightBytes = Number(sum?.bytes ?? 0);
    if (inFlightBytes + u.size > limits.maxBytes) return { inFlightBytes };
    if (u.transferId) {
      const refused = await transferRefusal(tx, u.transferId, limits.maxTransferFiles);
      if (refused) return { refused };
    }
    return { row: await insertUpload(tx, u) };
  });
}

/**
 * Gives an upload still under way a new owner token (its hash), for the device that asked for it
 * again with its key: the token of the lost answer stops working. Null when it is no longer under way.
 */
export async function reissueOwnerToken(
  db: Db,
  id: string,
  ownerTokenHash: string,
  now: Date,
): Promise<FileRow | null> {
  const rows = await db.query(
    `update public.files set owner_token_hash = $2, last_activity_at = $3::timestamptz
     where id = $1::uuid and upload_state = 'uploading' and upload_id is not null and ${LIVE}
     returning ${COLUMNS}`,
    [id, ownerTokenHash, now.toISOString()],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Records a sign of life of an upload (signing or listing parts), so the sweep leaves it alone. */
export async function touchUpload(db: Db, id: string, now: Date): Promise<void> {
  await db.query('update public.files set last_activity_at = $2::timestamptz where id = $1::uuid', [
    id,
    now.toISOString(),
  ]);
}

/**
 * Why a file is being removed. A removal claims the row only while its reason still holds when the
 * claim is made, so it never removes what another request has changed meanwhile: a cancel or the
 * idle sweep loses to a complete that got there first, the expiry sweep to nothing else.
 */
export type RemovalReason =
  /** The owner's delete, an admin's takedown: whatever the file's state. */
  | { kind: 'any' }
  /** A cancel, a refused complete, an upload the bucket no longer has: only while still uploading. */
  | { kind: 'uploading' }
  /** Expired: only while its expiry has passed at `now`. */
  | { kind: 'expired'; now: Date }
  /** Abandoned: only while still uploading with no sign of life since `cutoff`. */
  | { kind: 'idle'; cutoff: Date };

function reasonHolds(reason: RemovalReason): { sql: string; params: string[] } {
  switch (reason.kind) {
    case 'any':
      return { sql: 'true', params: [] };
    case 'uploading':
      return { sql: "upload_state = 'uploading'", params: [] };
    case 'expired':
      return { sql: 'expires_at <= $3::timestamptz', params: [reason.now.toISOString()] };
    case 'idle':
      return {
        sql: "upload_state = 'uploading' and last_activity_at < $3::timestamptz",
        params: [reason.cutoff.toISOString()],
      };
  }
}

/**
 * Hides a live file for removal, in one conditional UPDATE: every read hides it from then on, and
 * a complete racing it can no longer mark it complete. Returns the row as claimed, or null when the
 * reason no longer holds or another removal claimed it first. Its object is removed next and the
 * row last (deleteClaimedRow); until then the sweep retries (pendingDeletions).
 */
export async function claimRemoval(db: Db, id: string, reason: RemovalReason, now: Date): Promise<FileRow | null> {
  const holds = reasonHolds(reason);
  const rows = await db.query(
    `update public.files set deleted_at = $2::timestamptz
     where id = $1::uuid and ${LIVE} and ${holds.sql}
     returning ${COLUMNS}`,
    [id, now.toISOString(), ...holds.params],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The last step of a removal: the row of a file whose object is gone. */
export async function deleteClaimedRow(db: Db, id: string): Promise<void> {
  await db.query('delete from public.files where id = $1::uuid and deleted_at is not null', [id]);
}

/** Files deleted whose object is still to be removed, oldest first. */
export async function pendingDeletions(db: Db, limit: number): Promise<FileRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.files where deleted_at is not null order by deleted_at limit $1`,
    [limit],
  );
  return rows.map(toRow);
}

/**
 * Records the multipart upload of a new row; false when a removal (the transfer's delete) claimed
 * the row meanwhile, so the caller aborts the upload it just began instead of leaving it behind.
 */
export async function setUploadId(db: Db, id: string, uploadId: string): Promise<boolean> {
  const rows = await db.query(`update public.files set upload_id = $2 where id = $1::uuid and ${LIVE} returning id`, [
    id,
    uploadId,
  ]);
  return rows.length > 0;
}

export async function fileById(db: Db, id: string): Promise<FileRow | null> {
  const rows = await db.query(`select ${COLUMNS} from public.files where id = $1::uuid and ${LIVE}`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function fileByShareId(db: Db, shareId: string): Promise<FileRow | null> {
  const rows = await db.query(`select ${COLUMNS} from public.files where share_id = $1 and ${LIVE}`, [shareId]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Rows for these share ids (validated ids only: they are joined into one text parameter). */
export async function filesByShareIds(db: Db, shareIds: readonly string[]): Promise<FileRow[]> {
  if (shareIds.length === 0) return [];
  // One comma-joined text parameter: array parameters are not handled alike by PGlite and postgres.js.
  const rows = await db.query(
    `select ${COLUMNS} from public.files
     where share_id = any(pg_catalog.string_to_array($1::text, ',')) and ${LIVE}
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
     where id = $1::uuid and upload_state = 'uploading' and ${LIVE}
     returning ${COLUMNS}`,
    [id, completedAt.toISOString(), expiresAt.toISOString()],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Drops the row of an upload whose multipart upload could not be created: no one else knows its id yet. */
export async function deleteNewUpload(db: Db, id: string): Promise<void> {
  await db.query("delete from public.files where id = $1::uuid and upload_state = 'uploading' and upload_id is null", [
    id,
  ]);
}

/** Files whose expiry has passed, oldest expiry first. */
export async function expiredFiles(db: Db, now: Date, limit: number): Promise<FileRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.files where expires_at <= $1::timestamptz and ${LIVE} order by expires_at limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map(toRow);
}

/** Uploads still in progress with no sign of life since `cutoff`. */
export async function staleUploads(db: Db, cutoff: Date, limit: number): Promise<FileRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.files
     where upload_state = 'uploading' and last_activity_at < $1::timestamptz and ${LIVE}
     order by last_activity_at limit $2`,
    [cutoff.toISOString(), limit],
  );
  return rows.map(toRow);
}

/** Every live file of these transfers (at most MAX_TRANSFER_FILES each; validated ids only). */
export async function filesOfTransfers(db: Db, transferIds: readonly string[]): Promise<FileRow[]> {
  if (transferIds.length === 0) return [];
  const rows = await db.query(
    `select ${COLUMNS} from public.files
     where transfer_id = any(pg_catalog.string_to_array($1::text, ',')::uuid[]) and ${LIVE}`,
    [transferIds.join(',')],
  );
  return rows.map(toRow);
}

/** All the live, unexpired files of one transfer, counted: what its owner's list says of it. */
export interface TransferTotals {
  count: number;
  /** Their bytes together, as people see them. */
  size: number;
  /** The latest expiry of its complete files; null while none is complete. */
  latestExpiry: Date | null;
}

/**
 * The first `perTransfer` live, unexpired files of each of these transfers, by path then name,
 * and all of them counted: an owner's list stays small however many files its transfers hold.
 */
export async function listedFilesOfTransfers(
  db: Db,
  transferIds: readonly string[],
  now: Date,
  perTransfer: number,
): Promise<{ rows: FileRow[]; totals: Map<string, TransferTotals> }> {
  const totals = new Map<string, TransferTotals>();
  if (transferIds.length === 0) return { rows: [], totals };
  const rows = await db.query(
    `select * from (
       select ${COLUMNS},
              row_number() over (partition by transfer_id order by path, name, id) as place,
              count(*) over (partition by transfer_id) as file_count,
              sum(coalesce(plaintext_size, size)) over (partition by transfer_id) as total_size,
              max(expires_at) filter (where upload_state = 'complete') over (partition by transfer_id) as latest_expiry
       from public.files
       where transfer_id = any(pg_catalog.string_to_array($1::text, ',')::uuid[]) and ${LIVE}
         and (expires_at is null or expires_at > $2::timestamptz)
     ) as live
     where place <= $3`,
    [transferIds.join(','), now.toISOString(), perTransfer],
  );
  for (const r of rows) {
    const count = Number(r.file_count);
    // The size people see: an encrypted file's size before encryption, as in its ShareDto.
    const size = Number(r.total_size);
    totals.set(String(r.transfer_id), { count, size, latestExpiry: toDate(r.latest_expiry) });
  }
  return { rows: rows.map(toRow), totals };
}
