// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (DESIGN §5).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '@domain/constants';
import { createUploadApi } from './api';
import { UploadEngine, type UploadEngineOptions } from './engine';
import type { UploadEvent, UploadJobState } from './protocol';
import { createUploadStore, newJobRecord, type UploadStore } from './store';
import { startTestUploadServer, TEST_ANON_KEY, type TestUploadServer } from './test-upload-server';

const PART = 1000;

let server: TestUploadServer;
let store: UploadStore;
let events: UploadEvent[];
let engines: UploadEngine[];
let dbCounter = 0;

beforeEach(async () => {
  server = await startTestUploadServer({ partSize: PART });
  dbCounter += 1;
  store = createUploadStore(`upload-engine-test-${dbCounter}`);
  events = [];
  engines = [];
});

afterEach(async () => {
  server.release();
  await Promise.all(engines.map((engine) => engine.stop()));
  await server.close();
});

function makeEngine(options: Partial<UploadEngineOptions> = {}): UploadEngine {
  const engine = new UploadEngine({
    api: createUploadApi({ apiUrl: server.apiUrl, anonKey: TEST_ANON_KEY, clientInfo: 'ulak-test/1' }),
    store,
    emit: (event) => events.push(event),
    sleep: () => Promise.resolve(),
    ...options,
  });
  engines.push(engine);
  return engine;
}

/** Bytes whose every position is recognisable, so a misplaced part shows in the result. */
function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7 + 3) % 251;
  return bytes;
}

async function addJob(size: number, name = 'report.pdf', id = crypto.randomUUID()): Promise<string> {
  const blob = new Blob([bytesOf(size)], { type: 'application/pdf' });
  await store.put(newJobRecord({ blob, name, type: 'application/pdf' }, id, Date.now()));
  return id;
}

/** The job's states as the pages saw them change (repeats of one state collapsed). */
function statesOf(jobId: string): UploadJobState[] {
  const states = events.flatMap((e) => (e.type === 'upload:state' && e.job.jobId === jobId ? [e.job.state] : []));
  return states.filter((state, i) => state !== states[i - 1]);
}

function uploadedBytes(fileId: string): Buffer {
  const upload = server.uploads.get(fileId);
  if (upload === undefined) throw new Error(`no upload ${fileId}`);
  const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, p]) => p.bytes);
  return Buffer.concat(parts);
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('UploadEngine', () => {
  it('uploads a stored file in equal parts (the last one shorter) and completes it', async () => {
    const size = 4 * PART + 321;
    const jobId = await addJob(size);
    await makeEngine().resumeAll();

    const job = await store.get(jobId);
    expect(job?.state).toBe('done');
    expect(job?.blob).toBeNull();
    expect(job?.file?.shareUrl).toBe(job?.shareUrl);
    const fileId = job?.fileId ?? '';
    expect(server.completes).toEqual([fileId]);
    expect(server.clientInfos).toEqual(new Set(['ulak-test/1']));
    const sizes = server.puts.filter((p) => p.status === 200).sort((a, b) => a.partNumber - b.partNumber);
    expect(sizes.map((p) => p.bytes)).toEqual([PART, PART, PART, PART, 321]);
    expect(new Uint8Array(uploadedBytes(fileId))).toEqual(bytesOf(size));
    expect(statesOf(jobId)).toEqual(['uploading', 'done']);
    const done = events.find((e) => e.type === 'upload:state' && e.job.state === 'done');
    expect(done?.type === 'upload:state' && done.job.file?.shareUrl).toMatch(/\/s\/share\d+$/);

    // The owner record outlives the job: Transfers and delete need it.
    const owned = await store.listOwnedFiles();
    expect(owned).toEqual([
      expect.objectContaining({ shareId: job?.shareId, ownerToken: job?.ownerToken, fileId, name: 'report.pdf' }),
    ]);
  });

  it('never has more parts in flight than allowed', async () => {
    await addJob(20 * PART);
    await makeEngine({ partsInFlight: 3 }).resumeAll();
    expect(server.puts.filter((p) => p.status === 200)).toHaveLength(20);
    expect(server.maxConcurrentPuts).toBeLessThanOrEqual(3);
    expect(server.maxConcurrentPuts).toBeGreaterThan(1);
  });

  it('reports progress once per finished part, never going back', async () => {
    const size = 6 * PART + 10;
    const jobId = await addJob(size);
    await makeEngine({ partsInFlight: 2 }).resumeAll();
    const progress = events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e] : []));
    const done = progress.map((p) => p.bytesDone);
    // One at the start, one per part, one at completion.
    expect(done).toHaveLength(1 + 7 + 1);
    expect(done[0]).toBe(0);
    expect(done.at(-1)).toBe(size);
    for (let i = 1; i < done.length; i += 1) expect(done[i]).toBeGreaterThanOrEqual(done[i - 1] ?? 0);
    expect(progress.every((p) => p.size === size)).toBe(true);
  });

  it('estimates speed and time left from the parts that finished', async () => {
    let clock = 0;
    const jobId = await addJob(4 * PART);
    await makeEngine({ partsInFlight: 1, now: () => (clock += 500) }).resumeAll();
    const progress = events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e] : []));
    const middle = progress[2];
    expect(middle?.bytesPerSecond).toBeGreaterThan(0);
    expect(middle?.etaSeconds).toBeGreaterThan(0);
  });

  it('retries a failing part after the configured delays, then goes on', async () => {
    const delays: number[] = [];
    const jobId = await addJob(3 * PART);
    server.failPart(2, [500, 503]);
    await makeEngine({ sleep: (ms) => (delays.push(ms), Promise.resolve()) }).resumeAll();

    expect((await store.get(jobId))?.state).toBe('done');
    expect(delays).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
    expect(server.puts.filter((p) => p.partNumber === 2).map((p) => p.status)).toEqual([500, 503, 200]);
  });

  it('asks for a new URL when a part URL has expired', async () => {
    const jobId = await addJob(3 * PART);
    server.expireNextUrl(3);
    await makeEngine().resumeAll();

    expect((await store.get(jobId))?.state).toBe('done');
    expect(server.puts.filter((p) => p.partNumber === 3).map((p) => p.status)).toEqual([403, 200]);
    const signedFor3 = server.signCalls.filter((numbers) => numbers.includes(3));
    expect(signedFor3).toHaveLength(2);
  });

  it('pauses while offline and goes on when the network is back', async () => {
    let online = false;
    const jobId = await addJob(2 * PART);
    const engine = makeEngine({ isOnline: () => online, sleep: () => new Promise(() => undefined) });
    const running = engine.resumeAll();
    await until(() => statesOf(jobId).includes('paused'), 'paused');
    expect(server.puts).toHaveLength(0);

    online = true;
    engine.wake();
    await running;
    expect(statesOf(jobId)).toEqual(['uploading', 'paused', 'uploading', 'done']);
    expect((await store.get(jobId))?.state).toBe('done');
  });

  it('pauses after the retries when the connection keeps dropping, then continues', async () => {
    const jobId = await addJob(2 * PART);
    server.failPart(2, [0, 0, 0, 0, 0]);
    await makeEngine({ partsInFlight: 1 }).resumeAll();
    expect(statesOf(jobId)).toContain('paused');
    expect((await store.get(jobId))?.state).toBe('done');
  });

  it('fails with the server message when the API refuses the upload', async () => {
    server.refuseCreate(413, 'This file is larger than 2 GB, the limit per file.');
    const jobId = await addJob(PART);
    await makeEngine().resumeAll();
    const job = await store.get(jobId);
    expect(job?.state).toBe('failed');
    expect(job?.error).toBe('This file is larger than 2 GB, the limit per file.');
    const failed = events.find((e) => e.type === 'upload:state' && e.job.state === 'failed');
    expect(failed?.type === 'upload:state' && failed.job.error).toBe(job?.error);
  });

  it('waits out a server that is restarting (503 past every retry) instead of failing', async () => {
    const jobId = await addJob(3 * PART);
    server.failPart(2, [503, 503, 503, 503, 503, 503]);
    await makeEngine({ partsInFlight: 1 }).resumeAll();
    const job = await store.get(jobId);
    expect(job?.state).toBe('done');
    expect(statesOf(jobId)).toContain('paused');
    expect(server.puts.filter((p) => p.partNumber === 2).map((p) => p.status)).toEqual([
      503, 503, 503, 503, 503, 503, 200,
    ]);
    expect(new Uint8Array(uploadedBytes(job?.fileId ?? ''))).toEqual(bytesOf(3 * PART));
  });

  it('a failed job, retried, goes on from the parts already sent', async () => {
    const jobId = await addJob(6 * PART);
    server.failPart(4, [400]);
    const engine = makeEngine({ partsInFlight: 1 });
    await engine.resumeAll();
    const failed = await store.get(jobId);
    expect(failed?.state).toBe('failed');
    expect(failed?.error).toContain('Planned failure 400');
    const sentBefore = new Set(failed?.parts.map((p) => p.partNumber));
    expect(sentBefore).toEqual(new Set([1, 2, 3]));

    const putsBefore = server.puts.length;
    await engine.retry(jobId);
    expect((await store.get(jobId))?.state).toBe('done');
    const resent = server.puts.slice(putsBefore).map((p) => p.partNumber);
    expect(resent.filter((n) => sentBefore.has(n))).toEqual([]);
    expect(new Uint8Array(uploadedBytes(failed?.fileId ?? ''))).toEqual(bytesOf(6 * PART));
  });

  it('resumes after a crash without sending a finished part twice', async () => {
    const size = 10 * PART + 5;
    const jobId = await addJob(size);
    server.stall(4);
    const first = makeEngine({ partsInFlight: 2 });
    void first.resumeAll();
    await server.whenStalled();
    await until(async () => ((await store.get(jobId))?.parts.length ?? 0) >= 4, 'four parts stored');
    await first.stop();
    // A part whose bytes had all reached the server before the stop is still logged by it a moment
    // later: let those land before counting, so they are not mistaken for the second runner's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A crashed runner leaves its claim behind; a new one must wait for it to run out.
    await store.update(jobId, (job) => ({ ...job, leaseOwner: 'crashed-tab', leaseUntil: Date.now() + 30_000 }));
    const stored = new Set((await store.get(jobId))?.parts.map((p) => p.partNumber));
    const putsBefore = server.puts.length;
    server.release();

    let offset = 0;
    const second = new UploadEngine({
      api: createUploadApi({ apiUrl: server.apiUrl, anonKey: TEST_ANON_KEY, clientInfo: 'ulak-test/1' }),
      // A fresh connection to the same database, as a new page or worker would open.
      store: createUploadStore(`upload-engine-test-${dbCounter}`),
      emit: (event) => events.push(event),
      sleep: () => Promise.resolve(),
      now: () => Date.now() + offset,
    });
    engines.push(second);
    await second.resumeAll();
    // (Entries with status 0 are the first runner's requests cut off by the crash, logged late.)
    expect(server.puts.slice(putsBefore).filter((p) => p.status !== 0)).toEqual([]);
    expect((await store.get(jobId))?.state).toBe('uploading');

    offset = 31_000;
    await second.resumeAll();
    const job = await store.get(jobId);
    expect(job?.state).toBe('done');
    const resent = server.puts.slice(putsBefore).map((p) => p.partNumber);
    expect(resent.filter((n) => stored.has(n))).toEqual([]);
    expect(server.uploads.size).toBe(1);
    expect(new Uint8Array(uploadedBytes(job?.fileId ?? ''))).toEqual(bytesOf(size));
  });

  it('on resume takes over the parts the bucket finished but this device never recorded', async () => {
    const size = 8 * PART + 3;
    const jobId = await addJob(size);
    server.stall(5);
    const first = makeEngine({ partsInFlight: 1 });
    void first.resumeAll();
    await server.whenStalled();
    await first.stop();
    // The browser was killed as its last two parts arrived: the bucket has them, the device does not.
    const recorded = ((await store.get(jobId))?.parts ?? []).map((p) => p.partNumber).sort((a, b) => a - b);
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    const forgotten = recorded.slice(-2);
    await store.update(jobId, (job) => ({
      ...job,
      parts: job.parts.filter((p) => !forgotten.includes(p.partNumber)),
      bytesDone: (recorded.length - 2) * PART,
      leaseOwner: null,
      leaseUntil: 0,
    }));
    const putsBefore = server.puts.length;
    server.release();

    await makeEngine({ partsInFlight: 1 }).resumeAll();
    const job = await store.get(jobId);
    expect(job?.state).toBe('done');
    const sentAgain = server.puts
      .slice(putsBefore)
      .filter((p) => p.status !== 0)
      .map((p) => p.partNumber);
    expect(sentAgain.filter((n) => recorded.includes(n))).toEqual([]);
    expect(new Uint8Array(uploadedBytes(job?.fileId ?? ''))).toEqual(bytesOf(size));
  });

  it('two runners in one context do not work on the same job twice', async () => {
    const jobId = await addJob(5 * PART);
    const engine = makeEngine();
    await Promise.all([engine.resumeAll(), engine.resumeAll(), engine.resumeAll()]);
    expect((await store.get(jobId))?.state).toBe('done');
    expect(server.uploads.size).toBe(1);
    expect(server.puts.filter((p) => p.status === 200)).toHaveLength(5);
  });

  it('cancel stops the parts in flight, aborts the upload and forgets the job', async () => {
    const jobId = await addJob(8 * PART);
    server.stall(1);
    const engine = makeEngine();
    const running = engine.resumeAll();
    await server.whenStalled();
    const aborted = server.whenAbortedPut();
    const fileId = (await store.get(jobId))?.fileId ?? '';

    await engine.cancel(jobId);
    await aborted;
    await running;
    expect(server.aborts).toEqual([fileId]);
    expect(await store.get(jobId)).toBeUndefined();
    expect(await store.listOwnedFiles()).toEqual([]);
    expect(statesOf(jobId).at(-1)).toBe('cancelled');
    expect(server.completes).toEqual([]);
  });

  it('runs queued jobs one after another and leaves finished ones alone', async () => {
    const a = await addJob(2 * PART, 'a.pdf');
    const b = await addJob(PART + 1, 'b.pdf');
    const engine = makeEngine();
    await engine.resumeAll();
    expect((await store.get(a))?.state).toBe('done');
    expect((await store.get(b))?.state).toBe('done');
    const putsAfter = server.puts.length;
    await engine.resumeAll();
    expect(server.puts.length).toBe(putsAfter);
    expect((await store.listOwnedFiles()).map((o) => o.name).sort()).toEqual(['a.pdf', 'b.pdf']);
  });

  it('uploads an empty file as one empty part', async () => {
    const jobId = await addJob(0);
    await makeEngine().resumeAll();
    expect((await store.get(jobId))?.state).toBe('done');
    expect(server.puts.map((p) => p.bytes)).toEqual([0]);
  });
});
