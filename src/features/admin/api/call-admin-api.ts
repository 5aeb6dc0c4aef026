import { ApiError, callApi } from '@/lib/supabase';
import type { ApiRequestInit } from '@/lib/supabase';
import { ADMIN_TOKEN_HEADER, clearAdminSession, readAdminSession } from './admin-session';

/**
 * `callApi` for admin endpoints: adds the session token, and signs out when the API says the
 * token is missing, invalid or expired (401), so the gate shows the sign-in form again.
 */
export async function callAdminApi<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const session = readAdminSession();
  try {
    return await callApi<T>(path, {
      ...init,
      headers: { ...init.headers, ...(session ? { [ADMIN_TOKEN_HEADER]: session.token } : {}) },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearAdminSession();
    throw error;
  }
}
