import { createFileRoute } from '@tanstack/react-router';
import { AdminAnalytics } from '@/features/admin/components/admin-analytics';

export const Route = createFileRoute('/admin/analytics')({
  component: AdminAnalytics,
});
