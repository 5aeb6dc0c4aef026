// The precache's install: every built file fetched into the cache before the worker activates,
// a few at a time, never while a download waits to start. Workbox's own install fetches one file
// after another: on a phone's link (150 ms round trips) its 80 files took 15 s, and a tap on an
// encrypted file's Download on a first visit waited for all of them. Its cache keys, cache modes
// and strategy are kept, so its routes and its activate step work as with precacheAndRoute.
import { PrecacheController } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';

/** Files fetched at once (default 4): most of a phone's link, and well below the browser's 6 connections per host. */
const FILES_AT_ONCE = 4;

/**
 * Work the precache gives way to: while any is pending, it starts no file (those under way end).
 * A download the visitor asked for then has the link to itself.
 */
export interface GiveWay {
  during<T>(work: Promise<T>): Promise<T>;
}

export function createPrecache(
  scope: ServiceWorkerGlobalScope,
  manifest: Array<PrecacheEntry | string>,
): { controller: PrecacheController; giveWay: GiveWay } {
  const controller = new PrecacheController();
  controller.addToCacheList(manifest);
  // Workbox's rule (addToCacheList): a file with a revision (an unhashed name) bypasses the HTTP cache.
  const reload = new Set(
    manifest.flatMap((entry) =>
      typeof entry !== 'string' && entry.revision ? [new URL(entry.url, scope.location.href).href] : [],
    ),
  );

  let pending = 0;
  let clear: Promise<void> = Promise.resolve();
  let onClear = () => {};
  const giveWay: GiveWay = {
    during(work) {
      if (pending++ === 0) clear = new Promise((resolve) => (onClear = resolve));
      const done = () => {
        if (--pending === 0) onClear();
      };
      work.then(done, done);
      return work;
    },
  };

  scope.addEventListener('install', (event) => {
    const files = [...controller.getURLsToCacheKeys()];
    const fetchFiles = async () => {
      for (let file = files.shift(); file; file = files.shift()) {
        await clear;
        const [url, cacheKey] = file;
        const request = new Request(url, {
          integrity: controller.getIntegrityForCacheKey(cacheKey),
          cache: reload.has(url) ? 'reload' : 'default',
          credentials: 'same-origin',
        });
        await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }));
      }
    };
    event.waitUntil(Promise.all(Array.from({ length: FILES_AT_ONCE }, fetchFiles)));
  });
  scope.addEventListener('activate', (event) => void controller.activate(event));
  return { controller, giveWay };
}
