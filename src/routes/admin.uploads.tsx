import { createFileRoute } from '@tanstack/react-router';
import { AdminUploads } from '@/features/admin/components/admin-uploads';

export const Route = createFileRoute('/admin/uploads')({
  component: AdminUploads,
});
