// Reports of files, as the admin sees them: listed newest first, dismissed in one click (a
// takedown closes a file's open reports itself, see ../takedown.ts).
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { ApiContext } from '../../context.ts';
import {
  REPORT_STATUS_FILTERS,
  type PageOf,
  type ReportDismissed,
  type ReportDto,
  type ReportStatus,
  type ReportStatusFilter,
} from '../../domain/admin-api-types.ts';
import type { ReportReason } from '../../domain/api-types.ts';
import { isUuid } from '../../domain/validation.ts';
import { HttpError, json } from '../../http.ts';
import { recordAdminAction } from './audit.ts';
import { choiceParam, iso, isoOrNull, parsePaging } from './query.ts';

function toReport(r: Record<string, unknown>): ReportDto {
  return {
    id: String(r.id),
    shareId: String(r.share_id),
    fileName: r.file_name === null ? null : String(r.file_name),
    reason: r.reason as ReportReason,
    details: r.details === null ? null : String(r.details),
    status: r.status as ReportStatus,
    createdAt: iso(r.created_at),
    resolvedAt: isoOrNull(r.resolved_at),
    resolvedBy: r.resolved_by === null ? null : String(r.resolved_by),
    fileAvailable: Boolean(r.file_available),
  };
}

export async function listReports(
  ctx: ApiContext,
  o: { status: ReportStatusFilter; shareId?: string; offset: number; limit: number },
): Promise<{ items: ReportDto[]; total: number }> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (o.status !== 'all') {
    params.push(o.status);
    conditions.push(`r.status = $${params.length}`);
  }
  if (o.shareId) {
    params.push(o.shareId);
    conditions.push(`r.share_id = $${params.length}`);
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const [rows, [count]] = await Promise.all([
    ctx.db.query<Record<string, unknown>>(
      `select r.id, r.share_id, r.file_name, r.reason, r.details, r.status, r.created_at, r.resolved_at,
              r.resolved_by,
              (r.file_id is not null or exists (
                select 1 from public.transfers t
                where t.share_id = r.share_id and t.deleted_at is null and t.taken_down_at is null
              )) as file_available
       from public.reports r ${where} order by r.created_at desc, r.id limit ${o.limit} offset ${o.offset}`,
      params,
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from public.reports r ${where}`, params),
  ]);
  return { items: rows.map(toReport), total: count?.n ?? 0 };
}

/** GET /admin/reports?status=open|dismissed|removed|all&page=&pageSize= */
export const listReportsHandler: AdminRouteHandler = async (req, ctx) => {
  const url = new URL(req.url);
  const paging = parsePaging(url);
  const status = choiceParam(url, 'status', REPORT_STATUS_FILTERS, 'open');
  const { items, total } = await listReports(ctx, { status, offset: paging.offset, limit: paging.pageSize });
  return json<PageOf<ReportDto>>({ items, total, page: paging.page, pageSize: paging.pageSize });
};

/** POST /admin/reports/:reportId/dismiss: the file stays; the report is closed and the action logged. */
export const dismissReport: AdminRouteHandler = async (req, ctx, params, admin) => {
  const id = params.reportId ?? '';
  if (!isUuid(id)) throw new HttpError(400, 'bad_request', 'Invalid report id.');
  const rows = await ctx.db.query<{ share_id: string }>(
    `update public.reports set status = 'dismissed', resolved_at = $2::timestamptz, resolved_by = $3
     where id = $1::uuid and status = 'open' returning share_id`,
    [id, ctx.now().toISOString(), admin],
  );
  if (!rows[0]) throw new HttpError(404, 'report_not_found', 'No open report has this id.');
  await recordAdminAction(ctx, req, admin, 'admin_report_dismissed', { reportId: id, shareId: rows[0].share_id });
  return json<ReportDismissed>({ id, status: 'dismissed' });
};
