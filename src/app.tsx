import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from '@/components/app-providers';
import { PwaPrompts } from '@/components/pwa/pwa-prompts';
import { env } from '@/config/env';
import { setupI18n } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/pwa';
import { queryClient } from '@/lib/query-client';
import { runStartupCheck } from '@/lib/startup-check';
import { createAppRouter } from './router';

// Importing this module reads the env (and throws if it is invalid); main.tsx catches that.
const i18n = setupI18n(env.productName);
const router = createAppRouter(queryClient);

/** Side effects of a real start (not of tests): the API diagnostics and the service worker. */
export function startApp(): void {
  void runStartupCheck();
  registerServiceWorker();
}

export function App() {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
      <PwaPrompts />
    </AppProviders>
  );
}
