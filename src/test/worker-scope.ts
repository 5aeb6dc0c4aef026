// For the worker's tests: just enough of a service worker scope (events with waitUntil, the
// worker's own state, whether another version waits) to register the real handlers on and deliver
// events to them. A test sets `registration.waiting` as the browser would.
//
// Typed with the worker's own library (WebWorker), so it is checked by sw/tsconfig.json through
// the worker's tests that import it; tsconfig.json, whose DOM library has no
// ServiceWorkerGlobalScope, leaves it out.

export function fakeWorkerScope(state: ServiceWorkerState) {
  const target = new EventTarget();
  const registration: { waiting: object | null } = { waiting: null };
  const scope = Object.assign(target, {
    serviceWorker: { state },
    registration,
  }) as unknown as ServiceWorkerGlobalScope;
  /** Delivers an event; returns what its handlers passed to waitUntil. */
  function dispatch(type: string, fields: Record<string, unknown>): Promise<unknown>[] {
    const waits: Promise<unknown>[] = [];
    const event = Object.assign(new Event(type), fields, { waitUntil: (p: Promise<unknown>) => waits.push(p) });
    target.dispatchEvent(event);
    return waits;
  }
  return { scope, dispatch, registration };
}

/** Another version of the worker as this one sees it (a message's source): its state, and its changes. */
export function fakeServiceWorker(state: ServiceWorkerState) {
  const worker = Object.assign(new EventTarget(), { state, scriptURL: 'https://ulak.test/sw.js' });
  return Object.assign(worker as unknown as ServiceWorker, {
    become(next: ServiceWorkerState) {
      worker.state = next;
      worker.dispatchEvent(new Event('statechange'));
    },
  });
}
