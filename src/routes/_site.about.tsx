import { createFileRoute } from '@tanstack/react-router';
import { preloadPageScreen } from '@/lib/api/pages';
import { i18n } from '@/lib/i18n';
import { AboutScreen } from '@/features/pages/components/about-screen';

export const Route = createFileRoute('/_site/about')({
  loader: ({ context }) => preloadPageScreen(context.queryClient, 'about', i18n.language),
  component: AboutScreen,
});
