import { createFileRoute } from '@tanstack/react-router';
import { preloadPageScreen } from '@/lib/api/pages';
import { i18n } from '@/lib/i18n';
import { HowItWorksScreen } from '@/features/pages/components/how-it-works-screen';

export const Route = createFileRoute('/_site/how-it-works')({
  loader: ({ context }) => preloadPageScreen(context.queryClient, 'how-it-works', i18n.language),
  component: HowItWorksScreen,
});
