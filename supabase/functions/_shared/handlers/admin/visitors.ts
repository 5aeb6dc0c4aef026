// GET /admin/visitors: there are no accounts (docs/product.md §6); what exists is a salted hash per visitor
// address in the logs. This lists those hashes with their uploads and downloads still logged.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { PageOf, VisitorDto, VisitorsSortKey } from '../../domain/admin-api-types.ts';
import { json } from '../../http.ts';
import { iso, orderBy, parsePaging, shortVisitor } from './query.ts';

const SORT_COLUMNS: Record<VisitorsSortKey, string> = {
  lastSeen: 'last_seen',
  uploads: 'uploads',
  downloads: 'downloads',
};

const VISITORS = `
  select visitor_hash, sum(uploads)::int as uploads, sum(downloads)::int as downloads, max(at) as last_seen
  from (
    select visitor_hash, 0 as uploads, 1 as downloads, downloaded_at as at
    from public.download_logs where visitor_hash is not null
    union all
    select visitor_hash, 1, 0, created_at
    from public.system_logs where event_type = 'file_uploaded' and visitor_hash is not null
  ) e
  group by visitor_hash`;

export const listVisitors: AdminRouteHandler = async (req, ctx) => {
  const url = new URL(req.url);
  const paging = parsePaging(url);
  const order = orderBy(url, SORT_COLUMNS, 'lastSeen', 'desc', 'visitor_hash');
  const [rows, [count]] = await Promise.all([
    ctx.db.query<Record<string, unknown>>(
      `${VISITORS} order by ${order} limit ${paging.pageSize} offset ${paging.offset}`,
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from (${VISITORS}) v`),
  ]);
  return json<PageOf<VisitorDto>>({
    items: rows.map((r) => ({
      visitor: shortVisitor(r.visitor_hash) ?? '',
      uploads: Number(r.uploads),
      downloads: Number(r.downloads),
      lastSeen: iso(r.last_seen),
    })),
    total: count?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  });
};
