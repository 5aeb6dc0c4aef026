// The progress one run reports to the pages: bytes done, speed and time left, once per finished
// part. Held back while the page's copy of the bytes has not met the upload (`holdsBackProgress`),
// so that from the first progress on a browser killed at any moment loses nothing. A run whose
// parts stop finishing is reported as stalled, so that no time-left estimate stays frozen on screen.

import { copyWriterAlive, holdsBackProgress, whileCopyLocked } from './device-copy/copy-state';
import { firstNeededByte, type UploadJobRecord } from './job-record';
import type { UploadEvent } from './protocol';
import { SpeedMeter } from './speed-meter';
import type { UploadStore } from './store';

export interface RunProgressOptions {
  store: UploadStore;
  emit: (event: UploadEvent) => void;
  now: () => number;
  speedWindowMs: number;
  partsInFlight: number;
  stallMs: number;
}

/**
 * How many times longer than the parts in flight should take at the measured speed a run may go
 * without a part finishing before it counts as stalled (default 1.5): a part a little slower than
 * the others is not a stall, while a connection that hangs shows within seconds on a fast link.
 */
const STALL_FACTOR = 1.5;

/** setTimeout's longest delay (2^31 - 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

export class RunProgress {
  private readonly meter: SpeedMeter;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `signal`: the run's; no progress is shown for a run that stopped. `onStall`: called when no
   * part has finished for longer than the parts in flight should take (see `watch`).
   */
  constructor(
    private readonly options: RunProgressOptions,
    private readonly jobId: string,
    private readonly signal: AbortSignal,
    private readonly onStall: () => void,
  ) {
    this.meter = new SpeedMeter(options.speedWindowMs);
    signal.addEventListener('abort', () => this.idle(), { once: true });
  }

  /** The run begins: shows where the job stands, now or as soon as the copy meets the upload. */
  async begin(job: UploadJobRecord): Promise<void> {
    this.meter.add(this.options.now(), job.bytesDone);
    this.watch(job);
    if (!(await this.heldBack(job))) this.show(job);
    else this.showOnceCopied();
  }

  /** A part was recorded: `job` as it stands now. */
  async partDone(job: UploadJobRecord): Promise<void> {
    this.meter.add(this.options.now(), job.bytesDone);
    this.watch(job);
    if (!(await this.heldBack(job))) this.show(job);
  }

  /** No part is in flight any more: nothing can stall. */
  idle(): void {
    clearTimeout(this.stallTimer);
  }

  /**
   * Starts the stall watch over: the next part should finish within the time the parts in flight
   * take at the measured speed (STALL_FACTOR of it, at least `stallMs`). fetch reports no bytes
   * while a part is on its way, so a part that finishes is the only sign of progress. Before the
   * speed is known there is no time-left estimate to freeze, and no expectation: nothing is watched.
   */
  private watch(job: UploadJobRecord): void {
    this.idle();
    const rate = this.meter.bytesPerSecond();
    if (this.signal.aborted || job.partSize === null || rate === null || rate <= 0 || job.bytesDone >= job.size) {
      return;
    }
    const inFlight = Math.min(this.options.partsInFlight, Math.ceil((job.size - job.bytesDone) / job.partSize));
    const expectedMs = (inFlight * job.partSize * 1000) / rate;
    const stallMs = Math.max(this.options.stallMs, STALL_FACTOR * expectedMs);
    this.stallTimer = setTimeout(this.onStall, Math.min(stallMs, MAX_TIMER_MS));
  }

  show(job: UploadJobRecord): void {
    this.options.emit({
      type: 'upload:progress',
      jobId: job.id,
      bytesDone: job.bytesDone,
      size: job.size,
      bytesPerSecond: this.meter.bytesPerSecond(),
      etaSeconds: this.meter.etaSeconds(job.size - job.bytesDone),
    });
  }

  /**
   * Shows the job's progress as soon as the page's copy of its bytes has met the upload (its writer
   * lets go of the copy's lock), not only when the next part finishes: on a slow link that is
   * seconds later.
   */
  private showOnceCopied(): void {
    void whileCopyLocked(this.jobId, 'shared', () => Promise.resolve())
      .then(async () => {
        const job = await this.options.store.get(this.jobId);
        if (job === undefined || this.signal.aborted || job.state !== 'uploading') return;
        if (!(await this.heldBack(job))) this.show(job);
      })
      .catch(() => undefined);
  }

  /**
   * Whether the job's progress must wait for the page's copy of its bytes to meet the upload. A
   * copy whose page died meanwhile never will: it is given up, and the progress shows.
   */
  private async heldBack(job: UploadJobRecord): Promise<boolean> {
    if (!holdsBackProgress(job.copy, firstNeededByte(job))) return false;
    if (await copyWriterAlive(job.id)) return true;
    await this.options.store.update(job.id, (current) =>
      current.copy?.writing === true ? { ...current, copy: { ...current.copy, writing: false } } : undefined,
    );
    return false;
  }
}
