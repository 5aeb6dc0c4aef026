// Installs the upload handlers with the app's engine (this origin's store, the configured API).
import { createDefaultEngine } from '@/lib/upload-engine/default-engine';
import { hasUnfinishedJobs } from '@/lib/upload-engine/store';
import { registerUploadHandlers } from './upload-handlers';

/**
 * `version` names this build of the worker. It is the engine's runner id (in job leases), the same
 * for every instance of this version: a worker the browser stopped or killed in the middle of an
 * upload leaves its lease behind, and its next instance (started by the next event) takes the job
 * again at once instead of waiting for the lease to run out. Two instances of one version never run
 * at once; a new version has another id, so it does not work on a job the old one still sends.
 */
export function registerUploads(scope: ServiceWorkerGlobalScope, version: string): void {
  registerUploadHandlers(scope, {
    createEngine: () => createDefaultEngine({ runnerId: `service-worker:${version}` }),
    hasUnfinishedJobs,
  });
}
