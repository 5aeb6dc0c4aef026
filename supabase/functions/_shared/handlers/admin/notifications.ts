// GET /admin/notifications: what the top bar's bell lists when enableNotifications is on: new
// reports and takedowns of the last NOTIFICATION_WINDOW_MS.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { NotificationDto, NotificationsDto } from '../../domain/admin-api-types.ts';
import { NOTIFICATION_LIMIT, NOTIFICATION_WINDOW_MS } from '../../domain/constants.ts';
import { json } from '../../http.ts';
import { readSettings } from '../../settings-store.ts';
import { iso } from './query.ts';

export const notifications: AdminRouteHandler = async (_req, ctx) => {
  if (!(await readSettings(ctx)).enableNotifications) {
    return json<NotificationsDto>({ enabled: false, items: [] });
  }
  const since = new Date(ctx.now().getTime() - NOTIFICATION_WINDOW_MS).toISOString();
  const rows = await ctx.db.query<Record<string, unknown>>(
    `select id, event_type, event_data, created_at from public.system_logs
     where event_type in ('report_created', 'admin_takedown') and created_at > $1::timestamptz
     order by created_at desc, id limit $2`,
    [since, NOTIFICATION_LIMIT],
  );
  const items: NotificationDto[] = rows.map((r) => {
    const data = (r.event_data ?? {}) as Record<string, unknown>;
    return {
      id: String(r.id),
      kind: r.event_type === 'report_created' ? 'report' : 'takedown',
      shareId: String(data.shareId ?? ''),
      fileName: typeof data.fileName === 'string' ? data.fileName : null,
      at: iso(r.created_at),
    };
  });
  return json<NotificationsDto>({ enabled: true, items });
};
