// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '@domain/constants';
import { engineHarness, bytesOf } from '@/test/upload-engine-harness';
import { newJobRecord } from './job-record';
import type { UploadStore } from './store';

// One job's run against the real API and bucket (src/test/upload-engine-harness.ts): the parts,
// the progress the pages see, and the failures that end a run.
const h = engineHarness();
const PART = DEFAULT_PART_SIZE;

describe("one job's run: create, the parts, complete", () => {
  it('uploads a stored file in equal parts (the last one shorter) and completes it', async () => {
    const size = 2 * PART + 321;
    const jobId = await h.addJob(size);
    await h.makeEngine().resumeAll();

    const job = await h.store.get(jobId);
    expect(job?.state).toBe('done');
    // The copy of the file is gone with the upload done.
    expect(await h.store.getBytes(jobId)).toMatchObject({ from: size });
    expect(job?.file?.shareUrl).toBe(job?.shareUrl);
    expect(h.backend.callsTo('complete')).toHaveLength(1);
    expect(new Set(h.backend.apiCalls.map((call) => call.clientInfo))).toEqual(
      new Set([expect.stringMatching(/^ulak-file-sharing\//) as string]),
    );
    expect(
      h
        .okPuts()
        .sort((a, b) => a.partNumber - b.partNumber)
        .map((p) => p.bytes),
    ).toEqual([PART, PART, 321]);
    await h.expectStoredAsPicked(jobId, size);
    expect(h.statesOf(jobId)).toEqual(['uploading', 'done']);
    const done = h.events.find((e) => e.type === 'upload:state' && e.job.state === 'done');
    expect(done?.type === 'upload:state' && done.job.file?.shareUrl).toMatch(/\/s\/[A-Za-z0-9]{8}$/);

    // The owner record outlives the job: Transfers and delete need it.
    expect(await h.store.listOwnedFiles()).toEqual([
      expect.objectContaining({
        shareId: job?.shareId,
        ownerToken: job?.ownerToken,
        fileId: job?.fileId,
        name: 'report.pdf',
      }),
    ]);
  });

  it('never has more parts in flight than allowed', async () => {
    await h.addJob(4 * PART);
    await h.makeEngine({ partsInFlight: 3 }).resumeAll();
    expect(h.okPuts()).toHaveLength(4);
    expect(h.backend.maxConcurrentPuts).toBeLessThanOrEqual(3);
    expect(h.backend.maxConcurrentPuts).toBeGreaterThan(1);
  });

  it('reports progress once per finished part, never going back', async () => {
    const size = 2 * PART + 10;
    const jobId = await h.addJob(size);
    await h.makeEngine({ partsInFlight: 2 }).resumeAll();
    const progress = h.events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e] : []));
    const done = progress.map((p) => p.bytesDone);
    // One at the start, one per part, one at completion.
    expect(done).toHaveLength(1 + 3 + 1);
    expect(done[0]).toBe(0);
    expect(done.at(-1)).toBe(size);
    for (let i = 1; i < done.length; i += 1) expect(done[i]).toBeGreaterThanOrEqual(done[i - 1] ?? 0);
    expect(progress.every((p) => p.size === size)).toBe(true);
  });

  it('estimates speed and time left from the parts that finished', async () => {
    let clock = 0;
    const jobId = await h.addJob(2 * PART + 1);
    await h.makeEngine({ partsInFlight: 1, now: () => (clock += 500) }).resumeAll();
    const progress = h.events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e] : []));
    const middle = progress[2];
    expect(middle?.bytesPerSecond).toBeGreaterThan(0);
    expect(middle?.etaSeconds).toBeGreaterThan(0);
  });

  it('sends the next part while the last one is being recorded on the device', async () => {
    const jobId = await h.addJob(2 * PART + 1);
    const log: string[] = [];
    const partFetch: typeof fetch = (url, init) => {
      log.push(`put ${new URL(String(url)).searchParams.get('partNumber')}`);
      return h.backend.partFetch(url, init);
    };
    const slowStore: UploadStore = Object.create(h.store) as UploadStore;
    slowStore.updatePart = async (id, part, bytes, now) => {
      // Part 1's record is held until part 2 is on its way (or a few seconds, for an engine that waits).
      for (let waited = 0; part.partNumber === 1 && !log.includes('put 2') && waited < 3000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const job = await h.store.updatePart(id, part, bytes, now);
      log.push(`recorded ${part.partNumber}`);
      return job;
    };
    await h.makeEngine({ store: slowStore, fetch: partFetch, partsInFlight: 1 }).resumeAll();

    await h.expectStoredAsPicked(jobId, 2 * PART + 1);
    expect(log.indexOf('put 2')).toBeLessThan(log.indexOf('recorded 1'));
    expect((await h.store.get(jobId))?.state).toBe('done');
  });

  it('fails with etag_missing when the bucket does not show the ETag', async () => {
    const jobId = await h.addJob(10);
    h.backend.hideEtags();
    await h.makeEngine().resumeAll();
    expect((await h.store.get(jobId))?.failure).toEqual({ code: 'etag_missing' });
  });

  it('fails with file_missing when the file is no longer stored on this device', async () => {
    const jobId = await h.addJob(10, 'gone.txt');
    await h.loseStoredCopy(jobId);
    await h.makeEngine().resumeAll();
    expect((await h.store.get(jobId))?.failure).toEqual({ code: 'file_missing' });
    expect(h.backend.callsTo('uploads')).toEqual([]);
  });

  it('uploads from the bytes the page handed over, without the stored copy', async () => {
    const size = 2 * PART + 9;
    const jobId = await h.addJob(size);
    await h.loseStoredCopy(jobId);
    const engine = h.makeEngine();
    engine.offer([{ jobId, blob: new Blob([bytesOf(size)]) }]);
    await engine.resumeAll();
    await h.expectStoredAsPicked(jobId, size);
  });

  it('shows no progress while the copy on the device has not reached the upload', async () => {
    const size = 4 * PART + 5;
    const jobId = crypto.randomUUID();
    const blob = new Blob([bytesOf(size)]);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A disk slower than the link: the copy's first chunk is not written before the upload is done.
    const stuck = () =>
      Promise.resolve({ place: 'opfs' as const, write: () => released, close: () => Promise.resolve() });
    const { recorded, copied } = h.store.add(newJobRecord({ name: 'slow.bin', type: '', size }, jobId, 1), blob, stuck);
    await recorded;
    const engine = h.makeEngine();
    engine.offer([{ jobId, blob }]);
    await engine.resumeAll();
    const shown = h.events.flatMap((e) => (e.type === 'upload:progress' ? [e.bytesDone] : []));
    const summaries = h.events.flatMap((e) =>
      e.type === 'upload:state' && e.job.state !== 'done' ? [e.job.bytesDone] : [],
    );
    expect(shown.filter((bytes) => bytes > 0 && bytes < size)).toEqual([]);
    expect(summaries.filter((bytes) => bytes > 0)).toEqual([]);
    expect(shown.at(-1)).toBe(size);
    release();
    await copied;
    await h.expectStoredAsPicked(jobId, size);
  });

  it('uploads an empty file as one empty part', async () => {
    const jobId = await h.addJob(0);
    await h.makeEngine().resumeAll();
    expect(h.backend.puts.map((p) => p.bytes)).toEqual([0]);
    await h.expectStoredAsPicked(jobId, 0);
  });
});
