import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { WEB_MANIFEST } from './web-manifest.ts';

/** The service worker (sw/sw.ts, with the precache manifest injected) and the web manifest. */
export function serviceWorker(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    // src/lib/pwa.ts registers the worker itself (workbox-window), only where it should run.
    injectRegister: false,
    injectManifest: {
      globPatterns: ['**/*.{html,js,css,png,svg,ico,webmanifest,woff2}'],
      // The PDF preview's pdf.js chunk and worker (1.5 MB) load when a PDF is previewed, which
      // needs the network anyway: every install would pay for them otherwise.
      globIgnores: ['**/pdf-preview-*.js', '**/pdf.worker-*.js'],
      // The main bundle (Mantine, React, the router) is over workbox's 2 MiB default in dev-like
      // builds; the whole shell must be precached for offline start.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      // One classic script: registrable without { type: 'module' } in every browser.
      rollupFormat: 'iife',
    },
    devOptions: {
      enabled: process.env.VITE_PWA_DEV === 'true',
      type: 'module',
      navigateFallback: 'index.html',
    },
    includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
    manifest: WEB_MANIFEST,
  });
}
