import { RouterProvider } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { AppProviders } from '@/components/app-providers';
import { PwaPrompts } from '@/components/pwa/pwa-prompts';
import type { AppRouter } from '@/router';

/**
 * The app's whole tree, for the browser (src/app.tsx) and for the host's render of a first visit's
 * page (src/entry-server.tsx): React takes the rendered page over only if both write the same.
 */
export function AppShell({ i18n, queryClient, router }: { i18n: I18n; queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
      <PwaPrompts />
    </AppProviders>
  );
}
