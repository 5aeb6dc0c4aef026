// The worker's answers to messages about itself (taking over, its version). The types are shared
// with the page: src/lib/worker-messages.ts.
import type { HandOverMessage, PageToWorkerMessage, WorkerVersion } from '@/lib/worker-messages';
import { isWaiting } from './worker-state';

function isPageMessage(data: unknown): data is PageToWorkerMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

/** `version` names this build; the page compares a waiting worker's with the running one's. */
export function registerMessages(scope: ServiceWorkerGlobalScope, version: string): void {
  scope.addEventListener('message', (event) => {
    if (!isPageMessage(event.data)) return;
    switch (event.data.type) {
      case 'SKIP_WAITING':
        // Only a waiting worker has a predecessor to ask; it must let go for this one to activate.
        if (isWaiting(scope)) {
          scope.registration.active?.postMessage({ type: 'HAND_OVER' } satisfies HandOverMessage);
        }
        void scope.skipWaiting();
        break;
      case 'GET_VERSION':
        event.ports[0]?.postMessage({ version } satisfies WorkerVersion);
        break;
    }
  });
}
