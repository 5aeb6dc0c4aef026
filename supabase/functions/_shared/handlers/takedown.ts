// Taking a file down: its object and its row go (as any removal does), and a tombstone keeps its
// link saying "This file was removed" (410) instead of "not found". Open reports of the file are
// closed as removed.
import type { ApiContext } from '../context.ts';
import type { Db } from '../db.ts';
import type { FileRow } from '../files-repo.ts';
import { removeFile } from './share-common.ts';

export async function removedShare(db: Db, shareId: string): Promise<boolean> {
  const rows = await db.query('select 1 from public.removed_shares where share_id = $1', [shareId]);
  return rows.length > 0;
}

/** Removes the file for good and leaves its tombstone; the caller logs the action. */
export async function takeDown(ctx: ApiContext, row: FileRow, reason: string, admin: string): Promise<void> {
  const now = ctx.now().toISOString();
  // The tombstone first: from this moment the link says "removed", whatever storage does next.
  await ctx.db.query(
    `insert into public.removed_shares (share_id, file_name, reason, removed_at, removed_by)
     values ($1, $2, $3, $4::timestamptz, $5)
     on conflict (share_id) do nothing`,
    [row.shareId, row.name, reason, now, admin],
  );
  await ctx.db.query(
    `update public.reports set status = 'removed', resolved_at = $2::timestamptz, resolved_by = $3
     where share_id = $1 and status = 'open'`,
    [row.shareId, now, admin],
  );
  // Whatever the file's state, even as a complete of it runs: the tombstone already stands.
  await removeFile(ctx, row, { kind: 'any' });
}
