// Every admin action is written to system_logs: who (the admin's name), what (the event and its
// details), when (created_at), and from where (the salted visitor hash, as for every event).
import type { ApiContext } from '../../context.ts';
import { recordEvent } from '../share-common.ts';

export type AdminEvent = 'admin_takedown' | 'admin_settings_saved' | 'admin_page_saved' | 'admin_report_dismissed';

export function recordAdminAction(
  ctx: ApiContext,
  req: Request,
  admin: string,
  event: AdminEvent,
  data: Record<string, unknown>,
): Promise<void> {
  return recordEvent(ctx, req, event, { admin, ...data });
}
