// GET /settings: what the page shows of the server's settings before anything is sent: the size
// limit (so a file that is too large is refused when it is picked), the retention, and the From
// that the recipients of the send card's mail will see.
import type { RouteHandler } from '../api.ts';
import type { PublicSettings } from '../domain/api-types.ts';
import { MAX_FILE_SIZE, RETENTION_DAYS } from '../domain/constants.ts';
import { json } from '../http.ts';

export const settingsHandler: RouteHandler = async (_req, ctx) =>
  json<PublicSettings>({
    maxFileSize: MAX_FILE_SIZE,
    retentionDays: RETENTION_DAYS,
    mailFrom: ctx.mailer?.from ?? null,
  });
