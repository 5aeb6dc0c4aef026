// @vitest-environment node
// The page bridge when a service worker controls the page. A worker that runs uploads answers each
// message ('upload:ack') and the page leaves the work to it; a worker from before the upload
// handlers never answers, and the page then runs the engine itself instead of waiting forever.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadMessage } from './protocol';
import { sha256, startTestBackend, TEST_ANON_KEY, type TestBackend } from '@/test/upload-backend';
import { ACK_TIMEOUT_MS } from './timings';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let backend: TestBackend;
let posted: UploadMessage[];

beforeAll(async () => {
  backend = await startTestBackend();
  vi.stubEnv('VITE_SUPABASE_URL', backend.origin);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', TEST_ANON_KEY);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await backend.close();
});

beforeEach(() => {
  backend.reset();
  posted = [];
  // A fresh client (its memory of the worker's answer) per test.
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A controlled page's navigator.serviceWorker; `answers` says whether the worker acknowledges. */
function stubWorker(answers: boolean) {
  const container = new EventTarget();
  const controller = {
    postMessage(message: UploadMessage) {
      posted.push(message);
      if (answers) {
        setTimeout(() => container.dispatchEvent(new MessageEvent('message', { data: { type: 'upload:ack' } })), 5);
      }
    },
  };
  vi.stubGlobal('fetch', backend.globalFetch);
  vi.stubGlobal('navigator', {
    onLine: true,
    serviceWorker: Object.assign(container, { controller, getRegistration: () => Promise.resolve(undefined) }),
  });
}

describe('upload client under a service worker', () => {
  it('leaves the queue to a worker that answers', async () => {
    stubWorker(true);
    const client = await import('./client');
    const file = new File(['w'.repeat(1500)], 'to-worker.txt');
    const [ref] = await client.enqueueUploads([file]);
    // One message both asks the worker to run the queue and hands it the file's bytes.
    await vi.waitFor(() =>
      expect(posted).toEqual([{ type: 'upload:resume', files: [{ jobId: ref?.jobId, blob: file }] }]),
    );
    // This fake worker does nothing: had the page run the engine, the job would have moved on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const job = (await client.listJobs()).find((each) => each.jobId === ref?.jobId);
    expect(job?.state).toBe('queued');
    expect(backend.puts).toEqual([]);
  });

  it('runs the upload itself when the worker never answers (an older version)', async () => {
    stubWorker(false);
    const client = await import('./client');
    // The page's wait for an answer is a timer: run it out at once instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const [ref] = await client.enqueueUploads([new File(['p'.repeat(2500)], 'by-page.txt')]);
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    vi.useRealTimers();
    const file = await client.waitForUpload(ref?.jobId ?? '');
    expect(file.name).toBe('by-page.txt');
    expect(posted[0]).toMatchObject({ type: 'upload:resume', files: [{ jobId: ref?.jobId }] });
    // The page sent it itself, whole.
    expect(await backend.downloadedSha256(file.shareId)).toBe(sha256(new TextEncoder().encode('p'.repeat(2500))));
  });
});
