// POST /files/lookup's answer: what this device sent, as its owner sees it. The device names files
// and transfers by share id with their owner tokens; a transfer's token shows all its files (even
// those whose own tokens the device no longer holds), grouped under it. A file an admin took down
// stays listed, flagged, until it would have expired, so its uploader is told instead of seeing it
// vanish.
import type { ApiContext } from '../context.ts';
import type { FileDto, OwnedFiles, OwnedTransferDto } from '../domain/api-types.ts';
import { LOOKUP_FILES_PER_TRANSFER } from '../domain/constants.ts';
import { compareByPathThenName } from '../domain/transfer-path.ts';
import { filesByShareIds, listedFilesOfTransfers, type FileRow } from '../files-repo.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import { takenDownFiles, transfersByShareIds, type TakenDownFile, type TransferRow } from '../transfers-repo.ts';
import { hasExpired, removeExpired, shareUrl, toFileDto } from './share-common.ts';

function takenDownDto(ctx: ApiContext, t: TakenDownFile): FileDto {
  return {
    shareId: t.shareId,
    name: t.name,
    size: t.size,
    storedSize: t.size,
    type: t.type,
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.shownUntil.toISOString(),
    downloadCount: 0,
    viewCount: 0,
    fileId: t.fileId,
    shareUrl: shareUrl(ctx.config, t.shareId),
    state: 'complete',
    path: t.path,
    transferShareId: t.transferShareId,
    takenDown: true,
  };
}

const newestFirst = (a: FileDto, b: FileDto) => b.createdAt.localeCompare(a.createdAt);

/** A transfer is still worth listing while it holds anything, or is young enough to be filling. */
function isListed(ctx: ApiContext, transfer: TransferRow, fileCount: number, now: Date): boolean {
  return fileCount > 0 || now.getTime() - transfer.createdAt.getTime() < ctx.config.limits.staleUploadMs;
}

export async function lookupOwned(
  ctx: ApiContext,
  items: { shareId: string; ownerToken: string }[],
): Promise<OwnedFiles> {
  const now = ctx.now();
  const tokens = new Map(items.map((i) => [i.shareId, i.ownerToken]));
  const shareIds = [...tokens.keys()];
  const owned: TransferRow[] = [];
  for (const t of await transfersByShareIds(ctx.db, shareIds)) {
    if (await ownerTokenMatches(tokens.get(t.shareId), t.ownerTokenHash)) owned.push(t);
  }
  const ownedIds = new Set(owned.map((t) => t.id));
  const underTransfer = new Map<string, FileDto[]>(owned.map((t) => [t.id, []]));
  const files: FileDto[] = [];
  const seen = new Set<string>();

  const place = (dto: FileDto, transferId: string | null) => {
    if (seen.has(dto.shareId)) return;
    seen.add(dto.shareId);
    const group = transferId ? underTransfer.get(transferId) : undefined;
    (group ?? files).push(dto);
  };
  const live = async (row: FileRow): Promise<boolean> => {
    if (!hasExpired(row, now)) return true;
    await removeExpired(ctx, row);
    return false;
  };

  const listed = await listedFilesOfTransfers(ctx.db, [...ownedIds], now, LOOKUP_FILES_PER_TRANSFER);
  for (const row of listed.rows) place(toFileDto(row, ctx.config), row.transferId);
  for (const row of await filesByShareIds(ctx.db, shareIds)) {
    if (row.transferId && ownedIds.has(row.transferId)) continue;
    if (!(await ownerTokenMatches(tokens.get(row.shareId), row.ownerTokenHash))) continue;
    if (await live(row)) place(toFileDto(row, ctx.config), null);
  }
  for (const t of await takenDownFiles(ctx.db, shareIds, [...ownedIds], now)) {
    const inOwned = t.transferId !== null && ownedIds.has(t.transferId);
    if (inOwned || (await ownerTokenMatches(tokens.get(t.shareId), t.ownerTokenHash))) {
      place(takenDownDto(ctx, t), inOwned ? t.transferId : null);
    }
  }

  const transfers: OwnedTransferDto[] = [];
  for (const t of owned) {
    const group = (underTransfer.get(t.id) ?? []).sort(compareByPathThenName);
    const live = listed.totals.get(t.id) ?? { count: 0, size: 0, latestExpiry: null };
    const takenDown = group.filter((f) => f.takenDown);
    const fileCount = live.count + takenDown.length;
    if (!isListed(ctx, t, fileCount, now)) continue;
    transfers.push({
      shareId: t.shareId,
      shareUrl: shareUrl(ctx.config, t.shareId),
      senderName: t.senderName,
      message: t.message,
      createdAt: t.createdAt.toISOString(),
      expiresAt: live.latestExpiry?.toISOString() ?? null,
      downloadCount: t.downloadCount,
      viewCount: t.viewCount,
      takenDown: t.takenDownAt !== null,
      fileCount,
      size: live.size + takenDown.reduce((sum, f) => sum + f.size, 0),
      files: group.slice(0, LOOKUP_FILES_PER_TRANSFER),
    });
  }
  return { files: files.sort(newestFirst), transfers };
}
