// GET /admin/downloads: the download log, newest first, filterable by file (name or share id)
// and country.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { DownloadsPage, DownloadsSortKey } from '../../domain/admin-api-types.ts';
import { json } from '../../http.ts';
import { toDownloadLog } from './files.ts';
import { containsPattern, orderBy, parsePaging, searchParam } from './query.ts';

const SORT_COLUMNS: Record<DownloadsSortKey, string> = {
  downloadedAt: 'downloaded_at',
  fileName: 'file_name',
  country: 'country',
  size: 'file_size',
};

export const listDownloads: AdminRouteHandler = async (req, ctx) => {
  const url = new URL(req.url);
  const paging = parsePaging(url);
  const order = orderBy(url, SORT_COLUMNS, 'downloadedAt', 'desc', 'id');
  const q = searchParam(url);
  const country = searchParam(url, 'country');
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (q) {
    params.push(containsPattern(q), q);
    conditions.push(`(file_name ilike $${params.length - 1} or share_id = $${params.length})`);
  }
  if (country) {
    params.push(country);
    conditions.push(`country = $${params.length}`);
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const [rows, [count], countries] = await Promise.all([
    ctx.db.query<Record<string, unknown>>(
      `select id, share_id, file_name, visitor_hash, user_agent, referrer, country, city, file_size, downloaded_at
       from public.download_logs ${where} order by ${order} limit ${paging.pageSize} offset ${paging.offset}`,
      params,
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from public.download_logs ${where}`, params),
    ctx.db.query<{ country: string }>(
      `select distinct coalesce(country, 'Unknown') as country from public.download_logs order by 1 limit 300`,
    ),
  ]);
  return json<DownloadsPage>({
    items: rows.map(toDownloadLog),
    total: count?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
    countries: countries.map((c) => c.country),
  });
};
