// @vitest-environment node
// The test server runs in Node; the worker's own types (WebWorker) come from sw/tsconfig.json.
/// <reference types="node" />
// fake-indexeddb round-trips Blobs only in the node environment (DESIGN §5).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUploadApi } from '@/lib/upload-engine/api';
import { UploadEngine } from '@/lib/upload-engine/engine';
import type { UploadMessage } from '@/lib/upload-engine/protocol';
import { createUploadStore, newJobRecord, type UploadStore } from '@/lib/upload-engine/store';
import { startTestUploadServer, TEST_ANON_KEY, type TestUploadServer } from '@/lib/upload-engine/test-upload-server';
import { registerUploadHandlers } from './upload-handlers';

// Chromium ends a service worker event after about 5 minutes (a `sync` event after about 3) and
// then kills the worker. Browser tests cannot show this: Playwright's debugger keeps the worker
// alive. Here each worker instance lives for exactly one event with a small time budget (the real
// handlers, the real engine, an IndexedDB of its own per instance as a restarted worker opens it)
// and is then killed the hard way: its requests cut off, its lease left behind as a crashed worker
// leaves it. The upload must go on, event after event, without a finished part being sent again.

const PART = 1000;
const PARTS = 24;
/** Each part PUT takes at least this long, so one event's budget covers only a few parts. */
const PART_DELAY_MS = 25;
const EVENT_BUDGET_MS = 120;
const LEASE_MS = 30_000;

let server: TestUploadServer;
let dbName: string;
let dbCounter = 0;

beforeEach(async () => {
  server = await startTestUploadServer({ partSize: PART });
  dbCounter += 1;
  dbName = `upload-lifetime-test-${dbCounter}`;
});

afterEach(async () => {
  server.release();
  await server.close();
});

function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 13 + 5) % 251;
  return bytes;
}

/** Just enough of a service worker scope: events with waitUntil, and the worker's state. */
function workerScope() {
  const target = new EventTarget();
  const scope = Object.assign(target, { serviceWorker: { state: 'activated' } }) as unknown as ServiceWorkerGlobalScope;
  function dispatch(type: string, fields: Record<string, unknown>): Promise<PromiseSettledResult<unknown> | undefined> {
    const waits: Promise<unknown>[] = [];
    const event = Object.assign(new Event(type), fields, { waitUntil: (p: Promise<unknown>) => waits.push(p) });
    target.dispatchEvent(event);
    return Promise.allSettled(waits).then((results) => results[0]);
  }
  return { scope, dispatch };
}

/** A fetch whose requests take at least `ms`, and stop at once when aborted. */
function slowFetch(ms: number): typeof fetch {
  return async (input, init) => {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The upload was stopped.', 'AbortError'));
      });
    });
    return fetch(input, init);
  };
}

interface WorkerLife {
  /** How the event ended: 'fulfilled' with false (message: budget used up) or 'rejected' (sync: try again). */
  outcome: PromiseSettledResult<unknown> | undefined;
  partsBefore: Set<number>;
  /** Index into the server's PUT log when the worker started. */
  putsAtStart: number;
}

/**
 * Starts a fresh worker instance (its clock after the previous one's lease ran out), delivers one
 * event, and kills the worker when the event ends.
 */
async function liveOneEvent(event: 'message' | 'sync', jobId: string, clockOffsetMs: number): Promise<WorkerLife> {
  const store = createUploadStore(dbName);
  const partsBefore = new Set((await store.get(jobId))?.parts.map((p) => p.partNumber));
  const putsAtStart = server.puts.length;
  let engine: UploadEngine | undefined;
  const { scope, dispatch } = workerScope();
  registerUploadHandlers(scope, {
    createEngine: () =>
      (engine = new UploadEngine({
        api: createUploadApi({ apiUrl: server.apiUrl, anonKey: TEST_ANON_KEY, clientInfo: 'ulak-test/1' }),
        store,
        emit: () => undefined,
        partsInFlight: 1,
        leaseMs: LEASE_MS,
        fetch: slowFetch(PART_DELAY_MS),
        sleep: () => Promise.resolve(),
        now: () => Date.now() + clockOffsetMs,
        runnerId: `worker-${clockOffsetMs}`,
      })),
    messageBudgetMs: EVENT_BUDGET_MS,
    syncBudgetMs: EVENT_BUDGET_MS,
  });
  const outcome =
    event === 'message'
      ? await dispatch('message', { data: { type: 'upload:resume' } satisfies UploadMessage })
      : await dispatch('sync', { tag: 'ulak-upload', lastChance: false });
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
  await store.put(newJobRecord({ blob, name: 'long.bin', type: 'application/octet-stream' }, id, Date.now()));
  return id;
}

describe('an upload longer than a service worker event', () => {
  it('goes on across message and sync events of killed workers, never re-sending a stored part', async () => {
    const size = PARTS * PART - 7;
    const jobId = await addJob(createUploadStore(dbName), size);
    const lives: WorkerLife[] = [];
    const store = createUploadStore(dbName);
    for (let i = 0; i < 40; i += 1) {
      // Page messages and Background Sync events take turns; each worker's clock is past the
      // lease of the one before, as it would be after a real restart.
      lives.push(await liveOneEvent(i % 3 === 2 ? 'sync' : 'message', jobId, i * (LEASE_MS + 1_000)));
      if ((await store.get(jobId))?.state === 'done') break;
    }
    const job = await store.get(jobId);
    expect(job?.state).toBe('done');

    // It took many events, and each ended before the upload did, as Chromium would end it.
    expect(lives.length).toBeGreaterThanOrEqual(4);
    for (const life of lives.slice(0, -1)) {
      if (life.outcome?.status === 'fulfilled') expect(life.outcome.value).toBe(false);
      else expect(String(life.outcome?.reason)).toMatch(/next sync/);
    }

    // No worker sent a part that was stored before it started.
    lives.forEach((life, index) => {
      const end = lives[index + 1]?.putsAtStart ?? server.puts.length;
      const sent = server.puts.slice(life.putsAtStart, end).filter((put) => put.status === 200);
      expect(sent.filter((put) => life.partsBefore.has(put.partNumber))).toEqual([]);
    });
    // A kill loses at most the one part in flight whose answer came too late to be stored.
    const perPart = new Map<number, number>();
    for (const put of server.puts.filter((each) => each.status === 200)) {
      perPart.set(put.partNumber, (perPart.get(put.partNumber) ?? 0) + 1);
    }
    const resent = [...perPart.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(resent).toBeLessThanOrEqual(lives.length - 1);
    expect(perPart.size).toBe(PARTS);
    expect(server.uploads.size).toBe(1);

    const upload = [...server.uploads.values()][0];
    const bytes = Buffer.concat([...(upload?.parts.entries() ?? [])].sort(([a], [b]) => a - b).map(([, p]) => p.bytes));
    expect(new Uint8Array(bytes)).toEqual(bytesOf(size));
  });
});
