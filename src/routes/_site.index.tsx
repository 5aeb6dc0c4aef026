import { createFileRoute } from '@tanstack/react-router';
import { preloadPageScreen } from '@/lib/api/pages';
import { i18n } from '@/lib/i18n';
import { HomeScreen } from '@/features/upload/components/home-screen';

export const Route = createFileRoute('/_site/')({
  // The page reads whole as the host renders it, and Add files opens its picker natively: the app
  // starts on the visitor's first intent, not on every visit (public/boot.js keeps a pick made
  // before it is live and holds a tap).
  staticData: { startsOnIntent: true },
  loader: ({ context }) => preloadPageScreen(context.queryClient, 'home', i18n.language),
  component: HomeScreen,
});
