import { createFileRoute } from '@tanstack/react-router';
import { preloadPublishedPage } from '@/lib/api/pages';
import { preloadSettings } from '@/lib/api/settings';
import { i18n } from '@/lib/i18n';
import { HowItWorksScreen } from '@/features/pages/components/how-it-works-screen';

export const Route = createFileRoute('/_site/how-it-works')({
  loader: async ({ context }) => {
    await Promise.all([
      preloadPublishedPage(context.queryClient, 'how-it-works', i18n.language),
      preloadSettings(context.queryClient),
    ]);
  },
  component: HowItWorksScreen,
});
