// GET and POST /admin/settings: the service's settings, validated with a clear error per field
// and saved in the database, where the API enforces them (see ../uploads/upload-settings.ts, ../shares.ts).
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { AdminSettingsDto } from '../../domain/admin-api-types.ts';
import { isSettingsProblem, validateSettings, type SettingsProblem } from '../../domain/service-settings.ts';
import { HttpError, json, readJson } from '../../http.ts';
import { readSettings, saveSettings } from '../../settings-store.ts';
import { recordAdminAction } from './audit.ts';

function problemError(p: SettingsProblem): HttpError {
  switch (p.kind) {
    case 'range':
      return new HttpError(400, 'invalid_setting', `${p.field} must be a whole number from ${p.min} to ${p.max}.`, {
        field: p.field,
        min: p.min,
        max: p.max,
      });
    case 'entry':
      return new HttpError(
        400,
        'invalid_setting',
        `"${p.entry}" is neither a MIME type (image/png, image/*) nor an extension (.zip).`,
        { field: p.field, entry: p.entry },
      );
    case 'empty':
      return new HttpError(400, 'invalid_setting', 'A custom list of file types needs at least one entry.', {
        field: p.field,
      });
    case 'too_many':
      return new HttpError(400, 'invalid_setting', `${p.field} may have at most ${p.max} entries.`, {
        field: p.field,
        max: p.max,
      });
    case 'email':
      return new HttpError(400, 'invalid_setting', 'contactEmail must be an email address, or empty.', {
        field: p.field,
      });
    case 'link':
      return new HttpError(400, 'invalid_setting', `"${p.entry}" is not an http or https address.`, {
        field: p.field,
        entry: p.entry,
      });
    case 'type':
      return new HttpError(400, 'invalid_setting', `${p.field} has a value of the wrong kind.`, { field: p.field });
  }
}

export const getSettings: AdminRouteHandler = async (_req, ctx) => json<AdminSettingsDto>(await readSettings(ctx));

export const updateSettings: AdminRouteHandler = async (req, ctx, _params, admin) => {
  const checked = validateSettings(await readJson(req, 16 * 1024));
  if (isSettingsProblem(checked)) throw problemError(checked);
  const before = await readSettings(ctx);
  const saved = await saveSettings(ctx, checked, admin);
  const changed = Object.fromEntries(
    Object.entries(checked).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
    ),
  );
  await recordAdminAction(ctx, req, admin, 'admin_settings_saved', { changed });
  return json<AdminSettingsDto>(saved);
};
