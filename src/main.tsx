import './mantine-styles';
import { type ReactNode, startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from '@/components/app-providers';
import { StartupErrorScreen } from '@/components/errors/startup-error-screen';
import { APP_LIVE_EVENT, START_ATTRIBUTE } from '@/config/boot-contract';
import { DEFAULT_PRODUCT_NAME } from '@/config/site';
import { i18nReady, setupI18n, toLanguage } from '@/lib/i18n';
import { seedPageData } from '@/lib/page-data';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;
// The language the host rendered the page in, read before the app's own choice replaces it.
const pageLanguage = document.documentElement.lang;
// Detects the visitor's language and starts fetching its strings, alongside the app's chunks.
const i18n = setupI18n(DEFAULT_PRODUCT_NAME);

/**
 * Set by the host on a page whose app starts on the visitor's first intent (a download page):
 * public/boot.js holds a tap made before the app is live and makes it again on APP_LIVE_EVENT.
 */
const startsOnIntent = document.documentElement.hasAttribute(START_ATTRIBUTE);

/**
 * The markup the host rendered into #root is inert (or, on a page that starts on intent, its taps
 * are held): it looks like the page but does nothing until the app has taken it over (a tap or a
 * picked file would be lost meanwhile). The app's first commit (the same screen) makes it live.
 */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    document.documentElement.removeAttribute(START_ATTRIBUTE);
    document.dispatchEvent(new Event(APP_LIVE_EVENT));
  }, []);
  return children;
}

// The app is imported dynamically so that a bad .env (which throws while the app's modules load)
// ends on a readable screen instead of a blank page.
async function start(): Promise<void> {
  try {
    const { adoptRenderedPage, App, loadFirstScreen, startApp } = await import('./app');
    const [{ queryClient }, { setupTransfersPersistence }] = await Promise.all([
      import('@/lib/query-client'),
      import('@/features/transfers/utils/persist-transfers'),
    ]);
    // Before the first render, so Transfers can open with the saved list (offline too).
    setupTransfersPersistence(queryClient);
    // What the host's render of this page was given by the API (a download page's share): the
    // first render shows the same screen, and the share's view is not counted twice.
    seedPageData(queryClient, document);
    await Promise.all([i18nReady(), loadFirstScreen()]);
    const app = (
      <StrictMode>
        <Live>
          <App />
        </Live>
      </StrictMode>
    );
    // The page the host rendered is taken over where it stands (hydration): React attaches to its
    // markup instead of drawing the page anew, and the browser lays nothing out again. Only a page
    // the host rendered whole, in the language the app chose: the app's first render must write
    // the same. A part left loading (Transfers' list of this device's uploads) would be swapped for
    // its content after the takeover, moving what follows it on screen; drawn anew, it arrives
    // with the page. Otherwise, and on a page the host did not render, React draws the screen.
    const rendered =
      (container.hasAttribute('inert') || startsOnIntent) &&
      !container.hasAttribute('data-incomplete') &&
      pageLanguage === toLanguage(i18n.language);
    if (rendered) {
      adoptRenderedPage();
      hydrateRoot(container, app);
    } else {
      // As a transition, React renders the first screen in slices that yield to the browser
      // instead of one task of several hundred ms on a phone (Lighthouse's Total Blocking Time).
      startTransition(() => createRoot(container).render(app));
    }
    startApp();
  } catch (error) {
    console.error(error);
    const message = error instanceof Error ? error.message : String(error);
    // Without its strings if they could not load either: the message itself is what matters here.
    await i18nReady().catch(() => undefined);
    createRoot(container).render(
      <Live>
        <AppProviders i18n={i18n}>
          <StartupErrorScreen message={message} />
        </AppProviders>
      </Live>,
    );
  }
}

void start();
