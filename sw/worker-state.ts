// Where this worker stands in its registration, asked the same way in every engine. Firefox has no
// ServiceWorkerGlobalScope.serviceWorker (typed as always there); there, the registration's other
// workers tell it instead.

function ownWorker(scope: ServiceWorkerGlobalScope): ServiceWorker | undefined {
  return scope.serviceWorker as ServiceWorker | undefined;
}

/**
 * Whether this worker waits for the active one to go. In Firefox, the worker asked while one waits
 * is that one, as the page asks only the waiting worker (src/lib/pwa.ts).
 */
export function isWaiting(scope: ServiceWorkerGlobalScope): boolean {
  const self = ownWorker(scope);
  return self ? self.state === 'installed' : scope.registration.waiting !== null;
}

/**
 * Whether this worker, as its script runs, is the registration's active one. In Firefox, it is
 * taken as the active one only when the registration has no other (none installing, none waiting),
 * which a new version starting never is.
 */
export function startsActive(scope: ServiceWorkerGlobalScope): boolean {
  const self = ownWorker(scope);
  if (self) return self.state === 'activated';
  const { active, installing, waiting } = scope.registration;
  return active !== null && installing === null && waiting === null;
}
