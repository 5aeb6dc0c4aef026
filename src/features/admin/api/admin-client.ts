import { ADMIN_TOKEN_HEADER } from '@domain/admin-api-types';
import { apiClient } from '@/lib/api/app-client';
import { ApiError, type CallOptions } from '@/lib/api/client';
import { clearAdminSession, readAdminSession } from './admin-session';

/**
 * The app's API client for `admin/*`: adds the session token, and signs out when the API says the
 * token is missing, forged or expired (401), so the gate shows the sign-in form again.
 */
export async function adminCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const session = readAdminSession();
  try {
    return await apiClient.call<T>(`admin/${path}`, {
      ...options,
      headers: { ...options.headers, ...(session ? { [ADMIN_TOKEN_HEADER]: session.token } : {}) },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearAdminSession();
    throw error;
  }
}

/** `?a=1&b=x` from the set values (undefined and '' are left out), or '' when none is set. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
