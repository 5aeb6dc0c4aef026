import { createFileRoute } from '@tanstack/react-router';
import { AdminStorage } from '@/features/admin/components/admin-storage';

export const Route = createFileRoute('/admin/storage')({
  component: AdminStorage,
});
