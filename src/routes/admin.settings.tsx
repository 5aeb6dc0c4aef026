import { createFileRoute } from '@tanstack/react-router';
import { AdminSettings } from '@/features/admin/components/admin-settings';

export const Route = createFileRoute('/admin/settings')({
  component: AdminSettings,
});
