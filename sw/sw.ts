/// <reference lib="webworker" />
// The service worker. One file per concern under sw/; this entry only wires them together.
// Build: vite-plugin-pwa (strategies 'injectManifest') compiles it to /sw.js and fills
// self.__WB_MANIFEST with the list of built files.
import { clientsClaim } from 'workbox-core';
import { getShareInbox } from '@/lib/share-inbox/share-inbox';
import { registerAppShell } from './app-shell';
import { registerDownloadStreams } from './download-stream';
import { registerEarlyDownloads } from './early-download';
import { registerZipDownloads } from './zip-download';
import { registerMediaStreams } from './media-stream';
import { registerMessages } from './messages';
import { createPrecache } from './precache';
import { registerShareTarget } from './share-target';
import { registerUploads } from './uploads';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;

/** Names this build: the precache revisions change with every file of the app. */
function buildVersion(entries: typeof manifest): string {
  const text = entries
    .map((entry) => (typeof entry === 'string' ? entry : `${entry.url}#${entry.revision ?? ''}`))
    .join('\n');
  // FNV-1a: short and stable; this only tells builds apart, it protects nothing.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

// Before the app shell's routes: the share target's POST, the streamed downloads' and the media
// previews' URLs are answered here, never by the network or the navigation fallback.
const version = buildVersion(manifest);
const precache = createPrecache(self, manifest);
registerShareTarget(self, getShareInbox);
const parkDownload = registerDownloadStreams(self);
registerEarlyDownloads(self, parkDownload, precache.giveWay);
registerZipDownloads(self, parkDownload);
registerMediaStreams(self);
registerAppShell(precache.controller);
registerMessages(self, version);
registerUploads(self, version);
clientsClaim();
