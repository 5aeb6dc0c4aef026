import { createFileRoute } from '@tanstack/react-router';
import { AdminDownloads } from '@/features/admin/components/admin-downloads';

export const Route = createFileRoute('/admin/downloads')({
  component: AdminDownloads,
});
