// Start-up diagnostics for whoever runs the app (docs/product.md §8): one GET of the API's health endpoint,
// read out on the console so a wrong key, a missing migration or a bucket without CORS shows up
// at once instead of as a failed upload later.
import type { Health } from '@domain/api-types';
import { env } from '@/config/env';
import { apiClient } from '@/lib/api/app-client';
import { ApiError } from '@/lib/api/client';

export interface Diagnostic {
  level: 'info' | 'warn' | 'error';
  message: string;
}

export function corsHint(origin: string): string {
  return `The bucket needs a CORS rule allowing the origin ${origin}, the methods GET, PUT, DELETE, POST and all headers.`;
}

/** What to tell the operator about a health answer (or the error the health call threw). */
export function describeHealth(
  result: { health: Health } | { error: unknown },
  productName: string,
  origin: string,
): Diagnostic[] {
  if ('error' in result) {
    const { error } = result;
    if (error instanceof ApiError && error.code === 'invalid_api_key') {
      return [
        {
          level: 'error',
          message: `Invalid API key: check the anonymous key (VITE_SUPABASE_ANON_KEY) in your .env file.`,
        },
      ];
    }
    const reason = error instanceof Error ? error.message : String(error);
    return [{ level: 'error', message: `Connection test failed: ${reason}` }];
  }

  const { database, storage } = result.health;
  const out: Diagnostic[] = [];
  if (database.status === 'missing_table') {
    out.push({
      level: 'error',
      message: 'Database table "files" does not exist. Run the migration (supabase/migrations).',
    });
  } else if (!database.ok) {
    out.push({ level: 'error', message: `Connection failed: ${database.message ?? 'unknown database error'}` });
  } else {
    out.push({ level: 'info', message: `Connection to ${productName} backend successful` });
  }

  if (storage.status === 'missing_config') {
    const missing = storage.missing?.length ? storage.missing.join(', ') : 'unknown';
    out.push({
      level: 'error',
      message: `Missing storage environment variables: ${missing}. Set them in the server's .env file.`,
    });
  } else if (!storage.ok) {
    out.push({
      level: 'warn',
      message: `Storage configuration warning: ${storage.message ?? 'the bucket could not be reached'}. ${corsHint(origin)}`,
    });
  }
  return out;
}

function isHealth(value: unknown): value is Health {
  if (typeof value !== 'object' || value === null) return false;
  const { database, storage } = value as Partial<Health>;
  return typeof database === 'object' && database !== null && typeof storage === 'object' && storage !== null;
}

/** Runs the check once and logs the result. Never throws: diagnostics must not break the app. */
export async function runStartupCheck(signal?: AbortSignal): Promise<Diagnostic[]> {
  let diagnostics: Diagnostic[];
  try {
    const answer = await apiClient.call<unknown>('health', { signal });
    // Something other than the API (a proxy's page, another service) may answer 200 with JSON.
    const result = isHealth(answer)
      ? { health: answer }
      : { error: new Error(`${apiClient.url}/health did not answer with the health JSON; is the API deployed there?`) };
    diagnostics = describeHealth(result, env.productName, self.location.origin);
  } catch (error) {
    // An unhealthy backend answers 503 with the same JSON: read it rather than the status.
    const result = error instanceof ApiError && isHealth(error.body) ? { health: error.body } : { error };
    diagnostics = describeHealth(result, env.productName, self.location.origin);
  }
  for (const { level, message } of diagnostics) console[level](`[${env.productName}] ${message}`);
  return diagnostics;
}
