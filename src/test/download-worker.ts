// For the worker's download tests: a fake worker scope at https://ulak.test/ with the given parts
// registered on it, and a way to request one of its URLs as a page (or its player) would.
import { fakeWorkerScope } from './worker-scope';

export function downloadWorker(...registers: ((scope: ServiceWorkerGlobalScope) => void)[]) {
  const { scope, dispatch } = fakeWorkerScope('activated');
  Object.assign(scope, { location: new URL('https://ulak.test/') });
  for (const register of registers) register(scope);
  /** The worker's answer to `path`, or null when it leaves the request to others. */
  const open = (path: string, init?: RequestInit): Promise<Response> | null => {
    let answer: Promise<Response> | null = null;
    dispatch('fetch', {
      request: new Request(`https://ulak.test${path}`, init),
      respondWith: (response: Response | Promise<Response>) => (answer = Promise.resolve(response)),
    });
    return answer;
  };
  return { scope, dispatch, open };
}

/** Posts `data` with a port, as a page does; resolves with the worker's first answer, or null after `waitMs`. */
export function ask<T>(dispatch: ReturnType<typeof downloadWorker>['dispatch'], data: unknown, waitMs = 10_000) {
  const { port1: page, port2 } = new MessageChannel();
  return new Promise<T | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    page.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      page.close();
      resolve(event.data);
    };
    dispatch('message', { data, ports: [port2] });
  });
}
