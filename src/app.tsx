import { AppShell } from '@/components/app-shell';
import { env } from '@/config/env';
import { setupI18n } from '@/lib/i18n';
import { registerServiceWorker, watchInstallPrompt } from '@/lib/pwa';
import { queryClient } from '@/lib/query-client';
import { runStartupCheck } from '@/lib/startup-check';
import { type AppRouter, createAppRouter } from './router';

// Importing this module reads the env (and throws if it is invalid); main.tsx catches that.
const i18n = setupI18n(env.productName);
/** Made by `createApp`: a step of the start of its own, after this module's code has run. */
let router: AppRouter;

/** Makes the app's router (the route tree's matching, the browser history, scroll restoration). */
export function createApp(): void {
  router = createAppRouter(queryClient);
  // At once, unlike the rest of startApp: the browser's install offer may come before then.
  watchInstallPrompt();
}

/** The download page: where most people land, from a link, on a phone. */
const isDownloadPage = (pathname: string) => /^\/(?:s|share)\//.test(pathname);

/**
 * Picks up uploads a closed tab, a killed browser or a lost network left unfinished. Not on the
 * download page, which must stay light for a recipient's first visit: the queue's code loads on
 * the first other screen (the service worker resumes the jobs meanwhile on its own: Background
 * Sync and its start).
 */
function startUploadsOffTheDownloadPage(): void {
  const start = () => {
    void import('@/lib/upload-engine/client').then(({ initUploads }) => initUploads());
  };
  if (!isDownloadPage(router.state.location.pathname)) return start();
  const stop = router.subscribe('onResolved', ({ toLocation }) => {
    if (isDownloadPage(toLocation.pathname)) return;
    stop();
    start();
  });
}

/**
 * Resolves the first screen's route (its lazy chunk and its loader) before the first render. The
 * router would otherwise start this load from a layout effect once mounted, and the state updates
 * it makes there re-render the whole tree synchronously: one long task (400-550 ms at Lighthouse's
 * 4x slowed CPU) instead of the transition main.tsx renders in. Not awaited past the router's pending delay: a
 * slow loader still gets its pending screen (the router goes on with the load it finds running).
 */
export function loadFirstScreen(): Promise<void> {
  const pendingMs = router.options.defaultPendingMs ?? 1000;
  return Promise.race([
    router.load().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, pendingMs)),
  ]);
}

/**
 * Side effects of a real start (not of tests): the API diagnostics, the service worker, the upload
 * queue. main.tsx runs each as a task of its own: together they make one task long enough on a
 * phone to hold up a tap made as the first screen becomes live.
 */
export const startEffects: readonly (() => void)[] = [
  () => void runStartupCheck(),
  registerServiceWorker,
  startUploadsOffTheDownloadPage,
];

/**
 * Makes the first render take over the page the host rendered instead of drawing it anew.
 * Otherwise the router wraps its root in a Suspense boundary that the host's render (a server
 * router) has not, and React would find the page's markup not its own.
 */
export function adoptRenderedPage(): void {
  router.ssr = { manifest: undefined };
}

export function App() {
  return <AppShell i18n={i18n} queryClient={queryClient} router={router} />;
}
