import './mantine-styles';
import { type ReactNode, startTransition, StrictMode, useLayoutEffect } from 'react';
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

/** Resolves once the app's first commit has made the page live. */
let markLive: () => void = () => {};
const madeLive = new Promise<void>((resolve) => {
  markLive = resolve;
});

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
    markLive();
  }, []);
  return children;
}

/**
 * Lets the browser run what waits (a tap, a paint) before the next step of the start. Each step
 * evaluates a part of the app's modules; all at once they were one task of 150-200 ms on a phone
 * (Lighthouse's 4x slowed CPU), which a tap made meanwhile waits behind (Total Blocking Time).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` when the browser is idle (at the latest after `timeoutMs`). */
function whenIdle(work: () => void, timeoutMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 0);
}

/**
 * How long the start's side effects (the service worker, the upload queue, the API diagnostics)
 * wait for the browser to be idle after the first screen is live; default 2 s: later than that
 * they run anyway (a resumed upload must not wait on a page that is never idle).
 */
const SIDE_EFFECTS_IDLE_TIMEOUT_MS = 2_000;

// The app is imported dynamically so that a bad .env (which throws while the app's modules load)
// ends on a readable screen instead of a blank page. Its parts load in steps (nextTask).
async function start(): Promise<void> {
  try {
    const { createRoot, hydrateRoot } = await import('react-dom/client');
    await nextTask();
    // Mantine and the theme, which every screen's providers need.
    await import('@/components/app-providers');
    await nextTask();
    const [{ queryClient }, { setupTransfersPersistence }] = await Promise.all([
      import('@/lib/query-client'),
      import('@/features/transfers/utils/persist-transfers'),
    ]);
    // Before the first render, so Transfers can open with the saved list (offline too).
    setupTransfersPersistence(queryClient);
    // What the host's render of this page was given by the API (a download page's share): the
    // first render shows the same screen, and the share's view is not counted twice.
    seedPageData(queryClient, document);
    await nextTask();
    // The route tree (every route's options, and what their loaders import) is the longest step of
    // the start: the frame of every public screen (header, footer, the router's links) and
    // Transfers' list (the upload engine's records) are evaluated before it, each in a step of its own.
    await import('@/components/layout/site-layout');
    await nextTask();
    await import('@/features/transfers/api/get-my-files');
    await nextTask();
    await import('./routeTree.gen');
    await nextTask();
    const { adoptRenderedPage, App, createApp, loadFirstScreen, startEffects } = await import('./app');
    await nextTask();
    createApp();
    await nextTask();
    await Promise.all([i18nReady(), loadFirstScreen()]);
    await nextTask();
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
    // Nothing on the first screen needs them: they wait until it is live and the browser is idle.
    void madeLive.then(() => {
      for (const effect of startEffects) whenIdle(effect, SIDE_EFFECTS_IDLE_TIMEOUT_MS);
    });
  } catch (error) {
    console.error(error);
    const message = error instanceof Error ? error.message : String(error);
    const [{ createRoot }, { AppProviders }, { StartupErrorScreen }] = await Promise.all([
      import('react-dom/client'),
      import('@/components/app-providers'),
      import('@/components/errors/startup-error-screen'),
    ]);
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
