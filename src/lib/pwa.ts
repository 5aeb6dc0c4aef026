// Registers the service worker (sw/sw.ts, built to /sw.js by vite-plugin-pwa). Only in production
// builds, or in dev when VITE_PWA_DEV=true: a worker caching dev modules makes development confusing.
import { Workbox } from 'workbox-window';

export interface RegisterServiceWorkerOptions {
  /**
   * A new version is installed and waiting. Call `update` to activate it; the page reloads once
   * the new worker controls it. Without this option the new version waits for the next visit.
   */
  onNeedRefresh?: (update: () => void) => void;
}

export function isServiceWorkerEnabled(): boolean {
  return import.meta.env.PROD || import.meta.env.VITE_PWA_DEV === 'true';
}

export function registerServiceWorker(options: RegisterServiceWorkerOptions = {}): Workbox | undefined {
  if (!isServiceWorkerEnabled() || !('serviceWorker' in navigator)) return undefined;
  // The production worker is one classic script; in dev vite-plugin-pwa serves it as an ES module.
  const workbox = import.meta.env.PROD
    ? new Workbox('/sw.js', { scope: '/' })
    : new Workbox('/dev-sw.js?dev-sw', { scope: '/', type: 'module' });

  workbox.addEventListener('waiting', () => {
    options.onNeedRefresh?.(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
  return workbox;
}
