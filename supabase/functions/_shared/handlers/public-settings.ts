// GET /settings: the admin's settings as the screens need them (limits, allowed types,
// maintenance). The browser only displays them; the API enforces them.
import type { RouteHandler } from '../api.ts';
import type { PublicSettings } from '../domain/api-types.ts';
import { acceptHint, maxFileBytes } from '../domain/service-settings.ts';
import { json } from '../http.ts';
import { readSettings } from '../settings-store.ts';

export const getPublicSettings: RouteHandler = async (_req, ctx) => {
  const settings = await readSettings(ctx);
  const accept = acceptHint(settings);
  const body: PublicSettings = {
    maxFileSize: maxFileBytes(settings),
    retentionDays: settings.autoDeleteDays,
    allowedFileTypes: settings.allowedFileTypes,
    customFileTypes: settings.customFileTypes,
    ...(accept ? { accept } : {}),
    maintenanceMode: settings.maintenanceMode,
  };
  return json(body);
};
