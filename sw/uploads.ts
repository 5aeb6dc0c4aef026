// Installs the upload handlers with the app's engine (this origin's store, the configured API).
import { createDefaultEngine } from '@/lib/upload-engine/default-engine';
import { registerUploadHandlers } from './upload-handlers';

export function registerUploads(scope: ServiceWorkerGlobalScope): void {
  registerUploadHandlers(scope, { createEngine: createDefaultEngine });
}
