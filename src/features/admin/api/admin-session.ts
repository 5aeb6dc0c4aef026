// The admin's signed-in state, one per browser: the token lives in localStorage, so a new tab is
// signed in too, and every tab hears a sign-in or a logout in another (the `storage` event). It
// stays revocable: Logout ends the session on the server (POST admin/logout), and the token
// expires. The spec's `admin_authenticated` flag is kept as UI state only: the API trusts the
// token, never the flag.

import type { AdminSession } from '@domain/admin-api-types';

export const ADMIN_SESSION_STORAGE_KEY = 'ulak_admin_session';
export const ADMIN_AUTHENTICATED_FLAG_KEY = 'admin_authenticated';

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: AdminSession | null = null;

function parse(raw: string | null): AdminSession | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<AdminSession>;
    if (typeof value.token !== 'string' || typeof value.expiresAt !== 'string') return null;
    return { token: value.token, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

function isExpired(session: AdminSession, now: number): boolean {
  const expiresAt = Date.parse(session.expiresAt);
  return Number.isNaN(expiresAt) || expiresAt <= now;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The current session, or null when signed out or expired. Same object while unchanged. */
export function readAdminSession(now: number = Date.now()): AdminSession | null {
  const raw = localStorage.getItem(ADMIN_SESSION_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  if (cachedSession && isExpired(cachedSession, now)) return null;
  return cachedSession;
}

export function saveAdminSession(session: AdminSession): void {
  localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, JSON.stringify(session));
  localStorage.setItem(ADMIN_AUTHENTICATED_FLAG_KEY, 'true');
  notify();
}

/** Signs out: forgets the token and clears the UI flag. */
export function clearAdminSession(): void {
  localStorage.removeItem(ADMIN_SESSION_STORAGE_KEY);
  localStorage.removeItem(ADMIN_AUTHENTICATED_FLAG_KEY);
  notify();
}

/** Another tab signed in or out (or the storage was cleared): every listener reads the session again. */
function onStorage(event: StorageEvent): void {
  if (event.key === ADMIN_SESSION_STORAGE_KEY || event.key === null) notify();
}

export function subscribeAdminSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
