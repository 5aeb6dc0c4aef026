// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PART_SIZE, RETRY_DELAYS_MS } from '@domain/constants';
import { createUploadApi } from './api';
import { UploadEngine, type UploadEngineOptions } from './engine';
import type { UploadEvent, UploadJobState } from './protocol';
import { firstNeededByte, newJobRecord } from './job-record';
import { createUploadStore, type UploadStore } from './store';
import { sha256, startTestBackend, type TestBackend } from '@/test/upload-backend';

// The engine against the real API and bucket (src/test/upload-backend.ts). Parts are the server's real size,
// so a file of a few parts is a few times 8 MiB; the database starts in seconds. Limits for a
// loaded machine, as the API's own tests have.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const PART = DEFAULT_PART_SIZE;

let backend: TestBackend;
let store: UploadStore;
let events: UploadEvent[];
let engines: UploadEngine[];
let dbCounter = 0;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend.close();
});

beforeEach(() => {
  backend.reset();
  dbCounter += 1;
  store = createUploadStore(`upload-engine-test-${dbCounter}`);
  events = [];
  engines = [];
});

afterEach(async () => {
  backend.release();
  await Promise.all(engines.map((engine) => engine.stop()));
});

function makeEngine(options: Partial<UploadEngineOptions> = {}): UploadEngine {
  const engine = new UploadEngine({
    api: createUploadApi(backend.client),
    store,
    emit: (event) => events.push(event),
    fetch: backend.partFetch,
    sleep: () => Promise.resolve(),
    ...options,
  });
  engines.push(engine);
  return engine;
}

/**
 * Bytes whose every position is recognisable (a pattern of prime length, so no part boundary
 * lines up with it), so a misplaced part shows in the result. Filled by doubling: fast at 30 MiB.
 */
function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < Math.min(size, 251); i += 1) bytes[i] = (i * 7 + 3) % 251;
  for (let filled = 251; filled < size; filled *= 2) bytes.copyWithin(filled, 0, filled);
  return bytes;
}

async function addJob(size: number, name = 'report.pdf', id = crypto.randomUUID()): Promise<string> {
  const blob = new Blob([bytesOf(size)], { type: 'application/pdf' });
  const { recorded, copied } = store.add(newJobRecord({ name, type: 'application/pdf', size }, id, Date.now()), blob);
  await Promise.all([recorded, copied]);
  return id;
}

/** The stored copy of the job's bytes is lost (the page that queued it closed while writing it, say). */
async function loseStoredCopy(jobId: string): Promise<void> {
  await store.update(jobId, (job) => job, { dropBytes: true });
}

/** The job's states as the pages saw them change (repeats of one state collapsed). */
function statesOf(jobId: string): UploadJobState[] {
  const states = events.flatMap((e) => (e.type === 'upload:state' && e.job.jobId === jobId ? [e.job.state] : []));
  return states.filter((state, i) => state !== states[i - 1]);
}

/** The finished job's file, downloaded as a recipient would, is the bytes that were picked. */
async function expectStoredAsPicked(jobId: string, size: number): Promise<void> {
  const job = await store.get(jobId);
  expect(job?.state).toBe('done');
  expect(await backend.downloadedSha256(job?.shareId ?? '')).toBe(sha256(bytesOf(size)));
}

function okPuts(partNumber?: number) {
  return backend.puts.filter((p) => p.status === 200 && (partNumber === undefined || p.partNumber === partNumber));
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await check()); waited += 5) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A job whose runner stopped (as a crash would stop it) with two of its parts recorded and the next ones held by the bucket. */
async function stoppedAfterTwoParts(size: number): Promise<string> {
  const jobId = await addJob(size);
  backend.stall(2);
  const first = makeEngine({ partsInFlight: 2 });
  void first.resumeAll();
  await backend.whenStalled();
  await until(async () => ((await store.get(jobId))?.parts.length ?? 0) >= 2, 'two parts stored');
  await first.stop();
  return jobId;
}

describe('UploadEngine', () => {
  it('uploads a stored file in equal parts (the last one shorter) and completes it', async () => {
    const size = 2 * PART + 321;
    const jobId = await addJob(size);
    await makeEngine().resumeAll();

    const job = await store.get(jobId);
    expect(job?.state).toBe('done');
    // The copy of the file is gone with the upload done.
    expect(await store.getBytes(jobId)).toMatchObject({ from: size });
    expect(job?.file?.shareUrl).toBe(job?.shareUrl);
    expect(backend.callsTo('complete')).toHaveLength(1);
    expect(new Set(backend.apiCalls.map((call) => call.clientInfo))).toEqual(
      new Set([expect.stringMatching(/^ulak-file-sharing\//) as string]),
    );
    expect(
      okPuts()
        .sort((a, b) => a.partNumber - b.partNumber)
        .map((p) => p.bytes),
    ).toEqual([PART, PART, 321]);
    await expectStoredAsPicked(jobId, size);
    expect(statesOf(jobId)).toEqual(['uploading', 'done']);
    const done = events.find((e) => e.type === 'upload:state' && e.job.state === 'done');
    expect(done?.type === 'upload:state' && done.job.file?.shareUrl).toMatch(/\/s\/[A-Za-z0-9]{8}$/);

    // The owner record outlives the job: Transfers and delete need it.
    expect(await store.listOwnedFiles()).toEqual([
      expect.objectContaining({
        shareId: job?.shareId,
        ownerToken: job?.ownerToken,
        fileId: job?.fileId,
        name: 'report.pdf',
      }),
    ]);
  });

  it('never has more parts in flight than allowed', async () => {
    await addJob(4 * PART);
    await makeEngine({ partsInFlight: 3 }).resumeAll();
    expect(okPuts()).toHaveLength(4);
    expect(backend.maxConcurrentPuts).toBeLessThanOrEqual(3);
    expect(backend.maxConcurrentPuts).toBeGreaterThan(1);
  });

  it('reports progress once per finished part, never going back', async () => {
    const size = 2 * PART + 10;
    const jobId = await addJob(size);
    await makeEngine({ partsInFlight: 2 }).resumeAll();
    const progress = events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e] : []));
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
    const jobId = await addJob(2 * PART + 1);
    await makeEngine({ partsInFlight: 1, now: () => (clock += 500) }).resumeAll();
    const progress = events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e] : []));
    const middle = progress[2];
    expect(middle?.bytesPerSecond).toBeGreaterThan(0);
    expect(middle?.etaSeconds).toBeGreaterThan(0);
  });

  it('retries a failing part after the configured delays, then goes on', async () => {
    const delays: number[] = [];
    const jobId = await addJob(2 * PART + 1);
    backend.failPart(2, [500, 503]);
    await makeEngine({ sleep: (ms) => (delays.push(ms), Promise.resolve()) }).resumeAll();

    await expectStoredAsPicked(jobId, 2 * PART + 1);
    expect(delays).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
    expect(backend.puts.filter((p) => p.partNumber === 2).map((p) => p.status)).toEqual([500, 503, 200]);
  });

  it('asks for a new URL when a part URL has expired', async () => {
    const jobId = await addJob(2 * PART + 1);
    backend.expireNextUrl(3);
    await makeEngine().resumeAll();

    await expectStoredAsPicked(jobId, 2 * PART + 1);
    expect(backend.puts.filter((p) => p.partNumber === 3).map((p) => p.status)).toEqual([403, 200]);
    expect(backend.signCalls().filter((numbers) => numbers.includes(3))).toHaveLength(2);
  });

  it('signs the next parts while the current ones are sent, so no part waits for its URL', async () => {
    const jobId = await addJob(4 * PART + 1);
    const log: string[] = [];
    const api = createUploadApi(backend.client);
    const partFetch: typeof fetch = async (url, init) => {
      const n = new URL(String(url)).searchParams.get('partNumber');
      log.push(`put ${n}`);
      try {
        return await backend.partFetch(url, init);
      } finally {
        log.push(`sent ${n}`);
      }
    };
    await makeEngine({
      api: {
        ...api,
        signParts: (...args) => {
          log.push(`sign ${args[2].join(',')}`);
          return api.signParts(...args);
        },
      },
      fetch: partFetch,
      partsInFlight: 1,
      signBatchSize: 2,
    }).resumeAll();

    await expectStoredAsPicked(jobId, 4 * PART + 1);
    const signs = log.filter((entry) => entry.startsWith('sign'));
    expect(signs).toEqual(['sign 1,2', 'sign 3,4', 'sign 5']);
    // Each later batch was asked for while the part before it was still on its way.
    for (const [batch, previous] of [
      ['sign 3,4', 'sent 2'],
      ['sign 5', 'sent 4'],
    ] as const) {
      expect(log.indexOf(batch)).toBeLessThan(log.indexOf(previous));
    }
  });

  it('sends the next part while the last one is being recorded on the device', async () => {
    const jobId = await addJob(2 * PART + 1);
    const log: string[] = [];
    const partFetch: typeof fetch = (url, init) => {
      log.push(`put ${new URL(String(url)).searchParams.get('partNumber')}`);
      return backend.partFetch(url, init);
    };
    const slowStore: UploadStore = Object.create(store) as UploadStore;
    slowStore.updatePart = async (id, part, bytes, now) => {
      // Part 1's record is held until part 2 is on its way (or a few seconds, for an engine that waits).
      for (let waited = 0; part.partNumber === 1 && !log.includes('put 2') && waited < 3000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const job = await store.updatePart(id, part, bytes, now);
      log.push(`recorded ${part.partNumber}`);
      return job;
    };
    await makeEngine({ store: slowStore, fetch: partFetch, partsInFlight: 1 }).resumeAll();

    await expectStoredAsPicked(jobId, 2 * PART + 1);
    expect(log.indexOf('put 2')).toBeLessThan(log.indexOf('recorded 1'));
    expect((await store.get(jobId))?.state).toBe('done');
  });

  it('pauses while offline and goes on when the network is back', async () => {
    let online = false;
    const jobId = await addJob(PART + 1);
    const engine = makeEngine({ isOnline: () => online, sleep: () => new Promise(() => undefined) });
    const running = engine.resumeAll();
    await until(() => statesOf(jobId).includes('paused'), 'paused');
    expect(backend.puts).toHaveLength(0);

    online = true;
    engine.wake();
    await running;
    expect(statesOf(jobId)).toEqual(['uploading', 'paused', 'uploading', 'done']);
    await expectStoredAsPicked(jobId, PART + 1);
  });

  it('pauses after the retries when the connection keeps dropping, then continues', async () => {
    const jobId = await addJob(PART + 1);
    backend.failPart(2, [0, 0, 0, 0, 0]);
    await makeEngine({ partsInFlight: 1 }).resumeAll();
    expect(statesOf(jobId)).toContain('paused');
    await expectStoredAsPicked(jobId, PART + 1);
  });

  it("fails with the API's code and params when it refuses the upload, for the page to translate", async () => {
    const jobId = await addJob(10, `${'n'.repeat(300)}.pdf`);
    await makeEngine().resumeAll();
    const job = await store.get(jobId);
    expect(job?.state).toBe('failed');
    expect(job?.failure).toEqual({ code: 'name_too_long', params: { max: 255 } });
    const failed = events.find((e) => e.type === 'upload:state' && e.job.state === 'failed');
    expect(failed?.type === 'upload:state' && failed.job.failure).toEqual(job?.failure);
  });

  it('waits out a server that is restarting (503 past every retry) instead of failing', async () => {
    const jobId = await addJob(2 * PART + 1);
    backend.failPart(2, [503, 503, 503, 503, 503, 503]);
    await makeEngine({ partsInFlight: 1 }).resumeAll();
    expect(statesOf(jobId)).toContain('paused');
    expect(backend.puts.filter((p) => p.partNumber === 2).map((p) => p.status)).toEqual([
      503, 503, 503, 503, 503, 503, 200,
    ]);
    await expectStoredAsPicked(jobId, 2 * PART + 1);
  });

  it('a part the bucket refuses fails the job with that part; retried, it goes on from the parts sent', async () => {
    const size = 3 * PART + 1;
    const jobId = await addJob(size);
    backend.failPart(3, [400]);
    const engine = makeEngine({ partsInFlight: 1 });
    await engine.resumeAll();
    const failed = await store.get(jobId);
    expect(failed?.state).toBe('failed');
    expect(failed?.failure).toEqual({ code: 'part_refused', params: { part: 3, status: 400 } });
    const sentBefore = new Set(failed?.parts.map((p) => p.partNumber));
    expect(sentBefore).toEqual(new Set([1, 2]));

    const putsBefore = backend.puts.length;
    await engine.retry(jobId);
    const resent = backend.puts.slice(putsBefore).map((p) => p.partNumber);
    expect(resent.filter((n) => sentBefore.has(n))).toEqual([]);
    await expectStoredAsPicked(jobId, size);
  });

  it('fails with etag_missing when the bucket does not show the ETag', async () => {
    const jobId = await addJob(10);
    backend.hideEtags();
    await makeEngine().resumeAll();
    expect((await store.get(jobId))?.failure).toEqual({ code: 'etag_missing' });
  });

  it('fails with file_missing when the file is no longer stored on this device', async () => {
    const jobId = await addJob(10, 'gone.txt');
    await loseStoredCopy(jobId);
    await makeEngine().resumeAll();
    expect((await store.get(jobId))?.failure).toEqual({ code: 'file_missing' });
    expect(backend.callsTo('uploads')).toEqual([]);
  });

  it('uploads from the bytes the page handed over, without the stored copy', async () => {
    const size = 2 * PART + 9;
    const jobId = await addJob(size);
    await loseStoredCopy(jobId);
    const engine = makeEngine();
    engine.offer([{ jobId, blob: new Blob([bytesOf(size)]) }]);
    await engine.resumeAll();
    await expectStoredAsPicked(jobId, size);
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
    const { recorded, copied } = store.add(newJobRecord({ name: 'slow.bin', type: '', size }, jobId, 1), blob, stuck);
    await recorded;
    const engine = makeEngine();
    engine.offer([{ jobId, blob }]);
    await engine.resumeAll();
    const shown = events.flatMap((e) => (e.type === 'upload:progress' ? [e.bytesDone] : []));
    const summaries = events.flatMap((e) =>
      e.type === 'upload:state' && e.job.state !== 'done' ? [e.job.bytesDone] : [],
    );
    expect(shown.filter((bytes) => bytes > 0 && bytes < size)).toEqual([]);
    expect(summaries.filter((bytes) => bytes > 0)).toEqual([]);
    expect(shown.at(-1)).toBe(size);
    release();
    await copied;
    await expectStoredAsPicked(jobId, size);
  });

  it('resumes after a crash without sending a finished part twice', async () => {
    const size = 4 * PART + 5;
    const jobId = await stoppedAfterTwoParts(size);
    // A crashed runner leaves its claim behind; a new one must wait for it to run out.
    await store.update(jobId, (job) => ({ ...job, leaseOwner: 'crashed-tab', leaseUntil: Date.now() + 30_000 }));
    const stored = new Set((await store.get(jobId))?.parts.map((p) => p.partNumber));
    const putsBefore = backend.puts.length;
    backend.release();

    let offset = 0;
    const second = new UploadEngine({
      api: createUploadApi(backend.client),
      // A fresh connection to the same database, as a new page or worker would open.
      store: createUploadStore(`upload-engine-test-${dbCounter}`),
      emit: (event) => events.push(event),
      fetch: backend.partFetch,
      sleep: () => Promise.resolve(),
      now: () => Date.now() + offset,
    });
    engines.push(second);
    await second.resumeAll();
    expect(backend.puts.slice(putsBefore)).toEqual([]);
    expect((await store.get(jobId))?.state).toBe('uploading');

    offset = 31_000;
    await second.resumeAll();
    const resent = backend.puts.slice(putsBefore).map((p) => p.partNumber);
    expect(resent.filter((n) => stored.has(n))).toEqual([]);
    expect(backend.callsTo('uploads')).toHaveLength(1);
    await expectStoredAsPicked(jobId, size);
  });

  it('resumes from a copy that holds only the bytes still to send', async () => {
    const size = 4 * PART + 5;
    const jobId = await stoppedAfterTwoParts(size);
    // The copy as the page writes it when it meets the upload: from the end back past the first
    // part not recorded (in chunks that line up with no part, so every offset is checked).
    const job = await store.get(jobId);
    await store.update(jobId, (current) => current, { dropBytes: true });
    const { copied } = createUploadStore(`upload-engine-test-${dbCounter}`, { copyChunkBytes: PART / 2 + 7 }).add(
      job ?? newJobRecord({ name: 'missing', type: '', size }, jobId, 0),
      new Blob([bytesOf(size)]),
    );
    await copied;
    const stored = await store.getBytes(jobId);
    expect(stored?.from).toBeGreaterThan(0);
    expect(stored?.from).toBeLessThanOrEqual(job === undefined ? 0 : firstNeededByte(job));
    backend.release();

    await makeEngine().resumeAll();
    await expectStoredAsPicked(jobId, size);
  });

  it('on resume takes over the parts the bucket finished but this device never recorded', async () => {
    const size = 4 * PART + 3;
    const jobId = await addJob(size);
    backend.stall(3);
    const first = makeEngine({ partsInFlight: 1 });
    void first.resumeAll();
    await backend.whenStalled();
    await first.stop();
    // The browser was killed as its last two parts arrived: the bucket has them, the device does not.
    const recorded = ((await store.get(jobId))?.parts ?? []).map((p) => p.partNumber).sort((a, b) => a - b);
    expect(recorded).toEqual([1, 2, 3]);
    const forgotten = recorded.slice(-2);
    await store.update(jobId, (job) => ({
      ...job,
      parts: job.parts.filter((p) => !forgotten.includes(p.partNumber)),
      bytesDone: PART,
      leaseOwner: null,
      leaseUntil: 0,
    }));
    const putsBefore = backend.puts.length;
    backend.release();

    await makeEngine({ partsInFlight: 1 }).resumeAll();
    const sentAgain = backend.puts
      .slice(putsBefore)
      .filter((p) => p.status !== 0)
      .map((p) => p.partNumber);
    expect(sentAgain).toEqual([4, 5]);
    await expectStoredAsPicked(jobId, size);
  });

  it('two runners in one context do not work on the same job twice', async () => {
    const jobId = await addJob(2 * PART);
    const engine = makeEngine();
    await Promise.all([engine.resumeAll(), engine.resumeAll(), engine.resumeAll()]);
    expect((await store.get(jobId))?.state).toBe('done');
    expect(backend.callsTo('uploads')).toHaveLength(1);
    expect(okPuts()).toHaveLength(2);
  });

  it('cancel stops the parts in flight, aborts the upload and forgets the job', async () => {
    const jobId = await addJob(3 * PART);
    backend.stall(1);
    const engine = makeEngine();
    const running = engine.resumeAll();
    await backend.whenStalled();
    const aborted = backend.whenAbortedPut();
    const fileId = (await store.get(jobId))?.fileId ?? '';

    await engine.cancel(jobId);
    await aborted;
    await running;
    expect(backend.callsTo('abort').map((call) => [call.path, call.status])).toEqual([
      [`uploads/${fileId}/abort`, 204],
    ]);
    expect(await store.get(jobId)).toBeUndefined();
    expect(await store.listOwnedFiles()).toEqual([]);
    expect(statesOf(jobId).at(-1)).toBe('cancelled');
    expect(backend.callsTo('complete')).toEqual([]);
  });

  it('runs queued jobs one after another and leaves finished ones alone', async () => {
    const a = await addJob(1000, 'a.pdf');
    const b = await addJob(1001, 'b.pdf');
    const engine = makeEngine();
    await engine.resumeAll();
    expect((await store.get(a))?.state).toBe('done');
    expect((await store.get(b))?.state).toBe('done');
    const putsAfter = backend.puts.length;
    await engine.resumeAll();
    expect(backend.puts.length).toBe(putsAfter);
    expect((await store.listOwnedFiles()).map((o) => o.name).sort()).toEqual(['a.pdf', 'b.pdf']);
  });

  it('uploads an empty file as one empty part', async () => {
    const jobId = await addJob(0);
    await makeEngine().resumeAll();
    expect(backend.puts.map((p) => p.bytes)).toEqual([0]);
    await expectStoredAsPicked(jobId, 0);
  });
});
