import { createFileRoute } from '@tanstack/react-router';
import { preloadPageScreen } from '@/lib/api/pages';
import { i18n } from '@/lib/i18n';
import { HomeScreen } from '@/features/upload/components/home-screen';

export const Route = createFileRoute('/_site/')({
  loader: ({ context }) => preloadPageScreen(context.queryClient, 'home', i18n.language),
  component: HomeScreen,
});
