import './admin-mantine-styles';
import type { ReactNode } from 'react';
import { useAdminSession } from '../hooks/use-admin-session';
import { AdminShell } from './admin-shell';
import { AdminSignInForm } from './admin-sign-in-form';

/**
 * Every /admin path goes through here: signed out, the sign-in form takes the place of the
 * screen (the URL stays, so signing in lands on the screen that was asked for).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  if (!session) return <AdminSignInForm />;
  return <AdminShell>{children}</AdminShell>;
}
