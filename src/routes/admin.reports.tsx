import { createFileRoute } from '@tanstack/react-router';
import { AdminReports } from '@/features/admin/components/admin-reports';

export const Route = createFileRoute('/admin/reports')({
  component: AdminReports,
});
