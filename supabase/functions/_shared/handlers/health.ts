// GET /health: the spec's start-up connection test (database) and storage test, as JSON.
import type { ApiContext } from '../context.ts';
import type { DatabaseHealth, Health, StorageHealth } from '../domain/api-types.ts';
import { json } from '../http.ts';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkDatabase(ctx: ApiContext): Promise<DatabaseHealth> {
  try {
    // Proves the connection and the migration in O(1), however many files there are.
    await ctx.db.query('select 1 from public.files limit 1');
    return { ok: true, status: 'ok' };
  } catch (error) {
    const message = errorMessage(error);
    if (/relation .*files.* does not exist/i.test(message)) {
      return { ok: false, status: 'missing_table', message: 'Database table not found. Please run the migration.' };
    }
    return { ok: false, status: 'error', message: `Database connection failed: ${message}` };
  }
}

async function checkStorage(ctx: ApiContext): Promise<StorageHealth> {
  if (!ctx.storage) {
    return {
      ok: false,
      status: 'missing_config',
      missing: ctx.config.storageMissing,
      message: `Missing storage settings: ${ctx.config.storageMissing.join(', ')}. Set them in your .env file.`,
    };
  }
  try {
    await ctx.storage.check();
    return { ok: true, status: 'ok' };
  } catch (error) {
    return { ok: false, status: 'error', message: errorMessage(error) };
  }
}

export async function checkHealth(ctx: ApiContext): Promise<Health> {
  const [database, storage] = await Promise.all([checkDatabase(ctx), checkStorage(ctx)]);
  return { ok: database.ok && storage.ok, database, storage };
}

/** The diagnostics docs/product.md §8 asks for, one line each, for the host's console at start-up. */
export function describeHealth(health: Health): string[] {
  const lines: string[] = [];
  if (health.database.ok) lines.push('Database connection successful.');
  else if (health.database.status === 'missing_table') {
    lines.push('Database connection test failed: the files table does not exist. Run the migration.');
  } else lines.push(`Database connection test failed: ${health.database.message ?? 'unknown error'}`);
  if (health.storage.ok) lines.push('Storage connection successful.');
  else if (health.storage.status === 'missing_config') {
    lines.push(`Missing storage settings: ${(health.storage.missing ?? []).join(', ')}. Set them in your .env file.`);
  } else {
    lines.push(
      `Storage configuration warning: ${health.storage.message ?? 'unknown error'}. ` +
        "Hint: the bucket needs a CORS rule allowing the app's origin, methods GET, PUT, DELETE, POST and all headers.",
    );
  }
  return lines;
}

/**
 * How long one check answers every health request. A monitor (or an attacker) calling /health in a
 * loop then costs one database query and one storage request per second, not one per call.
 */
const HEALTH_CACHE_MS = 1_000;
const recent = new WeakMap<ApiContext, { at: number; health: Promise<Health> }>();

export async function healthHandler(_req: Request, ctx: ApiContext): Promise<Response> {
  const now = Date.now();
  let entry = recent.get(ctx);
  if (!entry || now - entry.at >= HEALTH_CACHE_MS) {
    entry = { at: now, health: checkHealth(ctx) };
    recent.set(ctx, entry);
  }
  const health = await entry.health;
  return json<Health>(health, health.ok ? 200 : 503);
}
