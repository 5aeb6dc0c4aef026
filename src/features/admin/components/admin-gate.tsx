import './admin-mantine-styles';
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminSession } from '../hooks/use-admin-session';
import { adminKeys } from '../keys';
import { AdminShell } from './admin-shell';
import { AdminSignInForm } from './admin-sign-in-form';

/**
 * Every /admin path goes through here: signed out, the sign-in form takes the place of the
 * screen (the URL stays, so signing in lands on the screen that was asked for).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const queryClient = useQueryClient();
  // Signed out (here, in another tab, or by the API's 401): no admin answer stays in memory.
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [session, queryClient]);
  if (!session) return <AdminSignInForm />;
  return <AdminShell>{children}</AdminShell>;
}
