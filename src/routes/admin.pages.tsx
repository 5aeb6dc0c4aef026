import { createFileRoute } from '@tanstack/react-router';
import { AdminPages } from '@/features/admin/components/admin-pages';

export const Route = createFileRoute('/admin/pages')({
  component: AdminPages,
});
