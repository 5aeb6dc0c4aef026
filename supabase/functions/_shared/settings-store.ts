// The admin's settings in the database (one row of public.settings), read by the API on every
// upload create and download. Kept for SETTINGS_CACHE_MS (see there why); a save through this
// module is seen at once by the instance that made it.
import type { ApiContext } from './context.ts';
import type { Db } from './db.ts';
import type { AdminSettingsDto } from './domain/admin-api-types.ts';
import { SETTINGS_CACHE_MS } from './domain/constants.ts';
import { ALLOWED_FILE_TYPES, type AllowedFileTypes } from './domain/api-types.ts';
import { DEFAULT_SETTINGS, type ServiceSettings } from './domain/service-settings.ts';

interface Cached {
  readAt: number;
  value: AdminSettingsDto;
}

// Per database, so two APIs in one process (tests) never see each other's settings.
const cache = new WeakMap<Db, Cached>();

function toDto(r: Record<string, unknown>): AdminSettingsDto {
  const allowed = String(r.allowed_file_types);
  const custom = Array.isArray(r.custom_file_types) ? r.custom_file_types.map(String) : [];
  return {
    maxFileSizeGb: Number(r.max_file_size_gb),
    autoDeleteDays: Number(r.auto_delete_days),
    allowedFileTypes: (ALLOWED_FILE_TYPES as readonly string[]).includes(allowed)
      ? (allowed as AllowedFileTypes)
      : 'all',
    customFileTypes: custom,
    enableAnalytics: Boolean(r.enable_analytics),
    enableNotifications: Boolean(r.enable_notifications),
    maintenanceMode: Boolean(r.maintenance_mode),
    contactEmail: typeof r.contact_email === 'string' ? r.contact_email : '',
    socialLinks: Array.isArray(r.social_links) ? r.social_links.map(String) : [],
    updatedAt: (r.updated_at instanceof Date ? r.updated_at : new Date(String(r.updated_at))).toISOString(),
    updatedBy: r.updated_by === null || r.updated_by === undefined ? null : String(r.updated_by),
  };
}

const COLUMNS = `max_file_size_gb, auto_delete_days, allowed_file_types, custom_file_types, enable_analytics,
  enable_notifications, maintenance_mode, contact_email, social_links, updated_at, updated_by`;

/** The current settings (the defaults if the row is somehow missing). */
export async function readSettings(ctx: Pick<ApiContext, 'db'>): Promise<AdminSettingsDto> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.readAt < SETTINGS_CACHE_MS) return hit.value;
  const [row] = await ctx.db.query(`select ${COLUMNS} from public.settings where id`);
  const value = row ? toDto(row) : { ...DEFAULT_SETTINGS, updatedAt: new Date(0).toISOString(), updatedBy: null };
  cache.set(ctx.db, { readAt: Date.now(), value });
  return value;
}

/** Saves validated settings as `admin`; returns what is now stored. */
export async function saveSettings(
  ctx: Pick<ApiContext, 'db' | 'now'>,
  settings: ServiceSettings,
  admin: string,
): Promise<AdminSettingsDto> {
  const [row] = await ctx.db.query(
    `insert into public.settings as s (id, max_file_size_gb, auto_delete_days, allowed_file_types, custom_file_types,
       enable_analytics, enable_notifications, maintenance_mode, contact_email, social_links, updated_at, updated_by)
     values (true, $1, $2, $3, $4::text::jsonb, $5, $6, $7, $8, $9::text::jsonb, $10::timestamptz, $11)
     on conflict (id) do update set
       max_file_size_gb = excluded.max_file_size_gb, auto_delete_days = excluded.auto_delete_days,
       allowed_file_types = excluded.allowed_file_types, custom_file_types = excluded.custom_file_types,
       enable_analytics = excluded.enable_analytics, enable_notifications = excluded.enable_notifications,
       maintenance_mode = excluded.maintenance_mode, contact_email = excluded.contact_email,
       social_links = excluded.social_links, updated_at = excluded.updated_at, updated_by = excluded.updated_by
     returning ${COLUMNS}`,
    [
      settings.maxFileSizeGb,
      settings.autoDeleteDays,
      settings.allowedFileTypes,
      JSON.stringify(settings.customFileTypes),
      settings.enableAnalytics,
      settings.enableNotifications,
      settings.maintenanceMode,
      settings.contactEmail,
      JSON.stringify(settings.socialLinks),
      ctx.now().toISOString(),
      admin,
    ],
  );
  if (!row) throw new Error('the settings row was not written');
  const value = toDto(row);
  cache.set(ctx.db, { readAt: Date.now(), value });
  return value;
}
