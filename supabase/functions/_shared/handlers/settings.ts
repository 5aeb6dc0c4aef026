// GET /settings: what the page shows of the server's settings before anything is sent: the size
// limit (so a file that is too large is refused when it is picked), the retention, the allowed
// types (the file picker's hint), maintenance (a banner instead of the upload card), and the From
// that the recipients of the send card's mail will see. The limits are the admin's settings, read
// from the database; the API enforces them (uploads/upload-settings.ts), the page only displays them.
import type { RouteHandler } from '../handler-types.ts';
import type { PublicSettings } from '../domain/api-types.ts';
import { publicSettings } from '../domain/service-settings.ts';
import { json } from '../http.ts';
import { readSettings } from '../settings-store.ts';

export const settingsHandler: RouteHandler = async (_req, ctx) =>
  json<PublicSettings>(publicSettings(await readSettings(ctx), ctx.mailer?.from ?? null));
