// GET /admin/system: the health of what the service depends on, its version, the last sweep run;
// GET /admin/system/logs: the system log, newest first, filterable by event type.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { ServiceCheckDto, SystemDto, SystemLogsPage } from '../../domain/admin-api-types.ts';
import { json } from '../../http.ts';
import { checkHealth } from '../health.ts';
import { mailDeliveryOf } from '../settings.ts';
import { iso, parsePaging, searchParam, shortVisitor } from './query.ts';

export const OUTBOX_WARNING = "Mail is not configured: the send card's mails only land in the outbox (SMTP_URL)";
const NO_MAIL_WARNING = 'Mail is not configured: the send card cannot send mail (SMTP_URL).';

export const systemStatus: AdminRouteHandler = async (_req, ctx) => {
  const health = await checkHealth(ctx);
  // Mail that only lands in the outbox reaches nobody: a warning, not OK, though nothing is down.
  const delivery = mailDeliveryOf(ctx);
  const mail: ServiceCheckDto =
    delivery === 'smtp'
      ? { ok: true, status: 'ok' }
      : delivery === 'outbox'
        ? { ok: false, warning: true, status: 'outbox', detail: OUTBOX_WARNING }
        : { ok: false, warning: true, status: 'missing_config', detail: NO_MAIL_WARNING };
  const peer: ServiceCheckDto = ctx.peerServer
    ? { ok: true, status: 'ok', detail: String(ctx.peerServer.connectedPeers()) }
    : { ok: true, status: 'external', detail: 'The PeerJS server runs outside this API.' };
  const [sweep] = await ctx.db.query<{ value: Record<string, unknown>; updated_at: unknown }>(
    `select value, updated_at from public.service_status where key = 'sweep'`,
  );
  return json<SystemDto>({
    version: ctx.config.version,
    database: { ok: health.database.ok, status: health.database.status, detail: health.database.message },
    storage: { ok: health.storage.ok, status: health.storage.status, detail: health.storage.message },
    mail,
    peer,
    lastSweep: sweep
      ? {
          at: iso(sweep.updated_at),
          deletedFiles: Number(sweep.value.deletedFiles ?? 0),
          abortedUploads: Number(sweep.value.abortedUploads ?? 0),
        }
      : null,
  });
};

export const systemLogs: AdminRouteHandler = async (req, ctx) => {
  const url = new URL(req.url);
  const paging = parsePaging(url);
  const type = searchParam(url, 'type');
  const where = type ? 'where event_type = $1' : '';
  const params = type ? [type] : [];
  const [rows, [count], types] = await Promise.all([
    ctx.db.query<Record<string, unknown>>(
      `select id, event_type, event_data, visitor_hash, created_at from public.system_logs ${where}
       order by created_at desc, id limit ${paging.pageSize} offset ${paging.offset}`,
      params,
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from public.system_logs ${where}`, params),
    ctx.db.query<{ event_type: string }>('select distinct event_type from public.system_logs order by 1 limit 100'),
  ]);
  return json<SystemLogsPage>({
    items: rows.map((r) => ({
      id: String(r.id),
      eventType: String(r.event_type),
      eventData: (typeof r.event_data === 'object' && r.event_data !== null ? r.event_data : {}) as Record<
        string,
        unknown
      >,
      visitor: shortVisitor(r.visitor_hash),
      createdAt: iso(r.created_at),
    })),
    total: count?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
    eventTypes: types.map((t) => t.event_type),
  });
};
