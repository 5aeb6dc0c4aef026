// Offline app shell: every built file is precached, and any navigation inside the app is answered
// with the app's shell so deep links (/s/abc123, /admin/uploads) open offline. A static host's
// build has its pages prerendered (vite/prerender-pages.ts): its index.html is Home, served for /
// (and /about from about.html) by the precache's own route, and its shell is app-shell.html.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths served by the backend, never by the app shell. */
export const NAVIGATION_DENYLIST = [/^\/functions\//, /^\/storage\//, /^\/peerjs/];

/** vite/prerender-pages.ts's APP_SHELL_FILE (the service worker imports nothing from the build). */
const STATIC_APP_SHELL = 'app-shell.html';

export function registerAppShell(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  const urls = manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url));
  const shell = urls.includes(STATIC_APP_SHELL) ? STATIC_APP_SHELL : 'index.html';
  registerRoute(new NavigationRoute(createHandlerBoundToURL(shell), { denylist: NAVIGATION_DENYLIST }));
}
