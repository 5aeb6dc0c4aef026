import { createFileRoute } from '@tanstack/react-router';
import { preloadPublishedPage } from '@/lib/api/pages';
import { preloadSettings } from '@/lib/api/settings';
import { i18n } from '@/lib/i18n';
import { HomeScreen } from '@/features/upload/components/home-screen';

export const Route = createFileRoute('/_site/')({
  loader: async ({ context }) => {
    await Promise.all([
      preloadPublishedPage(context.queryClient, 'home', i18n.language),
      preloadSettings(context.queryClient),
    ]);
  },
  component: HomeScreen,
});
