// The queue of one runner: takes the unfinished jobs of the store one after another, each under a
// lease (a claim in its record, renewed while the run lasts) so that runners in other contexts (a
// second tab, the next worker instance) keep off it, and looks again when a lease it met runs out.

import type { JobRun } from './job-run';
import { UNFINISHED_STATES } from './protocol';
import type { WakeSignal } from './retry';
import type { UploadStore } from './store';

export interface JobQueueOptions {
  store: UploadStore;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How long a lease lasts unrenewed (renewed every third of it). */
  leaseMs: number;
  /** Names this runner in the leases. */
  runnerId: string;
  /** The engine's: a wait for a lease to run out ends early at its `wake()`. */
  wake: WakeSignal;
  /** A run of the job, not yet begun. */
  newRun: (jobId: string) => JobRun;
}

export class JobQueue {
  /** Jobs this runner works on now: the in-memory half of the one-runner-per-job guard. */
  private readonly active = new Map<string, { run: JobRun; done: Promise<void> }>();
  private pump: Promise<void> | null = null;
  private rescan = false;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set by `resumeAll({ waitForHeldJobs })` until the pump ends. */
  private waitForHeldJobs = false;
  /** Ends the pump's wait for a lease when the runner stops. */
  private pumpWait = new AbortController();

  constructor(private readonly options: JobQueueOptions) {}

  /** See UploadEngine's `resumeAll`. */
  resumeAll(options: { waitForHeldJobs?: boolean } = {}): Promise<void> {
    this.stopped = false;
    if (options.waitForHeldJobs === true) this.waitForHeldJobs = true;
    this.options.wake.wake();
    this.rescan = true;
    this.pump ??= this.runPump().finally(() => {
      this.pump = null;
      this.waitForHeldJobs = false;
    });
    return this.pump;
  }

  /** True while this runner has a job in hand or is about to look for one. */
  get busy(): boolean {
    return this.pump !== null || this.active.size > 0;
  }

  /** Stops every run where it is (the jobs stay resumable) and waits for them to give up their leases. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pumpWait.abort();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const entries = [...this.active.values()];
    for (const { run } of entries) run.stop();
    await Promise.allSettled(entries.map(({ done }) => done));
    await this.pump?.catch(() => undefined);
  }

  /** Stops this runner's run of the job, if it has one, and waits for it to end. */
  async stopRun(jobId: string): Promise<void> {
    const entry = this.active.get(jobId);
    entry?.run.stop();
    await entry?.done.catch(() => undefined);
  }

  private async runPump(): Promise<void> {
    let blockedUntil = Infinity;
    while (this.rescan && !this.stopped) {
      this.rescan = false;
      blockedUntil = Infinity;
      const jobs = await this.options.store.list();
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
        Math.max(0, blockedUntil - this.options.now()) + 100,
      );
    }
  }

  /** Sleeps until `leaseEnd` (and a little more), or until woken or stopped. */
  private async waitForLeaseEnd(leaseEnd: number): Promise<void> {
    const wait = (this.pumpWait = new AbortController());
    const nap = this.options.sleep(Math.max(0, leaseEnd - this.options.now()) + 100, wait.signal);
    await Promise.race([nap, this.options.wake.next]).catch(() => undefined);
    // Woken first: end the nap's timer too, so no wait outlives the one that made it.
    wait.abort();
  }

  /** Runs one job if this runner can take it; resolves to the other runner's lease end otherwise. */
  private async runJob(jobId: string): Promise<number | undefined> {
    const { store, runnerId, now, leaseMs } = this.options;
    const run = this.options.newRun(jobId);
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    this.active.set(jobId, { run, done });
    let renewTimer: ReturnType<typeof setInterval> | undefined;
    try {
      const job = await store.acquireLease(jobId, runnerId, now(), leaseMs);
      if (job === undefined) return (await store.get(jobId))?.leaseUntil;
      if (!UNFINISHED_STATES.has(job.state)) return undefined;
      renewTimer = setInterval(() => void this.renewLease(run), leaseMs / 3);
      await run.run(job);
    } catch (error) {
      await run.fail(error);
    } finally {
      clearInterval(renewTimer);
      await this.releaseLease(jobId).catch(() => undefined);
      this.active.delete(jobId);
      finish();
    }
    return undefined;
  }

  private async renewLease(run: JobRun): Promise<void> {
    const { store, runnerId, now, leaseMs } = this.options;
    const job = await store.acquireLease(run.jobId, runnerId, now(), leaseMs).catch(() => undefined);
    // Lost the job (another runner took it after we stalled past the lease) or it was cancelled.
    if (job === undefined || job.state === 'cancelled') run.stop();
  }

  private async releaseLease(jobId: string): Promise<void> {
    const { store, runnerId } = this.options;
    await store.update(jobId, (job) =>
      job.leaseOwner === runnerId ? { ...job, leaseOwner: null, leaseUntil: 0 } : undefined,
    );
  }
}
