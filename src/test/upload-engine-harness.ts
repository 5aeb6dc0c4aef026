// The upload engine's tests share this: the real API and bucket (upload-backend.ts), a fresh store
// per test, the events the pages would see, and files whose every byte is recognisable. Parts are
// the server's real size, so a file of a few parts is a few times 8 MiB; the database starts in
// seconds. Limits for a loaded machine, as the API's own tests have.

import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createUploadApi } from '@/lib/upload-engine/api';
import { UploadEngine, type UploadEngineOptions } from '@/lib/upload-engine/engine';
import { newJobRecord, type OwnedTransferRecord } from '@/lib/upload-engine/job-record';
import type { UploadEvent, UploadJobState } from '@/lib/upload-engine/protocol';
import { createUploadStore, type UploadStore } from '@/lib/upload-engine/store';
import { sha256, startTestBackend, type TestBackend } from './upload-backend';

/**
 * Bytes whose every position is recognisable (a pattern of prime length, so no part boundary
 * lines up with it), so a misplaced part shows in the result. Filled by doubling: fast at 30 MiB.
 */
export function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < Math.min(size, 251); i += 1) bytes[i] = (i * 7 + 3) % 251;
  for (let filled = 251; filled < size; filled *= 2) bytes.copyWithin(filled, 0, filled);
  return bytes;
}

export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await check()); waited += 5) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** An engine on `store` and the backend's real API and bucket that tells no page anything and retries at once. */
export function engineOn(
  backend: TestBackend,
  store: UploadStore,
  options: Partial<UploadEngineOptions> = {},
): UploadEngine {
  return new UploadEngine({
    api: createUploadApi(backend.client),
    store,
    emit: () => undefined,
    fetch: backend.partFetch,
    sleep: () => Promise.resolve(),
    ...options,
  });
}

export interface EngineHarness {
  readonly backend: TestBackend;
  /** This test's store (a database of its own). */
  readonly store: UploadStore;
  /** This test's database's name: a second connection to it is what a new page or worker opens. */
  readonly dbName: string;
  /** What the engines of this test sent the pages. */
  readonly events: UploadEvent[];
  /** An engine on this test's store and the real API, retrying at once; stopped after the test. */
  makeEngine(options?: Partial<UploadEngineOptions>): UploadEngine;
  /** Records a transfer on this device as a page does before its first upload (nothing on the server yet); its id. */
  addTransfer(fields?: Partial<OwnedTransferRecord>): Promise<string>;
  /** Stores a job of `size` recognisable bytes and its whole copy, as the page does. */
  addJob(size: number, name?: string, id?: string): Promise<string>;
  /** The stored copy of the job's bytes is lost (the page that queued it closed while writing it, say). */
  loseStoredCopy(jobId: string): Promise<void>;
  /** The job's states as the pages saw them change (repeats of one state collapsed). */
  statesOf(jobId: string): UploadJobState[];
  /** The finished job's file, downloaded as a recipient would, is the bytes that were picked. */
  expectStoredAsPicked(jobId: string, size: number): Promise<void>;
  /** The part PUTs the bucket accepted (of one part, or all). */
  okPuts(partNumber?: number): TestBackend['puts'];
  /** A job whose runner stopped (as a crash would stop it) with two of its parts recorded and the next ones held by the bucket. */
  stoppedAfterTwoParts(size: number): Promise<string>;
}

/** Starts the backend for the file's tests and gives each test a fresh store; see EngineHarness. */
export function engineHarness(): EngineHarness {
  vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
  let backend: TestBackend | undefined;
  let store: UploadStore | undefined;
  let engines: UploadEngine[] = [];
  let dbCounter = 0;
  const events: UploadEvent[] = [];
  const prefix = `upload-engine-test-${crypto.randomUUID()}`;

  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend?.close();
  });
  beforeEach(() => {
    harness.backend.reset();
    dbCounter += 1;
    store = createUploadStore(harness.dbName);
    events.length = 0;
    engines = [];
  });
  afterEach(async () => {
    harness.backend.release();
    await Promise.all(engines.map((engine) => engine.stop()));
  });

  const harness: EngineHarness = {
    get backend() {
      if (backend === undefined) throw new Error('The test backend has not started.');
      return backend;
    },
    get store() {
      if (store === undefined) throw new Error('The store is made before each test.');
      return store;
    },
    get dbName() {
      return `${prefix}-${dbCounter}`;
    },
    events,
    makeEngine(options = {}) {
      const engine = engineOn(harness.backend, harness.store, { emit: (event) => events.push(event), ...options });
      engines.push(engine);
      return engine;
    },
    async addTransfer(fields = {}) {
      const record: OwnedTransferRecord = {
        id: crypto.randomUUID(),
        shareId: null,
        shareUrl: null,
        ownerToken: null,
        senderName: null,
        message: null,
        createdAt: Date.now(),
        ...fields,
      };
      await harness.store.putTransfer(record);
      return record.id;
    },
    async addJob(size, name = 'report.pdf', id = crypto.randomUUID()) {
      const blob = new Blob([bytesOf(size)], { type: 'application/pdf' });
      const record = newJobRecord({ name, type: 'application/pdf', size }, id, Date.now());
      const { recorded, copied } = harness.store.add(record, blob);
      await Promise.all([recorded, copied]);
      return id;
    },
    async loseStoredCopy(jobId) {
      await harness.store.update(jobId, (job) => job, { dropBytes: true });
    },
    statesOf(jobId) {
      const states = events.flatMap((e) => (e.type === 'upload:state' && e.job.jobId === jobId ? [e.job.state] : []));
      return states.filter((state, i) => state !== states[i - 1]);
    },
    async expectStoredAsPicked(jobId, size) {
      const job = await harness.store.get(jobId);
      expect(job?.state).toBe('done');
      expect(await harness.backend.downloadedSha256(job?.shareId ?? '')).toBe(sha256(bytesOf(size)));
    },
    okPuts(partNumber) {
      return harness.backend.puts.filter(
        (p) => p.status === 200 && (partNumber === undefined || p.partNumber === partNumber),
      );
    },
    async stoppedAfterTwoParts(size) {
      const jobId = await harness.addJob(size);
      harness.backend.stall(2);
      const first = harness.makeEngine({ partsInFlight: 2 });
      void first.resumeAll();
      await harness.backend.whenStalled();
      await until(async () => ((await harness.store.get(jobId))?.parts.length ?? 0) >= 2, 'two parts stored');
      await first.stop();
      return jobId;
    },
  };
  return harness;
}
