// @vitest-environment node
// The backend runs in Node; the worker's own types (WebWorker) come from sw/tsconfig.json.
/// <reference types="node" />
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadEngine } from '@/lib/upload-engine/engine';
import { newJobRecord } from '@/lib/upload-engine/job-record';
import { createUploadStore } from '@/lib/upload-engine/store';
import { LEASE_MS } from '@/lib/upload-engine/timings';
import { sha256, startTestBackend, type TestBackend } from '@/test/upload-backend';
import { engineOn } from '@/test/upload-engine-harness';
import { fakeWorkerScope } from '@/test/worker-scope';
import { registerUploadHandlers } from './upload-handlers';

// A page that ran an upload itself (its worker did not answer in time) and was closed a moment
// later leaves its claim on the job (its lease) behind for up to LEASE_MS. When the network comes
// back with no page open, a Background Sync event is the only thing that runs: it must wait that
// lease out and finish the upload, not end at once with the job still held and nothing left to
// run it until a page is opened again.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  backend.release();
});

afterAll(async () => {
  await backend.close();
});

describe('a sync event after a page closed while it held an upload', () => {
  it("waits out the closed page's lease and finishes the upload within the event", async () => {
    const store = createUploadStore('upload-sync-held-job-test');
    const bytes = new Uint8Array(3 * 1024 * 1024 + 11).map((_, i) => (i * 7 + 3) % 251);
    const id = crypto.randomUUID();
    const { recorded, copied } = store.add(
      newJobRecord({ name: 'offline notes.pdf', type: 'application/pdf', size: bytes.length }, id, Date.now()),
      new Blob([bytes]),
    );
    await Promise.all([recorded, copied]);
    await store.update(id, (job) => ({ ...job, leaseOwner: 'closed-page', leaseUntil: Date.now() + LEASE_MS }));

    // The worker's clock moves on as it sleeps, so the lease runs out without the test waiting.
    let elapsed = 0;
    let engine: UploadEngine | undefined;
    const { scope, dispatch } = fakeWorkerScope('activated');
    registerUploadHandlers(scope, {
      createEngine: () =>
        (engine = engineOn(backend, store, {
          sleep: (ms) => {
            elapsed += ms;
            return Promise.resolve();
          },
          now: () => Date.now() + elapsed,
          runnerId: 'worker',
        })),
      hasUnfinishedJobs: async () => (await store.list()).some((job) => job.state !== 'done'),
      within: (work) => work.then(() => true),
    });

    const [waited] = dispatch('sync', { tag: 'ulak-upload', lastChance: false });
    const [outcome] = await Promise.allSettled(waited === undefined ? [] : [waited]);
    const job = await store.get(id);
    await engine?.stop();

    expect(outcome?.status).toBe('fulfilled');
    expect(job?.state).toBe('done');
    expect(await backend.downloadedSha256(job?.shareId ?? '')).toBe(sha256(bytes));
  });
});
