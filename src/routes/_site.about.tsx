import { createFileRoute } from '@tanstack/react-router';
import { preloadPublishedPage } from '@/lib/api/pages';
import { preloadSettings } from '@/lib/api/settings';
import { i18n } from '@/lib/i18n';
import { AboutScreen } from '@/features/pages/components/about-screen';

export const Route = createFileRoute('/_site/about')({
  loader: async ({ context }) => {
    await Promise.all([
      preloadPublishedPage(context.queryClient, 'about', i18n.language),
      preloadSettings(context.queryClient),
    ]);
  },
  component: AboutScreen,
});
