/// <reference lib="webworker" />
// The service worker. One file per concern under sw/; this entry only wires them together.
// Build: vite-plugin-pwa (strategies 'injectManifest') compiles it to /sw.js and fills
// self.__WB_MANIFEST with the list of built files.
import { clientsClaim } from 'workbox-core';
import { registerAppShell } from './app-shell';
import { getUploadStore } from '@/lib/upload-engine/store';
import { registerMessages } from './messages';
import { registerShareTarget } from './share-target';
import { registerUploads } from './uploads';

declare const self: ServiceWorkerGlobalScope;

// Before the app shell's routes: the share target's POST is answered here, never by the network.
registerShareTarget(self, getUploadStore);
registerAppShell(self.__WB_MANIFEST);
registerMessages(self);
registerUploads(self);
clientsClaim();
