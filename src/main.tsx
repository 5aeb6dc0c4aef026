import './mantine-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/components/app-providers';
import { StartupErrorScreen } from '@/components/errors/startup-error-screen';
import { DEFAULT_PRODUCT_NAME } from '@/config/site';
import { i18nReady, setupI18n } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// Detects the visitor's language and starts fetching its strings, alongside the app's chunks.
const i18n = setupI18n(DEFAULT_PRODUCT_NAME);

// The app is imported dynamically so that a bad .env (which throws while the app's modules load)
// ends on a readable screen instead of a blank page.
async function start(): Promise<void> {
  try {
    const { App, loadFirstScreen, startApp } = await import('./app');
    const [{ queryClient }, { setupTransfersPersistence }] = await Promise.all([
      import('@/lib/query-client'),
      import('@/features/transfers/utils/persist-transfers'),
    ]);
    // Before the first render, so Transfers can open with the saved list (offline too).
    setupTransfersPersistence(queryClient);
    await Promise.all([i18nReady(), loadFirstScreen()]);
    // As a transition, React renders the first screen in slices that yield to the browser
    // instead of one task of several hundred ms on a phone (Lighthouse's Total Blocking Time).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
    startApp();
  } catch (error) {
    console.error(error);
    const message = error instanceof Error ? error.message : String(error);
    // Without its strings if they could not load either: the message itself is what matters here.
    await i18nReady().catch(() => undefined);
    root.render(
      <AppProviders i18n={i18n}>
        <StartupErrorScreen message={message} />
      </AppProviders>,
    );
  }
}

void start();
