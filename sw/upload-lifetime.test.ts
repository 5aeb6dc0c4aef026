// @vitest-environment node
// The backend runs in Node; the worker's own types (WebWorker) come from sw/tsconfig.json.
/// <reference types="node" />
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PART_SIZE } from '@domain/constants';
import type { UploadEngine } from '@/lib/upload-engine/engine';
import type { UploadMessage } from '@/lib/upload-engine/protocol';
import { newJobRecord } from '@/lib/upload-engine/job-record';
import { createUploadStore, type UploadStore } from '@/lib/upload-engine/store';
import { sha256, startTestBackend, type TestBackend } from '@/test/upload-backend';
import { engineOn } from '@/test/upload-engine-harness';
import { fakeWorkerScope } from '@/test/worker-scope';
import { registerUploadHandlers } from './upload-handlers';

// Chromium ends a service worker event after about 5 minutes (a `sync` event after about 3) and
// then kills the worker. Browser tests cannot show this: Playwright's debugger keeps the worker
// alive. Here each worker instance lives for exactly one event (the real handlers, the real engine,
// an IndexedDB connection of its own as a restarted worker opens it) whose time runs out after it
// sent PARTS_PER_EVENT parts, while its next part's bytes have reached the bucket but not its
// answer; then it is killed the hard way: that request cut off, its lease left behind as a crashed
// worker leaves it. The upload must go on, event after event, and no part may be sent twice. The
// API and the bucket are the real ones (src/test/upload-backend.ts).

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PART = DEFAULT_PART_SIZE;
const PARTS = 7;
const PARTS_PER_EVENT = 2;
const LEASE_MS = 30_000;

let backend: TestBackend;
const dbName = 'upload-lifetime-test';

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend.close();
});

/** A recognisable pattern (of prime length, so no part boundary lines up with it), filled by doubling. */
function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < Math.min(size, 251); i += 1) bytes[i] = (i * 13 + 5) % 251;
  for (let filled = 251; filled < size; filled *= 2) bytes.copyWithin(filled, 0, filled);
  return bytes;
}

interface WorkerLife {
  /** How the event ended: 'fulfilled' with false (message: time ran out) or 'rejected' (sync: try again). */
  outcome: PromiseSettledResult<unknown> | undefined;
  partsBefore: Set<number>;
  /** Index into the backend's PUT log when the worker started. */
  putsAtStart: number;
}

/**
 * Starts a fresh worker instance (its clock after the previous one's lease ran out), delivers one
 * event, and kills the worker when the event ends.
 */
async function liveOneEvent(event: 'message' | 'sync', jobId: string, clockOffsetMs: number): Promise<WorkerLife> {
  const store = createUploadStore(dbName);
  const partsBefore = new Set((await store.get(jobId))?.parts.map((p) => p.partNumber));
  const putsAtStart = backend.puts.length;
  let timeIsUp: () => void = () => undefined;
  const timeUp = new Promise<boolean>((resolve) => {
    timeIsUp = () => resolve(false);
  });
  let sent = 0;
  // The part after this event's share reaches the bucket, but its answer is held until the kill.
  const partFetch: typeof fetch = async (input, init) => {
    sent += 1;
    const answer = backend.partFetch(input, init);
    if (sent <= PARTS_PER_EVENT) return answer;
    await answer;
    timeIsUp();
    return new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Killed.', 'AbortError')), {
        once: true,
      }),
    );
  };
  let engine: UploadEngine | undefined;
  const { scope, dispatch } = fakeWorkerScope('activated');
  registerUploadHandlers(scope, {
    createEngine: () =>
      (engine = engineOn(backend, store, {
        partsInFlight: 1,
        leaseMs: LEASE_MS,
        fetch: partFetch,
        now: () => Date.now() + clockOffsetMs,
        runnerId: `worker-${clockOffsetMs}`,
      })),
    // The event's time runs out when the test says, not after a number of milliseconds.
    within: (work) => Promise.race([work.then(() => true), timeUp]),
  });
  const [waited] =
    event === 'message'
      ? dispatch('message', { data: { type: 'upload:resume' } satisfies UploadMessage })
      : dispatch('sync', { tag: 'ulak-upload', lastChance: false });
  const [outcome] = await Promise.allSettled(waited === undefined ? [] : [waited]);
  // The browser kills the worker: requests cut off, the lease stays as it was.
  const held = await store.get(jobId);
  await engine?.stop();
  if (held?.leaseOwner !== null && held?.leaseOwner !== undefined) {
    await store.update(jobId, (job) => ({ ...job, leaseOwner: held.leaseOwner, leaseUntil: held.leaseUntil }));
  }
  return { outcome, partsBefore, putsAtStart };
}

async function addJob(store: UploadStore, size: number): Promise<string> {
  const id = crypto.randomUUID();
  const blob = new Blob([bytesOf(size)], { type: 'application/octet-stream' });
  const { recorded, copied } = store.add(
    newJobRecord({ name: 'long.bin', type: 'application/octet-stream', size }, id, Date.now()),
    blob,
  );
  await Promise.all([recorded, copied]);
  return id;
}

describe('an upload longer than a service worker event', () => {
  it('goes on across message and sync events of killed workers, never re-sending a stored part', async () => {
    const size = PARTS * PART - 7;
    const store = createUploadStore(dbName);
    const jobId = await addJob(store, size);
    const lives: WorkerLife[] = [];
    for (let i = 0; i < PARTS; i += 1) {
      // Page messages and Background Sync events take turns; each worker's clock is past the
      // lease of the one before, as it would be after a real restart.
      lives.push(await liveOneEvent(i % 3 === 2 ? 'sync' : 'message', jobId, i * (LEASE_MS + 1_000)));
      if ((await store.get(jobId))?.state === 'done') break;
    }
    const job = await store.get(jobId);
    expect(job?.state).toBe('done');

    // Each event carried the upload on by its share (and the part whose answer it never saw,
    // which the next worker takes over from the bucket), and ended before the upload did.
    expect(lives).toHaveLength(Math.ceil(PARTS / (PARTS_PER_EVENT + 1)));
    for (const life of lives.slice(0, -1)) {
      if (life.outcome?.status === 'fulfilled') expect(life.outcome.value).toBe(false);
      else expect(String(life.outcome?.reason)).toMatch(/next sync/);
    }

    // No worker sent a part that was stored before it started, and no part went twice.
    lives.forEach((life, index) => {
      const end = lives[index + 1]?.putsAtStart ?? backend.puts.length;
      const sent = backend.puts.slice(life.putsAtStart, end).filter((put) => put.status === 200);
      expect(sent.filter((put) => life.partsBefore.has(put.partNumber))).toEqual([]);
    });
    const sentParts = backend.puts.filter((put) => put.status === 200).map((put) => put.partNumber);
    expect(sentParts.sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS }, (_, i) => i + 1));
    expect(backend.callsTo('uploads')).toHaveLength(1);
    expect(await backend.downloadedSha256(job?.shareId ?? '')).toBe(sha256(bytesOf(size)));
  });
});
