/// <reference lib="webworker" />
// The service worker. One file per concern under sw/; this entry only wires them together.
// Build: vite-plugin-pwa (strategies 'injectManifest') compiles it to /sw.js and fills
// self.__WB_MANIFEST with the list of built files.
import { clientsClaim } from 'workbox-core';
import { registerAppShell } from './app-shell';
import { registerMessages } from './messages';
import { registerUploads } from './uploads';

declare const self: ServiceWorkerGlobalScope;

registerAppShell(self.__WB_MANIFEST);
registerMessages(self);
registerUploads(self);
clientsClaim();
