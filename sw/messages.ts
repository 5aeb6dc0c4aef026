// Messages the page sends to the worker. The upload engine adds its own message types to this
// union; the page imports the type only (`import type`).

/** Sent by workbox-window's `messageSkipWaiting()` when the person accepts an update. */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

export type PageToWorkerMessage = SkipWaitingMessage;

function isPageMessage(data: unknown): data is PageToWorkerMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

export function registerMessages(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if (!isPageMessage(event.data)) return;
    switch (event.data.type) {
      case 'SKIP_WAITING':
        void scope.skipWaiting();
        break;
    }
  });
}
