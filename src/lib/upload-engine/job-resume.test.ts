// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '@domain/constants';
import { engineHarness, bytesOf } from '@/test/upload-engine-harness';
import { firstNeededByte, newJobRecord } from './job-record';
import { createUploadStore } from './store';

// A run that goes on where an earlier one was cut off (a crash, a killed worker), against the real
// API and bucket (src/test/upload-engine-harness.ts).
const h = engineHarness();
const PART = DEFAULT_PART_SIZE;

describe("a job's run going on from what an earlier one left", () => {
  it('resumes from a copy that holds only the bytes still to send', async () => {
    const size = 4 * PART + 5;
    const jobId = await h.stoppedAfterTwoParts(size);
    // The copy as the page writes it when it meets the upload: from the end back past the first
    // part not recorded (in chunks that line up with no part, so every offset is checked).
    const job = await h.store.get(jobId);
    await h.store.update(jobId, (current) => current, { dropBytes: true });
    const { copied } = createUploadStore(h.dbName, { copyChunkBytes: PART / 2 + 7 }).add(
      job ?? newJobRecord({ name: 'missing', type: '', size }, jobId, 0),
      new Blob([bytesOf(size)]),
    );
    await copied;
    const stored = await h.store.getBytes(jobId);
    expect(stored?.from).toBeGreaterThan(0);
    expect(stored?.from).toBeLessThanOrEqual(job === undefined ? 0 : firstNeededByte(job));
    h.backend.release();

    await h.makeEngine().resumeAll();
    await h.expectStoredAsPicked(jobId, size);
  });

  it('on resume takes over the parts the bucket finished but this device never recorded', async () => {
    const size = 4 * PART + 3;
    const jobId = await h.addJob(size);
    h.backend.stall(3);
    const first = h.makeEngine({ partsInFlight: 1 });
    void first.resumeAll();
    await h.backend.whenStalled();
    await first.stop();
    // The browser was killed as its last two parts arrived: the bucket has them, the device does not.
    const recorded = ((await h.store.get(jobId))?.parts ?? []).map((p) => p.partNumber).sort((a, b) => a - b);
    expect(recorded).toEqual([1, 2, 3]);
    const forgotten = recorded.slice(-2);
    await h.store.update(jobId, (job) => ({
      ...job,
      parts: job.parts.filter((p) => !forgotten.includes(p.partNumber)),
      bytesDone: PART,
      leaseOwner: null,
      leaseUntil: 0,
    }));
    const putsBefore = h.backend.puts.length;
    h.backend.release();

    await h.makeEngine({ partsInFlight: 1 }).resumeAll();
    const sentAgain = h.backend.puts
      .slice(putsBefore)
      .filter((p) => p.status !== 0)
      .map((p) => p.partNumber);
    expect(sentAgain).toEqual([4, 5]);
    await h.expectStoredAsPicked(jobId, size);
  });
});
