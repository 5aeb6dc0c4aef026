import { createFileRoute } from '@tanstack/react-router';
import { preloadPageScreen } from '@/lib/api/pages';
import { i18n } from '@/lib/i18n';
import { LegalScreen } from '@/features/pages/components/legal-screen';

export const Route = createFileRoute('/_site/cookies')({
  loader: ({ context }) => preloadPageScreen(context.queryClient, 'cookies', i18n.language),
  component: () => <LegalScreen page="cookies" />,
});
