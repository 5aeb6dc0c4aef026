// The dashboard (docs/product.md §2, §9) and the daily figures. Both first bring today's row of
// daily_analytics up to date (docs/product.md §7: update_daily_analytics on load and every 30 s); totals are
// sums of the daily rows, which never go down when files and logs are deleted.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { ApiContext } from '../../context.ts';
import {
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  type AnalyticsDto,
  type DailyFiguresDto,
  type DashboardDto,
} from '../../domain/admin-api-types.ts';
import { DAY_MS } from '../../domain/constants.ts';
import { json } from '../../http.ts';
import { toDownloadLog } from './files.ts';
import { choiceParam } from './query.ts';

const DASHBOARD_DAYS = 30;
const TOP_COUNTRIES = 5;
const RECENT_DOWNLOADS = 20;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function refreshToday(ctx: ApiContext): Promise<Date> {
  const now = ctx.now();
  await ctx.db.query('select public.update_daily_analytics($1::date)', [utcDay(now)]);
  return now;
}

/** Every UTC day of the last `days` days up to today, oldest first; days with no row count zero. */
async function dailyFigures(ctx: ApiContext, now: Date, days: number): Promise<DailyFiguresDto[]> {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `select pg_catalog.to_char(d.day, 'YYYY-MM-DD') as date,
            coalesce(a.uploads, 0) as uploads, coalesce(a.downloads, 0) as downloads,
            coalesce(a.bytes_uploaded, 0) as bytes_uploaded, coalesce(a.bytes_downloaded, 0) as bytes_downloaded,
            coalesce(a.unique_visitors, 0) as unique_visitors, a.storage_bytes
     from pg_catalog.generate_series($1::date, $2::date, interval '1 day') as d(day)
     left join public.daily_analytics a on a.date = d.day::date
     order by d.day`,
    [utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), utcDay(now)],
  );
  return rows.map((r) => ({
    date: String(r.date),
    uploads: Number(r.uploads),
    downloads: Number(r.downloads),
    bytesUploaded: Number(r.bytes_uploaded),
    bytesDownloaded: Number(r.bytes_downloaded),
    uniqueVisitors: Number(r.unique_visitors),
    storageBytes: r.storage_bytes === null || r.storage_bytes === undefined ? null : Number(r.storage_bytes),
  }));
}

/** GET /admin/dashboard */
export const dashboard: AdminRouteHandler = async (_req, ctx) => {
  const now = await refreshToday(ctx);
  const [totals] = await ctx.db.query<Record<string, unknown>>(
    `select coalesce(sum(uploads), 0)::bigint as uploads, coalesce(sum(downloads), 0)::bigint as downloads,
            coalesce(sum(bytes_uploaded), 0)::bigint as bytes_up, coalesce(sum(bytes_downloaded), 0)::bigint as bytes_down
     from public.daily_analytics`,
  );
  const [stored] = await ctx.db.query<Record<string, unknown>>(
    `select count(*)::int as active, coalesce(sum(size), 0)::bigint as bytes from public.files
     where upload_state = 'complete' and expires_at > $1::timestamptz`,
    [now.toISOString()],
  );
  // Unique visitors: distinct salted visitor hashes among the downloads and uploads still logged.
  const [visitors] = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from (
       select visitor_hash from public.download_logs where visitor_hash is not null
       union
       select visitor_hash from public.system_logs where event_type = 'file_uploaded' and visitor_hash is not null
     ) v`,
  );
  const countries = await ctx.db.query<{ country: string; download_count: number }>(
    'select country, download_count from public.get_top_countries($1) limit $2',
    [DASHBOARD_DAYS, TOP_COUNTRIES],
  );
  const recent = await ctx.db.query<Record<string, unknown>>('select * from public.get_recent_downloads($1)', [
    RECENT_DOWNLOADS,
  ]);
  const totalUploads = Number(totals?.uploads ?? 0);
  const activeUploads = Number(stored?.active ?? 0);
  const body: DashboardDto = {
    totalUploads,
    activeUploads,
    totalDownloads: Number(totals?.downloads ?? 0),
    // docs/product.md §9: destroyed means every upload that is not active.
    uploadsDestroyed: Math.max(totalUploads - activeUploads, 0),
    storageUsed: Number(stored?.bytes ?? 0),
    uniqueVisitors: visitors?.n ?? 0,
    totalUploaded: Number(totals?.bytes_up ?? 0),
    totalDownloaded: Number(totals?.bytes_down ?? 0),
    topCountries: countries.map((c) => ({ country: c.country, downloadCount: Number(c.download_count) })),
    recentDownloads: recent.map(toDownloadLog),
    daily: await dailyFigures(ctx, now, DASHBOARD_DAYS),
    updatedAt: now.toISOString(),
  };
  return json<DashboardDto>(body);
};

/** GET /admin/analytics?days=30|90: the daily figures of the period, oldest first. */
export const analytics: AdminRouteHandler = async (req, ctx) => {
  const periods = ANALYTICS_PERIODS.map(String);
  const days = Number(choiceParam(new URL(req.url), 'days', periods, String(DEFAULT_ANALYTICS_PERIOD)));
  const now = await refreshToday(ctx);
  return json<AnalyticsDto>({ days: await dailyFigures(ctx, now, days), updatedAt: now.toISOString() });
};
