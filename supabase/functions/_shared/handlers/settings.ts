// GET /settings: what the page shows of the server's settings before anything is sent: the size
// limit (so a file that is too large is refused when it is picked), the retention, the allowed
// types (the file picker's hint), maintenance (a banner instead of the upload card), the From
// that the recipients of the send card's mail will see, and where that mail really goes (so the
// page never offers mail as sent when it only lands in the outbox). The limits are the admin's
// settings, read from the database; the API enforces them (uploads/upload-settings.ts), the page
// only displays them.
import type { ApiContext } from '../context.ts';
import type { RouteHandler } from '../handler-types.ts';
import type { MailDelivery, PublicSettings } from '../domain/api-types.ts';
import { publicSettings } from '../domain/service-settings.ts';
import { json } from '../http.ts';
import { readSettings } from '../settings-store.ts';

/** 'smtp' when a mail server takes the mail, 'outbox' when it is only written to files, else 'none'. */
export function mailDeliveryOf(ctx: Pick<ApiContext, 'mailer' | 'mailTransport'>): MailDelivery {
  if (!ctx.mailer) return 'none';
  return ctx.mailTransport === 'outbox' ? 'outbox' : 'smtp';
}

export const settingsHandler: RouteHandler = async (_req, ctx) =>
  json<PublicSettings>({
    ...publicSettings(await readSettings(ctx), ctx.mailer?.from ?? null),
    mailDelivery: mailDeliveryOf(ctx),
  });
