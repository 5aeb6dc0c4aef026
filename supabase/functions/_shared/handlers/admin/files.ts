// The admin's uploads table (server-paginated, searchable, filterable, sortable), its summary,
// one file's details, and the takedown.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { ApiContext } from '../../context.ts';
import {
  FILE_TYPE_FILTERS,
  type AdminFileDto,
  type AdminShareDetailsDto,
  type AdminTransferDetailsDto,
  type DownloadLogDto,
  type FileTypeFilter,
  type PageOf,
  type TakedownResult,
  type UploadsSortKey,
  type UploadsSummaryDto,
} from '../../domain/admin-api-types.ts';
import { EXPIRING_SOON_MS, MAX_TRANSFER_FILES, TAKEDOWN_REASON_MAX_LENGTH } from '../../domain/constants.ts';
import { toSingleLine } from '../../domain/recipients.ts';
import { fileByShareId } from '../../files-repo.ts';
import { HttpError, json, readJson } from '../../http.ts';
import { parseShareId, shareUrl } from '../share-common.ts';
import { takeDown, takeDownTransfer } from '../takedown.ts';
import { transferByShareId, type TransferRow } from '../../transfers-repo.ts';
import { recordAdminAction } from './audit.ts';
import { listReports } from './reports.ts';
import {
  choiceParam,
  containsPattern,
  iso,
  isoOrNull,
  orderBy,
  parsePaging,
  searchParam,
  shortVisitor,
} from './query.ts';

/** The SQL condition of each of the uploads table's type filters. */
const TYPE_CONDITIONS: Record<FileTypeFilter, string> = {
  all: 'true',
  images: `type like 'image/%'`,
  documents: `(type ilike '%pdf%' or type ilike '%document%')`,
  videos: `type like 'video/%'`,
};

const SORT_COLUMNS: Record<UploadsSortKey, string> = {
  createdAt: 'created_at',
  name: 'name',
  type: 'type',
  size: 'size',
  expiresAt: 'expires_at',
  downloads: 'download_count',
  views: 'view_count',
};

/** Stored files: complete and not expired (an expired one is gone, whether swept yet or not). */
const STORED = `upload_state = 'complete' and expires_at > $1::timestamptz`;

export function toAdminFile(r: Record<string, unknown>, ctx: Pick<ApiContext, 'config'>): AdminFileDto {
  return {
    fileId: String(r.id),
    shareId: String(r.share_id),
    shareUrl: shareUrl(ctx.config, String(r.share_id)),
    name: String(r.name),
    type: String(r.type),
    size: Number(r.size),
    createdAt: iso(r.created_at),
    expiresAt: isoOrNull(r.expires_at),
    downloadCount: Number(r.download_count),
    viewCount: Number(r.view_count),
  };
}

// An encrypted file's size is what was sent, as everywhere people see it (the bucket holds 16 bytes more a record).
export const FILE_COLUMNS =
  'id, share_id, name, type, coalesce(plaintext_size, size) as size, created_at, expires_at, download_count, view_count';

/** GET /admin/uploads?q=&type=&sort=&dir=&page=&pageSize= */
export const listUploads: AdminRouteHandler = async (req, ctx) => {
  const url = new URL(req.url);
  const paging = parsePaging(url);
  const type = choiceParam(url, 'type', FILE_TYPE_FILTERS, 'all');
  const order = orderBy(url, SORT_COLUMNS, 'createdAt', 'desc', 'id');
  const q = searchParam(url);
  const params: unknown[] = [ctx.now().toISOString()];
  let where = `${STORED} and ${TYPE_CONDITIONS[type]}`;
  if (q) {
    params.push(containsPattern(q), q);
    // Case-insensitive substring of the name (docs/product.md §5), or the exact share id.
    where += ` and (name ilike $2 or share_id = $3)`;
  }
  const [rows, [count]] = await Promise.all([
    ctx.db.query(
      `select ${FILE_COLUMNS} from public.files where ${where} order by ${order}
       limit ${paging.pageSize} offset ${paging.offset}`,
      params,
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from public.files where ${where}`, params),
  ]);
  return json<PageOf<AdminFileDto>>({
    items: rows.map((r) => toAdminFile(r, ctx)),
    total: count?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  });
};

/** GET /admin/uploads/summary: over every stored file, whatever the table shows. */
export const uploadsSummary: AdminRouteHandler = async (_req, ctx) => {
  const now = ctx.now();
  const [row] = await ctx.db.query<Record<string, unknown>>(
    `select count(*)::int as total_files,
            count(*) filter (where expires_at <= $2::timestamptz)::int as expiring_soon,
            coalesce(sum(size), 0)::bigint as total_size,
            coalesce(sum(download_count), 0)::bigint as total_downloads
     from public.files where ${STORED}`,
    [now.toISOString(), new Date(now.getTime() + EXPIRING_SOON_MS).toISOString()],
  );
  return json<UploadsSummaryDto>({
    totalFiles: Number(row?.total_files ?? 0),
    expiringSoon: Number(row?.expiring_soon ?? 0),
    totalSize: Number(row?.total_size ?? 0),
    totalDownloads: Number(row?.total_downloads ?? 0),
  });
};

export function toDownloadLog(r: Record<string, unknown>): DownloadLogDto {
  return {
    id: String(r.id),
    shareId: String(r.share_id),
    fileName: r.file_name === null ? null : String(r.file_name),
    visitor: shortVisitor(r.visitor_hash),
    country: String(r.country ?? 'Unknown'),
    city: String(r.city ?? 'Unknown'),
    referrer: String(r.referrer ?? 'direct'),
    userAgent: r.user_agent === null ? null : String(r.user_agent),
    fileSize: r.file_size === null ? null : Number(r.file_size),
    downloadedAt: iso(r.downloaded_at),
  };
}

/** GET /admin/shares/:shareId: one file (any state), its latest downloads and its reports. */
/** A transfer's details: its files still stored (every file of it, at most the transfer cap). */
async function transferDetails(ctx: ApiContext, transfer: TransferRow): Promise<AdminTransferDetailsDto> {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `select ${FILE_COLUMNS}, path from public.files
     where ${STORED} and transfer_id = $2::uuid order by path, name limit ${MAX_TRANSFER_FILES}`,
    [ctx.now().toISOString(), transfer.id],
  );
  const files = rows.map((r) => ({ ...toAdminFile(r, ctx), path: String(r.path) }));
  return {
    kind: 'transfer',
    shareId: transfer.shareId,
    shareUrl: shareUrl(ctx.config, transfer.shareId),
    senderName: transfer.senderName,
    message: transfer.message,
    createdAt: transfer.createdAt.toISOString(),
    downloadCount: transfer.downloadCount,
    viewCount: transfer.viewCount,
    size: files.reduce((sum, f) => sum + f.size, 0),
    files,
    reports: (await listReports(ctx, { shareId: transfer.shareId, status: 'all', offset: 0, limit: 50 })).items,
  };
}

/** GET /admin/shares/:shareId: a file in any state, or a transfer that was neither deleted nor taken down. */
export const fileDetails: AdminRouteHandler = async (_req, ctx, params) => {
  const shareId = parseShareId(params);
  const transfer = await transferByShareId(ctx.db, shareId);
  if (transfer) {
    if (transfer.deletedAt || transfer.takenDownAt)
      throw new HttpError(404, 'file_not_found', 'No transfer has this share id (any more).');
    return json<AdminShareDetailsDto>(await transferDetails(ctx, transfer));
  }
  const [row] = await ctx.db.query<Record<string, unknown>>(
    `select ${FILE_COLUMNS}, storage_path, completed_at from public.files where share_id = $1`,
    [shareId],
  );
  if (!row) throw new HttpError(404, 'file_not_found', 'No file has this share id (any more).');
  const downloads = await ctx.db.query<Record<string, unknown>>(
    `select id, share_id, file_name, visitor_hash, user_agent, referrer, country, city, file_size, downloaded_at
     from public.download_logs where share_id = $1 order by downloaded_at desc, id limit 20`,
    [shareId],
  );
  return json<AdminShareDetailsDto>({
    kind: 'file',
    ...toAdminFile(row, ctx),
    storagePath: String(row.storage_path),
    completedAt: isoOrNull(row.completed_at),
    recentDownloads: downloads.map(toDownloadLog),
    reports: (await listReports(ctx, { shareId, status: 'all', offset: 0, limit: 50 })).items,
  });
};

/**
 * POST /admin/shares/:shareId/takedown {reason?}: object and row deleted, tombstone left, logged.
 * A transfer's share id takes the whole transfer down.
 */
export const takeDownShare: AdminRouteHandler = async (req, ctx, params, admin) => {
  const shareId = parseShareId(params);
  const body = await readJson(req, 8 * 1024);
  if (body.reason !== undefined && typeof body.reason !== 'string')
    throw new HttpError(400, 'bad_request', 'reason must be text.');
  const reason = toSingleLine(body.reason ?? '') || 'Removed by the administrator';
  if (reason.length > TAKEDOWN_REASON_MAX_LENGTH) {
    throw new HttpError(400, 'text_too_long', `The reason may be at most ${TAKEDOWN_REASON_MAX_LENGTH} characters.`, {
      field: 'reason',
      max: TAKEDOWN_REASON_MAX_LENGTH,
    });
  }
  const transfer = await transferByShareId(ctx.db, shareId);
  if (transfer && !transfer.takenDownAt) {
    const files = await takeDownTransfer(ctx, transfer, reason, admin);
    await recordAdminAction(ctx, req, admin, 'admin_takedown', { shareId, transfer: true, files, reason });
    return json<TakedownResult>({ shareId, removed: true });
  }
  const row = await fileByShareId(ctx.db, shareId);
  if (!row) throw new HttpError(404, 'file_not_found', 'No file has this share id (any more).');
  await takeDown(ctx, row, reason, admin);
  await recordAdminAction(ctx, req, admin, 'admin_takedown', {
    shareId,
    fileName: row.name,
    size: row.size,
    reason,
  });
  return json<TakedownResult>({ shareId, removed: true });
};
