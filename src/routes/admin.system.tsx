import { createFileRoute } from '@tanstack/react-router';
import { AdminSystem } from '@/features/admin/components/admin-system';

export const Route = createFileRoute('/admin/system')({
  component: AdminSystem,
});
