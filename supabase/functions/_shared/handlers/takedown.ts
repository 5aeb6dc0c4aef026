// Taking a file down: its object and its row go (as any removal does), and a tombstone keeps its
// link saying "This file was removed" (410) instead of "not found". The tombstone also keeps what
// the uploader's Transfers list needs to say so (name, size as sent, folder, transfer, the hash of the
// owner token) until the file would have expired anyway. Open reports of the file are closed as
// removed. A transfer taken down takes every file in it down, and its own link answers 410 too.
import type { ApiContext } from '../context.ts';
import type { Db } from '../db.ts';
import { DAY_MS } from '../domain/constants.ts';
import { filesOfTransfers, type FileRow } from '../files-repo.ts';
import { readSettings } from '../settings-store.ts';
import { markTransferTakenDown, type TransferRow } from '../transfers-repo.ts';
import { removeFile } from './share-common.ts';

export async function removedShare(db: Db, shareId: string): Promise<boolean> {
  const rows = await db.query('select 1 from public.removed_shares where share_id = $1', [shareId]);
  return rows.length > 0;
}

async function closeReports(ctx: ApiContext, shareId: string, now: string, admin: string): Promise<void> {
  await ctx.db.query(
    `update public.reports set status = 'removed', resolved_at = $2::timestamptz, resolved_by = $3
     where share_id = $1 and status = 'open'`,
    [shareId, now, admin],
  );
}

/** Removes the file for good and leaves its tombstone; the caller logs the action. */
export async function takeDown(ctx: ApiContext, row: FileRow, reason: string, admin: string): Promise<void> {
  const now = ctx.now();
  // An upload never completed has no expiry: it is listed for as long as a new upload would be.
  const shownUntil = row.expiresAt ?? new Date(now.getTime() + (await readSettings(ctx)).autoDeleteDays * DAY_MS);
  // The tombstone first: from this moment the link says "removed", whatever storage does next.
  await ctx.db.query(
    `insert into public.removed_shares (share_id, file_name, reason, removed_at, removed_by, file_id, owner_token_hash,
       transfer_id, path, size, type, created_at, shown_until)
     values ($1, $2, $3, $4::timestamptz, $5, $6::uuid, $7, $8::uuid, $9, $10, $11, $12::timestamptz, $13::timestamptz)
     on conflict (share_id) do nothing`,
    [
      row.shareId,
      row.name,
      reason,
      now.toISOString(),
      admin,
      row.id,
      row.ownerTokenHash,
      row.transferId,
      row.path,
      // What the uploader sent (an encrypted file's stored bytes are 16 per record more).
      row.plaintextSize ?? row.size,
      row.type,
      row.createdAt.toISOString(),
      shownUntil.toISOString(),
    ],
  );
  await closeReports(ctx, row.shareId, now.toISOString(), admin);
  // Whatever the file's state, even as a complete of it runs: the tombstone already stands.
  await removeFile(ctx, row, { kind: 'any' });
}

/**
 * Takes a whole transfer down: no file may join it from now on, its link answers 410, and every
 * file in it is taken down (each with its tombstone). Returns how many files went.
 */
export async function takeDownTransfer(
  ctx: ApiContext,
  transfer: TransferRow,
  reason: string,
  admin: string,
): Promise<number> {
  const now = ctx.now().toISOString();
  await markTransferTakenDown(ctx.db, transfer.id, ctx.now());
  await ctx.db.query(
    `insert into public.removed_shares (share_id, reason, removed_at, removed_by, transfer_id)
     values ($1, $2, $3::timestamptz, $4, $5::uuid)
     on conflict (share_id) do nothing`,
    [transfer.shareId, reason, now, admin, transfer.id],
  );
  await closeReports(ctx, transfer.shareId, now, admin);
  // Read after the mark: a join that was under way has finished, and no other can start.
  const files = await filesOfTransfers(ctx.db, [transfer.id]);
  for (const row of files) await takeDown(ctx, row, reason, admin);
  return files.length;
}
