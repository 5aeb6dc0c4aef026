// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeServiceWorker, fakeWorkerScope } from '@/test/worker-scope';
import { registerMessages } from './messages';

/** A worker at `state` (undefined: Firefox, which does not say) with another one active beside it. */
function workerBeside(state: ServiceWorkerState | undefined, { oneWaits }: { oneWaits: boolean }) {
  const { scope, dispatch, registration } = fakeWorkerScope(state ?? 'installed');
  if (state === undefined) Object.assign(scope, { serviceWorker: undefined });
  const toActive: unknown[] = [];
  const active = Object.assign(fakeServiceWorker('activated'), { postMessage: (data: unknown) => toActive.push(data) });
  Object.assign(registration, { active, waiting: oneWaits ? fakeServiceWorker('installed') : null });
  let skipped = 0;
  Object.assign(scope, { skipWaiting: () => ((skipped += 1), Promise.resolve()) });
  registerMessages(scope, 'build-1');
  return { dispatch, toActive, skipped: () => skipped };
}

describe('the worker asked to skip waiting', () => {
  it.each([
    ['says it waits', 'installed' as const],
    ['cannot say (Firefox), and one waits', undefined],
  ])('when it %s: asks the active worker to hand over, and activates', (_, state) => {
    const worker = workerBeside(state, { oneWaits: true });
    worker.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(worker.toActive).toEqual([{ type: 'HAND_OVER' }]);
    expect(worker.skipped()).toBe(1);
  });

  it('when it is the active one: asks no one to hand over', () => {
    const worker = workerBeside('activated', { oneWaits: false });
    worker.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(worker.toActive).toEqual([]);
    expect(worker.skipped()).toBe(1);
  });
});
