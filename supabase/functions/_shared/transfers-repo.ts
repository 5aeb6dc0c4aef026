// SQL over public.transfers: what one visitor sends in one go, under one link. Its files are rows
// of public.files with transfer_id set (files-repo.ts). As there, every time comparison takes
// `now` from the caller.
import type { Db } from './db.ts';
import { toDate } from './files-repo.ts';

export interface TransferRow {
  id: string;
  shareId: string;
  ownerTokenHash: string;
  senderName: string | null;
  message: string | null;
  createdAt: Date;
  downloadCount: number;
  viewCount: number;
  /** Set by the owner's delete: hidden from every read while its files are removed. */
  deletedAt: Date | null;
  /** Set when an admin took the whole transfer down. */
  takenDownAt: Date | null;
  /** What the server keeps of an end-to-end encrypted transfer; null when it is stored as sent. */
  encryption: TransferEncryption | null;
  /** Downloads allowed in all; null: no limit. */
  maxDownloads: number | null;
  downloadsUsed: number;
}

/** An encrypted transfer's public values (docs/encryption.md); the server never holds a key. */
export interface TransferEncryption {
  version: 1;
  keyCheck: string;
  password: { salt: string; verifier: string } | null;
}

const COLUMNS = `id, share_id, owner_token_hash, sender_name, message, created_at, download_count, view_count,
  deleted_at, taken_down_at, encryption_version, key_check, password_salt, password_verifier, max_downloads,
  downloads_used`;

function encryptionOf(r: Record<string, unknown>): TransferEncryption | null {
  if (r.encryption_version === null || r.encryption_version === undefined) return null;
  const salt = r.password_salt === null || r.password_salt === undefined ? null : String(r.password_salt);
  return {
    version: 1,
    keyCheck: String(r.key_check),
    password: salt === null ? null : { salt, verifier: String(r.password_verifier) },
  };
}

function toRow(r: Record<string, unknown>): TransferRow {
  return {
    id: String(r.id),
    shareId: String(r.share_id),
    ownerTokenHash: String(r.owner_token_hash),
    senderName: r.sender_name === null || r.sender_name === undefined ? null : String(r.sender_name),
    message: r.message === null || r.message === undefined ? null : String(r.message),
    createdAt: toDate(r.created_at) ?? new Date(0),
    downloadCount: Number(r.download_count),
    viewCount: Number(r.view_count),
    deletedAt: toDate(r.deleted_at),
    takenDownAt: toDate(r.taken_down_at),
    encryption: encryptionOf(r),
    maxDownloads: r.max_downloads === null || r.max_downloads === undefined ? null : Number(r.max_downloads),
    downloadsUsed: Number(r.downloads_used ?? 0),
  };
}

export interface NewTransfer {
  shareId: string;
  ownerTokenHash: string;
  senderName: string | null;
  message: string | null;
  createdAt: Date;
  uploaderHash: string;
  encryption: TransferEncryption | null;
  maxDownloads: number | null;
}

/**
 * Inserts a transfer; null when its share id is taken (by a transfer, a file or a taken-down
 * file: the database's namespace guard skips the row), so the caller draws another.
 */
export async function insertTransfer(db: Db, t: NewTransfer): Promise<TransferRow | null> {
  const rows = await db.query(
    `insert into public.transfers (share_id, owner_token_hash, sender_name, message, created_at, uploader_hash,
       encryption_version, key_check, password_salt, password_verifier, max_downloads)
     values ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8, $9, $10, $11)
     on conflict do nothing
     returning ${COLUMNS}`,
    [
      t.shareId,
      t.ownerTokenHash,
      t.senderName,
      t.message,
      t.createdAt.toISOString(),
      t.uploaderHash,
      t.encryption?.version ?? null,
      t.encryption?.keyCheck ?? null,
      t.encryption?.password?.salt ?? null,
      t.encryption?.password?.verifier ?? null,
      t.maxDownloads,
    ],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The transfer behind a share id, unless its owner deleted it (a taken-down one is returned). */
export async function transferByShareId(db: Db, shareId: string): Promise<TransferRow | null> {
  const rows = await db.query(`select ${COLUMNS} from public.transfers where share_id = $1 and deleted_at is null`, [
    shareId,
  ]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** The transfer a file belongs to (by its id), unless its owner deleted it. */
export async function transferById(db: Db, id: string): Promise<TransferRow | null> {
  const rows = await db.query(`select ${COLUMNS} from public.transfers where id = $1::uuid and deleted_at is null`, [
    id,
  ]);
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * Takes one download of a limited transfer, in one guarded UPDATE under the row's lock: parallel
 * requests for the last download get it once. Returns the downloads left after this one, or null
 * when none was left. The download that uses the limit up records when, for the sweep.
 */
export async function takeLimitedDownload(db: Db, id: string, now: Date): Promise<number | null> {
  const rows = await db.query<{ left: number }>(
    `update public.transfers
     set downloads_used = downloads_used + 1,
         downloads_used_up_at = case when downloads_used + 1 >= max_downloads then $2::timestamptz end
     where id = $1::uuid and max_downloads is not null and downloads_used < max_downloads
     returning (max_downloads - downloads_used)::int as left`,
    [id, now.toISOString()],
  );
  return rows[0] ? Number(rows[0].left) : null;
}

/** Transfers whose downloads were used up before `before` (their last tickets have expired). */
export async function usedUpTransfers(db: Db, before: Date, limit: number): Promise<TransferRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.transfers
     where downloads_used_up_at < $1::timestamptz and deleted_at is null
     order by downloads_used_up_at limit $2`,
    [before.toISOString(), limit],
  );
  return rows.map(toRow);
}

/** Transfers for these share ids (validated ids only: joined into one text parameter), newest first. */
export async function transfersByShareIds(db: Db, shareIds: readonly string[]): Promise<TransferRow[]> {
  if (shareIds.length === 0) return [];
  const rows = await db.query(
    `select ${COLUMNS} from public.transfers
     where share_id = any(pg_catalog.string_to_array($1::text, ',')) and deleted_at is null
     order by created_at desc, id`,
    [shareIds.join(',')],
  );
  return rows.map(toRow);
}

/**
 * Marks the transfer deleted, after any join holding its row has ended (the UPDATE waits for the
 * row's lock), so the files listed next include every file that joined. False when it was gone.
 */
export async function markTransferDeleted(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update public.transfers set deleted_at = $2::timestamptz where id = $1::uuid and deleted_at is null returning id`,
    [id, now.toISOString()],
  );
  return rows.length > 0;
}

/** Marks the transfer taken down by an admin (joins are refused from then on). */
export async function markTransferTakenDown(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    'update public.transfers set taken_down_at = $2::timestamptz where id = $1::uuid and taken_down_at is null',
    [id, now.toISOString()],
  );
}

/** Drops the row of a transfer that has no file row left (its files' removals are finished). */
export async function deleteEmptyTransfer(db: Db, id: string): Promise<boolean> {
  const rows = await db.query(
    `delete from public.transfers t where t.id = $1::uuid
     and not exists (select 1 from public.files f where f.transfer_id = t.id) returning t.id`,
    [id],
  );
  return rows.length > 0;
}

export async function countTransferView(db: Db, id: string): Promise<void> {
  await db.query('update public.transfers set view_count = view_count + 1 where id = $1::uuid', [id]);
}

/** One Download all: the transfer's count, and each complete file's. */
export async function countTransferDownload(db: Db, id: string, now: Date): Promise<void> {
  await db.query('update public.transfers set download_count = download_count + 1 where id = $1::uuid', [id]);
  await db.query(
    `update public.files set download_count = download_count + 1
     where transfer_id = $1::uuid and upload_state = 'complete' and deleted_at is null and expires_at > $2::timestamptz`,
    [id, now.toISOString()],
  );
}

/**
 * Transfers the sweep finishes or drops: those their owner deleted (their files are still being
 * removed), and those with no file left and no taken-down file still shown to their owner, once
 * older than `emptySince` (a transfer just created has no file yet).
 */
export async function transfersToSweep(db: Db, now: Date, emptySince: Date, limit: number): Promise<TransferRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from public.transfers t
     where t.deleted_at is not null
        or (t.created_at < $2::timestamptz
            and not exists (select 1 from public.files f where f.transfer_id = t.id)
            and not exists (select 1 from public.removed_shares r
                            where r.transfer_id = t.id and r.shown_until > $1::timestamptz))
     order by t.created_at limit $3`,
    [now.toISOString(), emptySince.toISOString(), limit],
  );
  return rows.map(toRow);
}

/** A file an admin took down, as its uploader is still told about it. */
export interface TakenDownFile {
  shareId: string;
  fileId: string;
  name: string;
  size: number;
  type: string;
  path: string;
  transferId: string | null;
  transferShareId: string | null;
  ownerTokenHash: string;
  createdAt: Date;
  shownUntil: Date;
}

/**
 * Taken-down files still shown to their uploader at `now`: those named by share id, and every one
 * of these transfers (validated ids only: each list is joined into one text parameter).
 */
export async function takenDownFiles(
  db: Db,
  shareIds: readonly string[],
  transferIds: readonly string[],
  now: Date,
): Promise<TakenDownFile[]> {
  if (shareIds.length === 0 && transferIds.length === 0) return [];
  const rows = await db.query(
    `select r.share_id, r.file_id, r.file_name, r.size, r.type, r.path, r.transfer_id, r.owner_token_hash,
            r.created_at, r.shown_until, (select t.share_id from public.transfers t where t.id = r.transfer_id) as transfer_share_id
     from public.removed_shares r
     where r.owner_token_hash is not null and r.shown_until > $3::timestamptz
       and (r.share_id = any(pg_catalog.string_to_array($1::text, ','))
            or r.transfer_id = any(pg_catalog.string_to_array($2::text, ',')::uuid[]))`,
    [shareIds.join(','), transferIds.join(','), now.toISOString()],
  );
  return rows.map((r) => ({
    shareId: String(r.share_id),
    fileId: String(r.file_id),
    name: String(r.file_name ?? ''),
    size: Number(r.size ?? 0),
    type: String(r.type ?? ''),
    path: String(r.path ?? ''),
    transferId: r.transfer_id === null || r.transfer_id === undefined ? null : String(r.transfer_id),
    transferShareId:
      r.transfer_share_id === null || r.transfer_share_id === undefined ? null : String(r.transfer_share_id),
    ownerTokenHash: String(r.owner_token_hash),
    createdAt: toDate(r.created_at) ?? new Date(0),
    shownUntil: toDate(r.shown_until) ?? new Date(0),
  }));
}
