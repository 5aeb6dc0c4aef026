import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

// SPEC §2: this section shows the dashboard.
export const Route = createFileRoute('/admin/users')({
  component: AdminDashboard,
});
