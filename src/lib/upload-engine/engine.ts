// The upload engine: sends stored jobs to the bucket in parts through presigned URLs and completes
// them through the API. No DOM, no React: the service worker runs it, and the page runs it only
// where no worker controls the page (docs/architecture.md).
//
// This class only wires its parts together, as Uppy's S3 plugin does: the queue and its leases
// (queue.ts), one job's run (job-run.ts: create, resume, the parts, complete) with its part URLs
// (part-urls.ts), its PUTs (part-put.ts), its progress (run-progress.ts), and the retry policy and
// the wait for the network (retry.ts). Whoever runs `resumeAll()` next continues from the store.

import { MAX_PARTS_PER_SIGN_REQUEST } from '@domain/api-types';
import { PARTS_IN_FLIGHT, RETRY_DELAYS_MS } from '@domain/constants';
import type { UploadApi } from './api';
import { summarizeJob, type UploadJobRecord } from './job-record';
import { JobRun, type RunContext } from './job-run';
import type { HandedFile, UploadEvent } from './protocol';
import { JobQueue } from './queue';
import { defaultIsOnline, defaultSleep, WakeSignal } from './retry';
import type { UploadStore } from './store';
import { LEASE_MS, STALL_MS } from './timings';

export interface UploadEngineOptions {
  api: UploadApi;
  store: UploadStore;
  /** Receives every state change and progress step (the runner forwards them to the pages). */
  emit: (event: UploadEvent) => void;
  /**
   * Parts sent at once. Default PARTS_IN_FLIGHT (4): enough to hide per-request latency, few
   * enough for a phone's memory and uplink.
   */
  partsInFlight?: number;
  /**
   * Waits before each retry of a failed request. Default RETRY_DELAYS_MS ([0, 1 s, 3 s, 5 s]):
   * a blip is retried at once, a short outage within about ten seconds. After the last one a lost
   * network pauses the job; a server error fails it.
   */
  retryDelaysMs?: readonly number[];
  /**
   * While paused, how often to look whether the network is back. Default 5 s: a service worker
   * gets no `online` event, so a timer (and any message or `sync` event, through `wake()`) is how
   * it notices.
   */
  offlineRecheckMs?: number;
  /**
   * How long a runner's claim on a job lasts without being renewed. Default LEASE_MS (30 s, see
   * timings.ts): another context (a second tab, the next worker instance) takes over a job at most
   * this long after its runner died, and never while it is alive (renewed every third of this).
   */
  leaseMs?: number;
  /**
   * Part URLs asked for in one API call (the API allows up to 100). Default 20: far fewer calls
   * than one per part, and a batch is used up well before its URLs expire even on a slow uplink.
   */
  signBatchSize?: number;
  /**
   * A part URL with less validity left than this is signed again before use. Default 60 s, so a
   * part does not start with a URL that expires while its bytes are on the way.
   */
  urlExpiryMarginMs?: number;
  /** Window of the speed estimate. Default 10 s: steady over a few parts, quick to follow a change. */
  speedWindowMs?: number;
  /**
   * Least time without a finished part before a run whose speed is known shows it waits for the
   * network. Default STALL_MS (3 s): a connection that hangs while the browser says it is online
   * is said within seconds, not after a frozen time-left estimate; on a slower link the wait is
   * longer, as long as its parts take (run-progress.ts).
   */
  stallMs?: number;
  /** Default `navigator.onLine` (true where there is no navigator, as in Node). */
  isOnline?: () => boolean;
  /** Used for the part PUTs. Default the global fetch. */
  fetch?: typeof fetch;
  /** Default a setTimeout that an abort ends early. Tests pass a recording one. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Default Date.now. */
  now?: () => number;
  /** Names this runner in job leases. Default a random UUID: one per page or worker instance. */
  runnerId?: string;
}

export class UploadEngine {
  readonly runnerId: string;
  private readonly context: RunContext;
  private readonly wakeSignal = new WakeSignal();
  private readonly queue: JobQueue;

  constructor(options: UploadEngineOptions) {
    const sleep = options.sleep ?? defaultSleep;
    const now = options.now ?? (() => Date.now());
    this.runnerId = options.runnerId ?? crypto.randomUUID();
    this.context = {
      api: options.api,
      store: options.store,
      emit: options.emit,
      now,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      partsInFlight: options.partsInFlight ?? PARTS_IN_FLIGHT,
      signBatchSize: Math.min(options.signBatchSize ?? 20, MAX_PARTS_PER_SIGN_REQUEST),
      urlExpiryMarginMs: options.urlExpiryMarginMs ?? 60_000,
      speedWindowMs: options.speedWindowMs ?? 10_000,
      stallMs: options.stallMs ?? STALL_MS,
      retry: {
        retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
        offlineRecheckMs: options.offlineRecheckMs ?? 5_000,
        isOnline: options.isOnline ?? defaultIsOnline,
        sleep,
        woken: () => this.wakeSignal.next,
      },
      handed: new Map(),
    };
    this.queue = new JobQueue({
      store: options.store,
      now,
      sleep,
      leaseMs: options.leaseMs ?? LEASE_MS,
      runnerId: this.runnerId,
      wake: this.wakeSignal,
      newRun: (jobId) => new JobRun(this.context, jobId),
    });
  }

  /**
   * Runs every job that is not done, failed or cancelled, one after another, continuing each from
   * its stored parts. Calling it while it runs makes it look at the store again when it gets to the
   * end (jobs added meanwhile are picked up); the promise settles when there is nothing left that
   * this runner may take. Jobs another runner holds are left to it, unless `waitForHeldJobs`: a
   * `sync` event is the browser's one chance to run with no page open, and a page closed (or a
   * worker stopped) a moment before leaves its lease behind for up to LEASE_MS; the event then
   * waits it out and takes the job, instead of ending with the job still held and nobody left to
   * run it.
   */
  resumeAll(options: { waitForHeldJobs?: boolean } = {}): Promise<void> {
    return this.queue.resumeAll(options);
  }

  /**
   * Takes the bytes of jobs the page has just queued: their runs start from these instead of
   * waiting for the page's copy into the store, which takes seconds for a large file on a phone.
   * The stored copy is still written, and is what a later runner uses.
   */
  offer(files: readonly HandedFile[]): void {
    for (const { jobId, blob } of files) this.context.handed.set(jobId, blob);
  }

  /** Cuts short any wait for the network: call it on `online`, on a message, on a `sync` event. */
  wake(): void {
    this.wakeSignal.wake();
  }

  /** True while this runner has a job in hand or is about to look for one. */
  get busy(): boolean {
    return this.queue.busy;
  }

  /**
   * Stops every run of this runner where it is, leaving the jobs resumable (their stored state
   * stays as it was), and gives up their leases. For a worker being replaced, and for tests.
   */
  stop(): Promise<void> {
    return this.queue.stop();
  }

  /**
   * Cancels a job: stops its requests, tells the server to drop the partial upload, and removes the
   * job and its owner record. A finished upload is left alone (deleting it is a separate action).
   */
  async cancel(jobId: string): Promise<void> {
    const { store, emit, api, now } = this.context;
    let previous: UploadJobRecord | undefined;
    const job = await store.update(jobId, (current) => {
      previous = current;
      if (current.state === 'done') return undefined;
      return { ...current, state: 'cancelled', updatedAt: now() };
    });
    if (job === undefined || previous?.state === 'done') return;
    this.context.handed.delete(jobId);
    await this.queue.stopRun(jobId);
    const latest = (await store.get(jobId)) ?? job;
    await store.delete(jobId);
    if (latest.shareId !== null) await store.deleteOwnedFile(latest.shareId);
    emit({ type: 'upload:state', job: summarizeJob({ ...latest, state: 'cancelled' }) });
    if (latest.fileId !== null && latest.ownerToken !== null) {
      // Best effort: if the server cannot be reached, its sweep aborts the stale upload later.
      await api.abortUpload(latest.fileId, latest.ownerToken).catch(() => undefined);
    }
  }

  /**
   * Puts a failed job back in the queue (it goes on from its stored parts, or starts over when the
   * server lost them) and runs the queue; a paused one is tried again at once.
   */
  async retry(jobId: string): Promise<void> {
    let requeued = false;
    const job = await this.context.store.update(jobId, (current) => {
      if (current.state !== 'failed') return undefined;
      requeued = true;
      return { ...current, state: 'queued', failure: null, updatedAt: this.context.now() };
    });
    if (job !== undefined && requeued) this.context.emit({ type: 'upload:state', job: summarizeJob(job) });
    await this.resumeAll();
  }
}
