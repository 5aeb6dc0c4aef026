// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE, RETRY_DELAYS_MS } from '@domain/constants';
import { until, engineHarness } from '@/test/upload-engine-harness';

// What a run does when a request fails, against the real API and bucket with a misbehaving
// network in front of the bucket (src/test/upload-engine-harness.ts).
const h = engineHarness();
const PART = DEFAULT_PART_SIZE;

describe('retries and the wait for the network', () => {
  it('retries a failing part after the configured delays, then goes on', async () => {
    const delays: number[] = [];
    const jobId = await h.addJob(2 * PART + 1);
    h.backend.failPart(2, [500, 503]);
    await h.makeEngine({ sleep: (ms) => (delays.push(ms), Promise.resolve()) }).resumeAll();

    await h.expectStoredAsPicked(jobId, 2 * PART + 1);
    expect(delays).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
    expect(h.backend.puts.filter((p) => p.partNumber === 2).map((p) => p.status)).toEqual([500, 503, 200]);
  });

  it('pauses while offline and goes on when the network is back', async () => {
    let online = false;
    const jobId = await h.addJob(PART + 1);
    const engine = h.makeEngine({ isOnline: () => online, sleep: () => new Promise(() => undefined) });
    const running = engine.resumeAll();
    await until(() => h.statesOf(jobId).includes('paused'), 'paused');
    expect(h.backend.puts).toHaveLength(0);

    online = true;
    engine.wake();
    await running;
    expect(h.statesOf(jobId)).toEqual(['uploading', 'paused', 'uploading', 'done']);
    await h.expectStoredAsPicked(jobId, PART + 1);
  });

  it('pauses after the retries when the connection keeps dropping, then continues', async () => {
    const jobId = await h.addJob(PART + 1);
    h.backend.failPart(2, [0, 0, 0, 0, 0]);
    await h.makeEngine({ partsInFlight: 1 }).resumeAll();
    expect(h.statesOf(jobId)).toContain('paused');
    await h.expectStoredAsPicked(jobId, PART + 1);
  });

  it('says it is waiting for the network as soon as a dropped connection drops again, not after every retry', async () => {
    const jobId = await h.addJob(PART + 1);
    h.backend.failPart(2, [0, 0]);
    // The state the pages show while the run waits before each retry.
    const shownDuringWaits: string[] = [];
    const sleep = (ms: number) => {
      if (ms > 0) shownDuringWaits.push(h.statesOf(jobId).at(-1) ?? '');
      return Promise.resolve();
    };
    await h.makeEngine({ partsInFlight: 1, sleep }).resumeAll();
    expect(shownDuringWaits).toEqual(['paused']);
    expect(h.statesOf(jobId)).toEqual(['uploading', 'paused', 'uploading', 'done']);
    await h.expectStoredAsPicked(jobId, PART + 1);
  });

  it('a part that gets no answer shows the job waiting for the network, and it goes on once the part is answered', async () => {
    const size = 3 * PART + 1;
    const jobId = await h.addJob(size);
    // Parts 1 and 2 go through (the speed is known), then the connection hangs: no answer, no error.
    h.backend.stall(2);
    const running = h.makeEngine({ partsInFlight: 1 }).resumeAll();
    await h.backend.whenStalled();
    await until(() => h.statesOf(jobId).includes('paused'), 'the job shown as waiting for the network');
    expect(h.statesOf(jobId)).toEqual(['uploading', 'paused']);

    h.backend.release();
    await running;
    expect(h.statesOf(jobId)).toEqual(['uploading', 'paused', 'uploading', 'done']);
    await h.expectStoredAsPicked(jobId, size);
  });

  it("fails with the API's code and params when it refuses the upload, for the page to translate", async () => {
    const jobId = await h.addJob(10, `${'n'.repeat(300)}.pdf`);
    await h.makeEngine().resumeAll();
    const job = await h.store.get(jobId);
    expect(job?.state).toBe('failed');
    expect(job?.failure).toEqual({ code: 'name_too_long', params: { max: 255 } });
    const failed = h.events.find((e) => e.type === 'upload:state' && e.job.state === 'failed');
    expect(failed?.type === 'upload:state' && failed.job.failure).toEqual(job?.failure);
  });

  it('waits out a server that is restarting (503 past every retry) instead of failing', async () => {
    const jobId = await h.addJob(2 * PART + 1);
    h.backend.failPart(2, [503, 503, 503, 503, 503, 503]);
    await h.makeEngine({ partsInFlight: 1 }).resumeAll();
    expect(h.statesOf(jobId)).toContain('paused');
    expect(h.backend.puts.filter((p) => p.partNumber === 2).map((p) => p.status)).toEqual([
      503, 503, 503, 503, 503, 503, 200,
    ]);
    await h.expectStoredAsPicked(jobId, 2 * PART + 1);
  });

  it('a part the bucket refuses fails the job with that part; retried, it goes on from the parts sent', async () => {
    const size = 3 * PART + 1;
    const jobId = await h.addJob(size);
    h.backend.failPart(3, [400]);
    const engine = h.makeEngine({ partsInFlight: 1 });
    await engine.resumeAll();
    const failed = await h.store.get(jobId);
    expect(failed?.state).toBe('failed');
    expect(failed?.failure).toEqual({ code: 'part_refused', params: { part: 3, status: 400 } });
    const sentBefore = new Set(failed?.parts.map((p) => p.partNumber));
    expect(sentBefore).toEqual(new Set([1, 2]));

    const putsBefore = h.backend.puts.length;
    await engine.retry(jobId);
    const resent = h.backend.puts.slice(putsBefore).map((p) => p.partNumber);
    expect(resent.filter((n) => sentBefore.has(n))).toEqual([]);
    await h.expectStoredAsPicked(jobId, size);
  });

  it('fails with file_missing when the copy on the device is lost in the middle of the upload, instead of waiting for a network that is there', async () => {
    const jobId = await h.addJob(10, 'lost.txt');
    // The copy's one chunk reads back at another length: lost (see stored-bytes.ts), as when the
    // browser evicted it or WebKit stored a slice as the whole file.
    const db = await openDB(h.dbName);
    await db.put('jobChunks', new ArrayBuffer(3), [jobId, 0]);
    db.close();
    const engine = h.makeEngine();
    void engine.resumeAll();
    const outcomes = ['failed', 'paused'] as const;
    await until(() => outcomes.some((state) => h.statesOf(jobId).includes(state)), 'an outcome');
    await engine.stop();
    expect(h.statesOf(jobId)).toEqual(['uploading', 'failed']);
    expect((await h.store.get(jobId))?.failure).toEqual({ code: 'file_missing' });
    expect(h.backend.puts).toEqual([]);
  });
});
