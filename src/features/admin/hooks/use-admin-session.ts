import { useEffect, useSyncExternalStore } from 'react';
import { clearAdminSession, readAdminSession, subscribeAdminSession } from '../api/admin-session';
import type { AdminSession } from '@domain/admin-api-types';

// setTimeout overflows past 2^31-1 ms; sessions are hours long, far below that.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The admin session, re-rendering on sign-in, sign-out and when the token expires. */
export function useAdminSession(): AdminSession | null {
  const session = useSyncExternalStore(subscribeAdminSession, () => readAdminSession());

  useEffect(() => {
    if (!session) return;
    const remaining = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(clearAdminSession, Math.min(Math.max(remaining, 0), MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [session]);

  return session;
}
