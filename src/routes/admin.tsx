import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGate } from '@/features/admin/components/admin-gate';

// Every /admin/* screen renders inside the gate: the sign-in form when signed out, else the shell.
export const Route = createFileRoute('/admin')({
  component: () => (
    <AdminGate>
      <Outlet />
    </AdminGate>
  ),
});
