// Offline app shell: every built file is precached (precache.ts), and any navigation inside the
// app is answered with the app's shell so deep links (/s/abc123, /admin/uploads) open offline. A
// static host's build has its pages prerendered (vite/prerender-pages.ts): its index.html is Home,
// served for / (and /about from about.html) by the precache's own route, and its shell is
// app-shell.html.
import { cleanupOutdatedCaches, PrecacheRoute, type PrecacheController } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths served by the backend, never by the app shell. */
export const NAVIGATION_DENYLIST = [/^\/functions\//, /^\/storage\//, /^\/peerjs/];

/** vite/prerender-pages.ts's APP_SHELL_FILE (the service worker imports nothing from the build). */
const STATIC_APP_SHELL = 'app-shell.html';

export function registerAppShell(precache: PrecacheController): void {
  registerRoute(new PrecacheRoute(precache));
  cleanupOutdatedCaches();
  const urls = [...precache.getURLsToCacheKeys().keys()].map((url) => new URL(url).pathname);
  const shell = urls.includes(`/${STATIC_APP_SHELL}`) ? STATIC_APP_SHELL : 'index.html';
  registerRoute(new NavigationRoute(precache.createHandlerBoundToURL(shell), { denylist: NAVIGATION_DENYLIST }));
}
