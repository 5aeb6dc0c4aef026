import { createFileRoute } from '@tanstack/react-router';
import { AdminUsers } from '@/features/admin/components/admin-users';

export const Route = createFileRoute('/admin/users')({
  component: AdminUsers,
});
