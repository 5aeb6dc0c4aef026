// The admin's signed-in state. The session token is a credential, so it lives in sessionStorage
// (gone when the tab closes, not shared with other tabs). The spec's `admin_authenticated`
// localStorage flag is kept as UI state only: the API trusts the token, never the flag.

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
  const raw = sessionStorage.getItem(ADMIN_SESSION_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  if (cachedSession && isExpired(cachedSession, now)) return null;
  return cachedSession;
}

export function saveAdminSession(session: AdminSession): void {
  sessionStorage.setItem(ADMIN_SESSION_STORAGE_KEY, JSON.stringify(session));
  localStorage.setItem(ADMIN_AUTHENTICATED_FLAG_KEY, 'true');
  notify();
}

/** Signs out: forgets the token and clears the UI flag. */
export function clearAdminSession(): void {
  sessionStorage.removeItem(ADMIN_SESSION_STORAGE_KEY);
  localStorage.removeItem(ADMIN_AUTHENTICATED_FLAG_KEY);
  notify();
}

export function subscribeAdminSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
