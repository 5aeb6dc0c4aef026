// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '@domain/constants';
import { engineHarness } from '@/test/upload-engine-harness';
import { createUploadStore } from './store';

// The queue of one runner and the leases that keep runners in two contexts off each other's jobs,
// against the real API and bucket (src/test/upload-engine-harness.ts).
const h = engineHarness();
const PART = DEFAULT_PART_SIZE;

describe('the queue and its leases', () => {
  it('resumes after a crash without sending a finished part twice', async () => {
    const size = 4 * PART + 5;
    const jobId = await h.stoppedAfterTwoParts(size);
    // A crashed runner leaves its claim behind; a new one must wait for it to run out.
    await h.store.update(jobId, (job) => ({ ...job, leaseOwner: 'crashed-tab', leaseUntil: Date.now() + 30_000 }));
    const stored = new Set((await h.store.get(jobId))?.parts.map((p) => p.partNumber));
    const putsBefore = h.backend.puts.length;
    h.backend.release();

    let offset = 0;
    const second = h.makeEngine({
      // A fresh connection to the same database, as a new page or worker would open.
      store: createUploadStore(h.dbName),
      now: () => Date.now() + offset,
    });
    await second.resumeAll();
    expect(h.backend.puts.slice(putsBefore)).toEqual([]);
    expect((await h.store.get(jobId))?.state).toBe('uploading');

    offset = 31_000;
    await second.resumeAll();
    const resent = h.backend.puts.slice(putsBefore).map((p) => p.partNumber);
    expect(resent.filter((n) => stored.has(n))).toEqual([]);
    expect(h.backend.callsTo('uploads')).toHaveLength(1);
    await h.expectStoredAsPicked(jobId, size);
  });

  it('two runners in one context do not work on the same job twice', async () => {
    const jobId = await h.addJob(2 * PART);
    const engine = h.makeEngine();
    await Promise.all([engine.resumeAll(), engine.resumeAll(), engine.resumeAll()]);
    expect((await h.store.get(jobId))?.state).toBe('done');
    expect(h.backend.callsTo('uploads')).toHaveLength(1);
    expect(h.okPuts()).toHaveLength(2);
  });

  it('cancel stops the parts in flight, aborts the upload and forgets the job', async () => {
    const jobId = await h.addJob(3 * PART);
    h.backend.stall(1);
    const engine = h.makeEngine();
    const running = engine.resumeAll();
    await h.backend.whenStalled();
    const aborted = h.backend.whenAbortedPut();
    const fileId = (await h.store.get(jobId))?.fileId ?? '';

    await engine.cancel(jobId);
    await aborted;
    await running;
    expect(h.backend.callsTo('abort').map((call) => [call.path, call.status])).toEqual([
      [`uploads/${fileId}/abort`, 204],
    ]);
    expect(await h.store.get(jobId)).toBeUndefined();
    expect(await h.store.listOwnedFiles()).toEqual([]);
    expect(h.statesOf(jobId).at(-1)).toBe('cancelled');
    expect(h.backend.callsTo('complete')).toEqual([]);
  });

  it('runs queued jobs one after another and leaves finished ones alone', async () => {
    const a = await h.addJob(1000, 'a.pdf');
    const b = await h.addJob(1001, 'b.pdf');
    const engine = h.makeEngine();
    await engine.resumeAll();
    expect((await h.store.get(a))?.state).toBe('done');
    expect((await h.store.get(b))?.state).toBe('done');
    const putsAfter = h.backend.puts.length;
    await engine.resumeAll();
    expect(h.backend.puts.length).toBe(putsAfter);
    expect((await h.store.listOwnedFiles()).map((o) => o.name).sort()).toEqual(['a.pdf', 'b.pdf']);
  });
});
