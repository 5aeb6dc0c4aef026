// The upload engine: sends stored jobs to the bucket in parts through presigned URLs and completes
// them through the API. No DOM, no React: the service worker runs it, and the page runs it only
// where no worker controls the page (docs/architecture.md).
//
// Everything it learns is written to the store as soon as it is known (the server's plan, each
// part's ETag), because the context running it may be killed at any moment: a service worker event
// lives a few minutes at most. Whoever runs `resumeAll()` next continues from there.

import { MAX_PARTS_PER_SIGN_REQUEST, type ApiErrorCode, type FinishedPart } from '@domain/api-types';
import { PARTS_IN_FLIGHT, PART_URL_TTL_SECONDS, RETRY_DELAYS_MS } from '@domain/constants';
import { partRange } from '@domain/part-plan';
import { ApiError } from '@/lib/api/client';
import { failureOf, localFailure } from '@/lib/api/failure';
import type { UploadApi } from './api';
import { copyWriterAlive, holdsBackProgress, whileCopyLocked } from './device-copy/copy-state';
import { wholeBlob, type StoredBytes } from './device-copy/stored-bytes';
import { UNFINISHED_STATES, type HandedFile, type UploadEvent } from './protocol';
import { SpeedMeter } from './speed-meter';
import { LEASE_MS } from './timings';
import { firstNeededByte, notStartedOnServer, summarizeJob, type UploadJobRecord, type UploadStore } from './store';

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

/**
 * The API's refusals that mean the server no longer has (a usable) multipart upload for the job:
 * going on is useless, a retry starts over.
 */
const START_OVER_CODES: ReadonlySet<ApiErrorCode> = new Set([
  'upload_not_found',
  'upload_gone',
  'invalid_parts',
  'parts_rejected',
  'size_mismatch',
]);

function meansStartOver(error: unknown): boolean {
  return error instanceof ApiError && START_OVER_CODES.has(error.code);
}

/**
 * A failure the same request may not meet again: no answer, the API or the bucket briefly unwell
 * (5xx, 408, 429), or the bucket refusing a part URL that expired (403: the part is signed again).
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { kind, status, code } = error;
  return (
    kind === 'network' ||
    status >= 500 ||
    status === 408 ||
    status === 429 ||
    (code === 'part_refused' && status === 403)
  );
}

/**
 * The server is there but cannot serve now: a proxy without its backend (502, 504) or a host that
 * is restarting (503, "Ulak is starting"). Like a lost network, this ends by itself: the job waits
 * for it instead of failing once the retries are used up.
 */
function meansUnavailable(error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 502 || status === 503 || status === 504;
}

/** The bucket's answer to a part PUT, as the one error type (its `<Message>` for the console). */
function partRefused(partNumber: number, status: number, body: string): ApiError {
  const reason = bucketMessage(body) ?? `status ${status}`;
  return new ApiError('server', status, 'part_refused', `The storage refused part ${partNumber}: ${reason}`, {
    part: partNumber,
    status,
  });
}

/** Why a run was stopped when one of its parts failed for good (the other parts stop with it). */
class PartFailure {
  constructor(readonly error: unknown) {}
}

function abortError(): Error {
  return new DOMException('The upload was stopped.', 'AbortError');
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** S3 puts a human-readable reason in `<Message>` of its XML error body. */
function bucketMessage(body: string): string | undefined {
  return /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
}

/** What the lanes of one run share: the upload on the server, the bytes, the parts left to send. */
interface PartPlanOfRun {
  fileId: string;
  ownerToken: string;
  partSize: number;
  partCount: number;
  size: number;
  bytes: StoredBytes;
  pending: number[];
  /** The writes of finished parts' ETags, each begun as its part finished. */
  records: Promise<void>[];
}

interface Run {
  jobId: string;
  controller: AbortController;
  signal: AbortSignal;
  /** Set while the job waits for the network, shared by all of its parts. */
  offline: Promise<void> | null;
  urls: Map<number, { url: string; validUntil: number }>;
  signing: Promise<void> | null;
  meter: SpeedMeter;
  done: Promise<void>;
}

export class UploadEngine {
  private readonly api: UploadApi;
  private readonly store: UploadStore;
  private readonly emit: (event: UploadEvent) => void;
  private readonly partsInFlight: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly offlineRecheckMs: number;
  private readonly leaseMs: number;
  private readonly signBatchSize: number;
  private readonly urlExpiryMarginMs: number;
  private readonly speedWindowMs: number;
  private readonly isOnline: () => boolean;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly now: () => number;
  readonly runnerId: string;

  /** Jobs this runner works on now: the in-memory half of the one-runner-per-job guard. */
  private readonly active = new Map<string, Run>();
  /** Bytes the page handed over with jobs it just queued (see `offer`), by job id. */
  private readonly handed = new Map<string, Blob>();
  private pump: Promise<void> | null = null;
  private rescan = false;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private woken: Promise<void>;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set by `resumeAll({ waitForHeldJobs })` until the pump ends. */
  private waitForHeldJobs = false;
  /** Ends the pump's wait for a lease when the runner stops. */
  private pumpWait = new AbortController();

  constructor(options: UploadEngineOptions) {
    this.api = options.api;
    this.store = options.store;
    this.emit = options.emit;
    this.partsInFlight = options.partsInFlight ?? PARTS_IN_FLIGHT;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.offlineRecheckMs = options.offlineRecheckMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.signBatchSize = Math.min(options.signBatchSize ?? 20, MAX_PARTS_PER_SIGN_REQUEST);
    this.urlExpiryMarginMs = options.urlExpiryMarginMs ?? 60_000;
    this.speedWindowMs = options.speedWindowMs ?? 10_000;
    this.isOnline = options.isOnline ?? defaultIsOnline;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? (() => Date.now());
    this.runnerId = options.runnerId ?? crypto.randomUUID();
    this.woken = this.newWakePromise();
  }

  private newWakePromise(): Promise<void> {
    return new Promise((resolve) => {
      this.wakeUp = resolve;
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
    this.stopped = false;
    if (options.waitForHeldJobs === true) this.waitForHeldJobs = true;
    this.wake();
    this.rescan = true;
    this.pump ??= this.runPump().finally(() => {
      this.pump = null;
      this.waitForHeldJobs = false;
    });
    return this.pump;
  }

  private async runPump(): Promise<void> {
    let blockedUntil = Infinity;
    while (this.rescan && !this.stopped) {
      this.rescan = false;
      blockedUntil = Infinity;
      const jobs = await this.store.list();
      for (const job of jobs) {
        if (this.stopped) break;
        if (!UNFINISHED_STATES.has(job.state) || this.active.has(job.id)) continue;
        const leaseEnd = await this.runJob(job.id);
        if (leaseEnd !== undefined) blockedUntil = Math.min(blockedUntil, leaseEnd);
      }
      if (blockedUntil !== Infinity && this.waitForHeldJobs && !this.stopped) {
        await this.waitForLeaseEnd(blockedUntil);
        this.rescan = true;
      }
    }
    // A job held by a runner that died is free once its lease runs out: look again then. (In a
    // worker that is killed first, the next event or page message does it.)
    if (blockedUntil !== Infinity && !this.stopped && this.retryTimer === null) {
      this.retryTimer = setTimeout(
        () => {
          this.retryTimer = null;
          void this.resumeAll();
        },
        Math.max(0, blockedUntil - this.now()) + 100,
      );
    }
  }

  /** Sleeps until `leaseEnd` (and a little more), or until woken or stopped. */
  private async waitForLeaseEnd(leaseEnd: number): Promise<void> {
    if (this.pumpWait.signal.aborted) this.pumpWait = new AbortController();
    const nap = this.sleep(Math.max(0, leaseEnd - this.now()) + 100, this.pumpWait.signal);
    await Promise.race([nap, this.woken]).catch(() => undefined);
  }

  /**
   * Takes the bytes of jobs the page has just queued: their runs start from these instead of
   * waiting for the page's copy into the store, which takes seconds for a large file on a phone.
   * The stored copy is still written, and is what a later runner uses.
   */
  offer(files: readonly HandedFile[]): void {
    for (const { jobId, blob } of files) this.handed.set(jobId, blob);
  }

  /** Cuts short any wait for the network: call it on `online`, on a message, on a `sync` event. */
  wake(): void {
    const resolve = this.wakeUp;
    this.woken = this.newWakePromise();
    resolve?.();
  }

  /** True while this runner has a job in hand or is about to look for one. */
  get busy(): boolean {
    return this.pump !== null || this.active.size > 0;
  }

  /**
   * Stops every run of this runner where it is, leaving the jobs resumable (their stored state
   * stays as it was), and gives up their leases. For a worker being replaced, and for tests.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pumpWait.abort();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const runs = [...this.active.values()];
    for (const run of runs) run.controller.abort();
    await Promise.allSettled(runs.map((run) => run.done));
    await this.pump?.catch(() => undefined);
  }

  /**
   * Cancels a job: stops its requests, tells the server to drop the partial upload, and removes the
   * job and its owner record. A finished upload is left alone (deleting it is a separate action).
   */
  async cancel(jobId: string): Promise<void> {
    let previous: UploadJobRecord | undefined;
    const job = await this.store.update(jobId, (current) => {
      previous = current;
      if (current.state === 'done') return undefined;
      return { ...current, state: 'cancelled', updatedAt: this.now() };
    });
    if (job === undefined || previous?.state === 'done') return;
    this.handed.delete(jobId);
    const run = this.active.get(jobId);
    run?.controller.abort();
    await run?.done.catch(() => undefined);
    const latest = (await this.store.get(jobId)) ?? job;
    await this.store.delete(jobId);
    if (latest.shareId !== null) await this.store.deleteOwnedFile(latest.shareId);
    this.emit({ type: 'upload:state', job: summarizeJob({ ...latest, state: 'cancelled' }) });
    if (latest.fileId !== null && latest.ownerToken !== null) {
      // Best effort: if the server cannot be reached, its sweep aborts the stale upload later.
      await this.api.abortUpload(latest.fileId, latest.ownerToken).catch(() => undefined);
    }
  }

  /**
   * Puts a failed job back in the queue (it goes on from its stored parts, or starts over when the
   * server lost them) and runs the queue; a paused one is tried again at once.
   */
  async retry(jobId: string): Promise<void> {
    let requeued = false;
    const job = await this.store.update(jobId, (current) => {
      if (current.state !== 'failed') return undefined;
      requeued = true;
      return { ...current, state: 'queued', failure: null, updatedAt: this.now() };
    });
    if (job !== undefined && requeued) this.emit({ type: 'upload:state', job: summarizeJob(job) });
    await this.resumeAll();
  }

  /** Runs one job if this runner can take it; resolves to the other runner's lease end otherwise. */
  private async runJob(jobId: string): Promise<number | undefined> {
    const controller = new AbortController();
    let finish: () => void = () => undefined;
    const run: Run = {
      jobId,
      controller,
      signal: controller.signal,
      offline: null,
      urls: new Map(),
      signing: null,
      meter: new SpeedMeter(this.speedWindowMs),
      done: new Promise<void>((resolve) => {
        finish = resolve;
      }),
    };
    this.active.set(jobId, run);
    let renewTimer: ReturnType<typeof setInterval> | undefined;
    try {
      const job = await this.store.acquireLease(jobId, this.runnerId, this.now(), this.leaseMs);
      if (job === undefined) return (await this.store.get(jobId))?.leaseUntil;
      if (!UNFINISHED_STATES.has(job.state)) return undefined;
      renewTimer = setInterval(() => void this.renewLease(run), this.leaseMs / 3);
      await this.upload(job, run);
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof PartFailure) await this.fail(jobId, reason.error);
      else if (!controller.signal.aborted) await this.fail(jobId, error);
    } finally {
      clearInterval(renewTimer);
      await this.releaseLease(jobId).catch(() => undefined);
      this.active.delete(jobId);
      finish();
    }
    return undefined;
  }

  private async renewLease(run: Run): Promise<void> {
    const job = await this.store
      .acquireLease(run.jobId, this.runnerId, this.now(), this.leaseMs)
      .catch(() => undefined);
    // Lost the job (another runner took it after we stalled past the lease) or it was cancelled.
    if (job === undefined || job.state === 'cancelled') run.controller.abort();
  }

  private async releaseLease(jobId: string): Promise<void> {
    await this.store.update(jobId, (job) =>
      job.leaseOwner === this.runnerId ? { ...job, leaseOwner: null, leaseUntil: 0 } : undefined,
    );
  }

  private async fail(jobId: string, error: unknown): Promise<void> {
    const job = await this.store.update(jobId, (current) =>
      current.state === 'cancelled'
        ? undefined
        : {
            ...current,
            state: 'failed',
            // The code and params, not a sentence: each page says it in its own language.
            failure: failureOf(error),
            restartOnRetry: meansStartOver(error),
            updatedAt: this.now(),
          },
    );
    if (job !== undefined && job.state === 'failed') this.emit({ type: 'upload:state', job: summarizeJob(job) });
  }

  /** Writes a state change and tells the pages; stops the run when the job was cancelled meanwhile. */
  private async setState(run: Run, state: UploadJobRecord['state']): Promise<UploadJobRecord> {
    let cancelled = false;
    const job = await this.store.update(run.jobId, (current) => {
      if (current.state === 'cancelled') {
        cancelled = true;
        return undefined;
      }
      return { ...current, state, failure: null, updatedAt: this.now() };
    });
    if (job === undefined || cancelled) {
      run.controller.abort();
      throw abortError();
    }
    this.emit({ type: 'upload:state', job: summarizeJob(job) });
    return job;
  }

  private async upload(initial: UploadJobRecord, run: Run): Promise<void> {
    let job = initial;
    if (job.restartOnRetry) job = await this.startOver(job, run);
    // A job that already has its upload on the server was cut off earlier (a crash, a closed tab).
    const resuming = job.fileId !== null;
    job = await this.setState(run, 'uploading');
    // Reading the stored copy waits for it, while the page is still writing it.
    const handed = this.handed.get(run.jobId);
    const bytes = handed === undefined ? await this.store.getBytes(run.jobId) : wholeBlob(handed);
    if (bytes === undefined || bytes.from > firstNeededByte(job)) {
      throw localFailure('file_missing', 'The file is no longer stored on this device.');
    }

    if (job.fileId === null) {
      const created = await this.retrying(run, () =>
        this.api.createUpload({ name: job.name, size: job.size, type: job.type }, run.signal),
      );
      // The first parts' URLs are asked for while the new upload is recorded on this device.
      const first = Array.from({ length: Math.min(this.signBatchSize, created.partCount) }, (_, i) => i + 1);
      run.signing = this.signBatch(run, created, first)
        .catch(() => undefined) // each part asks again (with retries) for a URL it lacks
        .finally(() => {
          run.signing = null;
        });
      const stored = await this.store.update(run.jobId, (current) =>
        current.state === 'cancelled'
          ? undefined
          : {
              ...current,
              fileId: created.fileId,
              shareId: created.shareId,
              shareUrl: created.shareUrl,
              ownerToken: created.ownerToken,
              partSize: created.partSize,
              partCount: created.partCount,
              parts: [],
              bytesDone: 0,
              updatedAt: this.now(),
            },
      );
      if (stored === undefined || stored.fileId !== created.fileId) {
        await this.api.abortUpload(created.fileId, created.ownerToken).catch(() => undefined);
        throw abortError();
      }
      job = stored;
      await this.store.putOwnedFile({
        shareId: created.shareId,
        ownerToken: created.ownerToken,
        fileId: created.fileId,
        name: job.name,
        createdAt: job.createdAt,
      });
      this.emit({ type: 'upload:state', job: summarizeJob(job) });
    }

    const { fileId, ownerToken, partSize, partCount } = job;
    if (fileId === null || ownerToken === null || partSize === null || partCount === null) {
      throw localFailure('upload_incomplete', 'The stored upload is incomplete; please upload the file again.');
    }
    if (resuming && job.parts.length < partCount) {
      job = await this.adoptStoredParts(run, job, { fileId, ownerToken, partSize, partCount });
    }
    run.meter.add(this.now(), job.bytesDone);
    if (!(await this.progressHeldBack(job))) this.emitProgress(run, job);
    else this.showProgressOnceCopied(run);

    const finished = new Set(job.parts.map((part) => part.partNumber));
    const pending: number[] = [];
    for (let n = 1; n <= partCount; n += 1) if (!finished.has(n)) pending.push(n);
    const queue = [...pending];
    const plan: PartPlanOfRun = {
      fileId,
      ownerToken,
      partSize,
      partCount,
      size: job.size,
      bytes,
      pending,
      records: [],
    };

    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        await this.sendPart(run, plan, n);
      }
    };
    const workers = Array.from({ length: Math.max(1, Math.min(this.partsInFlight, queue.length)) }, worker);
    // One failed part stops the others: the job is failed or stopped as a whole.
    await Promise.all(
      workers.map((w) =>
        w.catch((error: unknown) => {
          if (!run.signal.aborted) run.controller.abort(new PartFailure(error));
          throw error;
        }),
      ),
    );

    await Promise.all(plan.records);
    const beforeComplete = await this.store.get(run.jobId);
    if (beforeComplete === undefined || beforeComplete.state === 'cancelled') throw abortError();
    const parts = [...beforeComplete.parts].sort((a, b) => a.partNumber - b.partNumber);
    if (parts.length !== partCount) {
      throw localFailure('upload_incomplete', 'Some parts of the file were not sent; please try again.');
    }
    const file = await this.retrying(run, () => this.api.completeUpload(fileId, ownerToken, parts, run.signal));
    const done = await this.store.update(
      run.jobId,
      (current) =>
        current.state === 'cancelled'
          ? undefined
          : { ...current, state: 'done', failure: null, file, bytesDone: current.size, updatedAt: this.now() },
      { dropBytes: true },
    );
    if (done === undefined || done.state !== 'done') throw abortError();
    this.handed.delete(run.jobId);
    this.emitProgress(run, done);
    this.emit({ type: 'upload:state', job: summarizeJob(done) });
  }

  /**
   * Takes over the parts the bucket finished but this device never recorded: a part whose last
   * bytes arrived as the browser was killed. Without this they would be sent again (and R2 replaces
   * a part sent twice, losing it if the second copy is cut off). Only parts of the expected size.
   */
  private async adoptStoredParts(
    run: Run,
    job: UploadJobRecord,
    plan: { fileId: string; ownerToken: string; partSize: number; partCount: number },
  ): Promise<UploadJobRecord> {
    const stored = await this.retrying(run, () => this.api.listParts(plan.fileId, plan.ownerToken, run.signal));
    const expectedSize = (n: number) =>
      n < plan.partCount ? plan.partSize : job.size - plan.partSize * (plan.partCount - 1);
    const known = new Set(job.parts.map((part) => part.partNumber));
    const adopted = stored.filter(
      (part) =>
        !known.has(part.partNumber) &&
        part.partNumber >= 1 &&
        part.partNumber <= plan.partCount &&
        part.size === expectedSize(part.partNumber),
    );
    if (adopted.length === 0) return job;
    const updated = await this.store.update(run.jobId, (current) => {
      if (current.state === 'cancelled') return undefined;
      const have = new Set(current.parts.map((part) => part.partNumber));
      const added = adopted.filter((part) => !have.has(part.partNumber));
      return {
        ...current,
        parts: [...current.parts, ...added.map(({ partNumber, etag }) => ({ partNumber, etag }))],
        bytesDone: current.bytesDone + added.reduce((sum, part) => sum + part.size, 0),
        updatedAt: this.now(),
      };
    });
    if (updated === undefined) throw abortError();
    return updated;
  }

  /** The server no longer has the multipart upload: drop what was sent and create a new one. */
  private async startOver(job: UploadJobRecord, run: Run): Promise<UploadJobRecord> {
    if (job.fileId !== null && job.ownerToken !== null) {
      await this.api.abortUpload(job.fileId, job.ownerToken, run.signal).catch(() => undefined);
    }
    if (job.shareId !== null) await this.store.deleteOwnedFile(job.shareId);
    const reset = await this.store.update(run.jobId, (current) => ({
      ...current,
      ...notStartedOnServer(),
      restartOnRetry: false,
      updatedAt: this.now(),
    }));
    if (reset === undefined) throw abortError();
    return reset;
  }

  private emitProgress(run: Run, job: UploadJobRecord): void {
    this.emit({
      type: 'upload:progress',
      jobId: job.id,
      bytesDone: job.bytesDone,
      size: job.size,
      bytesPerSecond: run.meter.bytesPerSecond(),
      etaSeconds: run.meter.etaSeconds(job.size - job.bytesDone),
    });
  }

  private async sendPart(run: Run, plan: PartPlanOfRun, partNumber: number): Promise<void> {
    const { start, end } = partRange(plan, plan.size, partNumber);
    const length = end - start;
    const etag = await this.retrying(run, async () => {
      const url = await this.partUrl(run, plan, partNumber);
      let response: Response;
      try {
        response = await this.fetch(url, {
          method: 'PUT',
          body: await plan.bytes.read(start, end),
          signal: run.signal,
        });
      } catch (error) {
        if (run.signal.aborted) throw error;
        throw new ApiError(
          'network',
          0,
          'network',
          `Part ${partNumber} got no answer from the storage.`,
          undefined,
          undefined,
          {
            cause: error,
          },
        );
      }
      if (response.ok) {
        await response.body?.cancel();
        const value = response.headers.get('ETag');
        if (value === null || value === '') {
          throw new ApiError(
            'server',
            response.status,
            'etag_missing',
            'The storage did not return an ETag; its CORS rules must expose the ETag header.',
          );
        }
        return value;
      }
      // Most often a 403 means the presigned URL expired (S3: 'Request has expired'): sign it again.
      if (response.status === 403) run.urls.delete(partNumber);
      throw partRefused(partNumber, response.status, await response.text().catch(() => ''));
    });
    // The lane goes on to its next part while the ETag is written: waiting for IndexedDB left every
    // lane idle for tens of ms after each part. A browser killed in between loses only this record,
    // and the next runner takes the part over from the bucket (adoptStoredParts), not sending it again.
    const recorded = this.recordPart(run, { partNumber, etag }, length).catch((error: unknown) => {
      if (!run.signal.aborted) run.controller.abort(new PartFailure(error));
      throw error;
    });
    recorded.catch(() => undefined); // awaited before the complete call; a failure stops the run at once
    plan.records.push(recorded);
  }

  private async recordPart(run: Run, part: FinishedPart, length: number): Promise<void> {
    const job = await this.store.updatePart(run.jobId, part, length, this.now());
    if (job === undefined || job.state === 'cancelled') {
      run.controller.abort();
      throw abortError();
    }
    run.meter.add(this.now(), job.bytesDone);
    if (!(await this.progressHeldBack(job))) this.emitProgress(run, job);
  }

  /**
   * Shows the job's progress as soon as the page's copy of its bytes has met the upload (its writer
   * lets go of the copy's lock), not only when the next part finishes: on a slow link that is
   * seconds later.
   */
  private showProgressOnceCopied(run: Run): void {
    void whileCopyLocked(run.jobId, 'shared', () => Promise.resolve())
      .then(async () => {
        const job = await this.store.get(run.jobId);
        if (job === undefined || run.signal.aborted || job.state !== 'uploading') return;
        if (!(await this.progressHeldBack(job))) this.emitProgress(run, job);
      })
      .catch(() => undefined);
  }

  /**
   * Whether the job's progress must wait for the page's copy of its bytes to meet the upload
   * (`holdsBackProgress`). A copy whose page died meanwhile never will: it is given up, and the
   * progress shows.
   */
  private async progressHeldBack(job: UploadJobRecord): Promise<boolean> {
    if (!holdsBackProgress(job.copy, firstNeededByte(job))) return false;
    if (await copyWriterAlive(job.id)) return true;
    await this.store.update(job.id, (current) =>
      current.copy?.writing === true ? { ...current, copy: { ...current.copy, writing: false } } : undefined,
    );
    return false;
  }

  /** A valid URL for the part, signing it together with the next parts that have none. */
  private async partUrl(
    run: Run,
    plan: { fileId: string; ownerToken: string; pending: number[] },
    partNumber: number,
  ): Promise<string> {
    for (;;) {
      const cached = run.urls.get(partNumber);
      if (cached !== undefined && cached.validUntil > this.now()) {
        this.signAhead(run, plan, partNumber);
        return cached.url;
      }
      if (run.signing !== null) {
        await run.signing;
        continue;
      }
      const batch = [partNumber];
      for (const n of plan.pending) {
        if (batch.length >= this.signBatchSize) break;
        const known = run.urls.get(n);
        if (n > partNumber && (known === undefined || known.validUntil <= this.now())) batch.push(n);
      }
      run.signing = this.signBatch(run, plan, batch).finally(() => {
        run.signing = null;
      });
      await run.signing;
      if (!run.urls.has(partNumber)) {
        throw new ApiError('server', 200, 'unexpected_answer', `The API gave no upload link for part ${partNumber}.`, {
          status: 200,
        });
      }
    }
  }

  /**
   * Signs the next batch in the background once fewer than two rounds of parts ahead of
   * `partNumber` have a URL: the lanes then never stop together to wait for a signing call. A
   * failure here is left to the lane that needs the URL, which signs it again with retries.
   */
  private signAhead(run: Run, plan: { fileId: string; ownerToken: string; pending: number[] }, partNumber: number) {
    if (run.signing !== null) return;
    const now = this.now();
    let signed = 0;
    const batch: number[] = [];
    for (const n of plan.pending) {
      if (n <= partNumber) continue;
      const known = run.urls.get(n);
      if (known !== undefined && known.validUntil > now) signed += 1;
      else batch.push(n);
      if (batch.length >= this.signBatchSize) break;
    }
    if (batch.length === 0 || signed >= this.partsInFlight * 2) return;
    run.signing = this.signBatch(run, plan, batch)
      .catch(() => undefined)
      .finally(() => {
        run.signing = null;
      });
  }

  private async signBatch(run: Run, plan: { fileId: string; ownerToken: string }, batch: number[]): Promise<void> {
    const { urls, expiresInSeconds } = await this.api.signParts(plan.fileId, plan.ownerToken, batch, run.signal);
    const ttlMs = (expiresInSeconds || PART_URL_TTL_SECONDS) * 1000;
    const validUntil = this.now() + Math.max(ttlMs - this.urlExpiryMarginMs, ttlMs / 2);
    for (const { partNumber: n, url } of urls) run.urls.set(n, { url, validUntil });
  }

  /**
   * Runs `attempt` until it succeeds: transient failures are retried after RETRY_DELAYS_MS; a lost
   * network, or a server that stays unavailable (502/503/504: down or restarting), pauses the job
   * until it answers again and then starts the retries afresh; anything else (the API refusing the
   * request) is thrown and fails the job.
   */
  private async retrying<T>(run: Run, attempt: () => Promise<T>): Promise<T> {
    let failures = 0;
    for (;;) {
      if (run.signal.aborted) throw abortError();
      if (!this.isOnline()) {
        await this.waitForNetwork(run);
        failures = 0;
        continue;
      }
      try {
        return await attempt();
      } catch (error) {
        if (run.signal.aborted) throw abortError();
        if (!isTransient(error)) throw error;
        const network = error instanceof ApiError && error.kind === 'network';
        const delay = this.retryDelaysMs[failures];
        failures += 1;
        if (delay === undefined) {
          if (!network && !meansUnavailable(error)) throw error;
          await this.waitForNetwork(run);
          failures = 0;
          continue;
        }
        await this.sleep(delay, run.signal);
      }
    }
  }

  /** Marks the job paused until the network seems back; all parts of the job share one wait. */
  private waitForNetwork(run: Run): Promise<void> {
    run.offline ??= (async () => {
      await this.setState(run, 'paused');
      do {
        await Promise.race([this.sleep(this.offlineRecheckMs, run.signal), this.woken]);
        if (run.signal.aborted) throw abortError();
      } while (!this.isOnline());
      await this.setState(run, 'uploading');
    })().finally(() => {
      run.offline = null;
    });
    return run.offline;
  }
}
