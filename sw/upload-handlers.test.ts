// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { UploadMessage } from '@/lib/upload-engine/protocol';
import { fakeServiceWorker, fakeWorkerScope } from '@/test/worker-scope';
import { registerUploadHandlers, type UploadRunner } from './upload-handlers';

/** Records what the worker asked of the engine; `resumeAll` ends when the test says so. */
function fakeRunner() {
  const calls: string[] = [];
  let finish: () => void = () => undefined;
  const runner: UploadRunner = {
    resumeAll: () => {
      calls.push('resumeAll');
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    offer: (files) => void calls.push(`offer:${files.map((file) => file.jobId).join(',')}`),
    cancel: (jobId) => (calls.push(`cancel:${jobId}`), Promise.resolve()),
    retry: (jobId) => (calls.push(`retry:${jobId}`), Promise.resolve()),
    wake: () => void calls.push('wake'),
    stop: () => (calls.push('stop'), Promise.resolve()),
  };
  return { runner, calls, finish: () => finish() };
}

describe('upload handlers in the service worker', () => {
  it('resumes uploads when an activated worker starts, and not while a new version installs', () => {
    const started = fakeRunner();
    registerUploadHandlers(fakeWorkerScope('activated').scope, { createEngine: () => started.runner });
    expect(started.calls).toEqual(['resumeAll']);

    const installing = fakeRunner();
    const { scope, dispatch } = fakeWorkerScope('installing');
    registerUploadHandlers(scope, { createEngine: () => installing.runner });
    expect(installing.calls).toEqual([]);
    dispatch('activate', {});
    expect(installing.calls).toEqual(['resumeAll']);
  });

  it('in Firefox (no state to read), resumes when its registration has no other worker, and not beside a new version', () => {
    const started = (others: { installing?: object; waiting?: object }) => {
      const { scope, registration } = fakeWorkerScope('activated');
      Object.assign(scope, { serviceWorker: undefined });
      Object.assign(registration, { active: {}, installing: null, waiting: null, ...others });
      const { runner, calls } = fakeRunner();
      registerUploadHandlers(scope, { createEngine: () => runner });
      return calls;
    };
    expect(started({})).toEqual(['resumeAll']);
    expect(started({ installing: {} })).toEqual([]);
    expect(started({ waiting: {} })).toEqual([]);
  });

  it('acts on page messages and ignores others', async () => {
    const { runner, calls, finish } = fakeRunner();
    const { scope, dispatch } = fakeWorkerScope('installing');
    registerUploadHandlers(scope, { createEngine: () => runner });

    expect(dispatch('message', { data: { type: 'SKIP_WAITING' } })).toEqual([]);
    // Handed bytes that are not a Blob make the whole message something else.
    expect(dispatch('message', { data: { type: 'upload:resume', files: [{ jobId: 'x', blob: 'bytes' }] } })).toEqual(
      [],
    );
    const files = [{ jobId: 'new', blob: new Blob(['abc']) }];
    const resume = dispatch('message', { data: { type: 'upload:resume', files } satisfies UploadMessage });
    await Promise.all(dispatch('message', { data: { type: 'upload:cancel', jobId: 'a' } satisfies UploadMessage }));
    await Promise.all(dispatch('message', { data: { type: 'upload:retry', jobId: 'b' } satisfies UploadMessage }));
    finish();
    await Promise.all(resume);
    // The handed bytes reach the engine before its run looks for them.
    expect(calls).toEqual(['wake', 'offer:new', 'resumeAll', 'wake', 'cancel:a', 'wake', 'retry:b']);
  });

  it('keeps a message event alive only for a bounded time', async () => {
    const { runner } = fakeRunner();
    const { scope, dispatch } = fakeWorkerScope('installing');
    registerUploadHandlers(scope, { createEngine: () => runner, messageBudgetMs: 20 });
    const [wait] = dispatch('message', { data: { type: 'upload:resume' } satisfies UploadMessage });
    // The upload goes on; the event ends anyway, so the browser never kills the worker for it.
    await expect(wait).resolves.toBe(false);
  });

  it('a sync event resumes uploads and asks for another sync when time runs out', async () => {
    const { runner, calls, finish } = fakeRunner();
    const { scope, dispatch } = fakeWorkerScope('installing');
    registerUploadHandlers(scope, { createEngine: () => runner, syncBudgetMs: 20 });

    expect(dispatch('sync', { tag: 'something-else', lastChance: false })).toEqual([]);
    const [unfinished] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    await expect(unfinished).rejects.toThrow(/next sync/);
    expect(calls).toContain('resumeAll');

    finish();
    const [finished] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    finish();
    await expect(finished).resolves.toBeUndefined();
  });

  it('a sync event whose run ends with jobs left (held by a dead runner) asks for another sync', async () => {
    const { runner, finish } = fakeRunner();
    let left = true;
    const { scope, dispatch } = fakeWorkerScope('installing');
    registerUploadHandlers(scope, { createEngine: () => runner, hasUnfinishedJobs: () => Promise.resolve(left) });
    const [blocked] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    finish();
    await expect(blocked).rejects.toThrow(/next sync/);

    left = false;
    const [clear] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    finish();
    await expect(clear).resolves.toBeUndefined();
  });

  it('hands over to a new version: stops its uploads, ends the events it holds, and takes no new work', async () => {
    const { runner, calls } = fakeRunner();
    const { scope, dispatch, registration } = fakeWorkerScope('activated');
    registerUploadHandlers(scope, { createEngine: () => runner, hasUnfinishedJobs: () => Promise.resolve(true) });
    // The page's heartbeat holds an event while the upload runs (its budget is a minute).
    const [heartbeat] = dispatch('message', { data: { type: 'upload:resume' } satisfies UploadMessage });
    const next = fakeServiceWorker('installed');
    registration.waiting = next;

    const [stopped] = dispatch('message', { data: { type: 'HAND_OVER' }, source: next });
    await stopped;
    await expect(heartbeat).resolves.toBe(false);
    expect(calls.at(-1)).toBe('stop');

    // Until the new version activates, the page's messages and syncs end at once and start nothing;
    // a cancel is still carried out, or the upload would go on under the new version.
    calls.length = 0;
    await expect(Promise.all(dispatch('message', { data: { type: 'upload:resume' } }))).resolves.toEqual([false]);
    await Promise.all(dispatch('message', { data: { type: 'upload:retry', jobId: 'b' } }));
    const [sync] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    await expect(sync).rejects.toThrow(/next sync/);
    await Promise.all(dispatch('message', { data: { type: 'upload:cancel', jobId: 'a' } }));
    expect(calls.filter((call) => call !== 'wake')).toEqual(['cancel:a']);

    // The new version went away without taking over: this worker is in charge again.
    registration.waiting = null;
    next.become('redundant');
    void dispatch('message', { data: { type: 'upload:resume' } });
    expect(calls).toContain('resumeAll');
  });

  it('after a hand-over, ends every event at once even while its registration does not show the new version yet', async () => {
    const { runner, calls } = fakeRunner();
    // The browser has not yet told this worker's registration that another version waits.
    const { scope, dispatch } = fakeWorkerScope('activated');
    registerUploadHandlers(scope, {
      createEngine: () => runner,
      hasUnfinishedJobs: () => Promise.resolve(true),
      messageBudgetMs: 60_000,
      syncBudgetMs: 60_000,
    });
    await Promise.all(dispatch('message', { data: { type: 'HAND_OVER' }, source: fakeServiceWorker('installed') }));
    calls.length = 0;

    // The page's next heartbeat and the browser's next sync: each ends at once, and nothing resumes.
    const [heartbeat] = dispatch('message', { data: { type: 'upload:resume' } satisfies UploadMessage });
    const [sync] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    const settled = Promise.allSettled([heartbeat, sync]);
    const atOnce = await Promise.race([settled, new Promise((resolve) => setTimeout(() => resolve('pending'), 1_000))]);
    expect(atOnce).not.toBe('pending');
    await expect(heartbeat).resolves.toBe(false);
    await expect(sync).rejects.toThrow(/next sync/);
    expect(calls).not.toContain('resumeAll');
  });

  it('gives the hand-over event a few seconds at most, even when the runs do not stop', async () => {
    const { runner } = fakeRunner();
    runner.stop = () => new Promise(() => undefined);
    const { scope, dispatch } = fakeWorkerScope('activated');
    registerUploadHandlers(scope, { createEngine: () => runner, handOverBudgetMs: 20 });
    const [handOver] = dispatch('message', { data: { type: 'HAND_OVER' }, source: fakeServiceWorker('installed') });
    await expect(handOver).resolves.toBe(false);
  });
});
