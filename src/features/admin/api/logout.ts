import type { AdminLogout } from '@domain/admin-api-types';
import { adminCall } from './admin-client';
import { clearAdminSession } from './admin-session';

/**
 * How long Logout waits for the server before forgetting the session here anyway (default 5 s):
 * a person who clicked Logout is never kept signed in by a slow or lost connection.
 */
const LOGOUT_WAIT_MS = 5_000;

/** POST admin/logout: ends the session on the server, then forgets it here, whatever the answer. */
export async function logoutAdmin(): Promise<void> {
  try {
    await adminCall<AdminLogout>('logout', { method: 'POST', signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
  } catch {
    // Offline, or the session had already ended: forgotten here all the same; it expires on the server.
  } finally {
    clearAdminSession();
  }
}
