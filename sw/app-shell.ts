// Offline app shell: every built file is precached, and any navigation inside the app is answered
// with index.html so deep links (/s/abc123, /admin/uploads) open offline.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths served by the backend, never by the app shell. */
export const NAVIGATION_DENYLIST = [/^\/functions\//, /^\/storage\//, /^\/peerjs/];

export function registerAppShell(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));
}
