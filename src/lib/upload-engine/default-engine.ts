// The engine as the app runs it: this origin's store, the configured API, and state and progress
// published on the BroadcastChannel every open tab listens to. Used by the service worker and, where
// no worker controls the page, by the page itself. Tests build their own engine instead.

import { apiClient } from '@/lib/api/app-client';
import { createUploadApi } from './api';
import { UploadEngine, type UploadEngineOptions } from './engine';
import { UPLOAD_CHANNEL } from './protocol';
import { getUploadStore } from './store';

/** `runnerId`: see sw/uploads.ts; the page leaves it random. */
export function createDefaultEngine(options: Pick<UploadEngineOptions, 'runnerId'> = {}): UploadEngine {
  const channel = new BroadcastChannel(UPLOAD_CHANNEL);
  return new UploadEngine({
    api: createUploadApi(apiClient),
    store: getUploadStore(),
    emit: (event) => channel.postMessage(event),
    ...options,
  });
}
