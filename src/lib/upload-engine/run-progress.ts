// The progress one run reports to the pages: bytes done, speed and time left, once per finished
// part. Held back while the page's copy of the bytes has not met the upload (`holdsBackProgress`),
// so that from the first progress on a browser killed at any moment loses nothing.

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
}

export class RunProgress {
  private readonly meter: SpeedMeter;

  /** `signal`: the run's; no progress is shown for a run that stopped. */
  constructor(
    private readonly options: RunProgressOptions,
    private readonly jobId: string,
    private readonly signal: AbortSignal,
  ) {
    this.meter = new SpeedMeter(options.speedWindowMs);
  }

  /** The run begins: shows where the job stands, now or as soon as the copy meets the upload. */
  async begin(job: UploadJobRecord): Promise<void> {
    this.meter.add(this.options.now(), job.bytesDone);
    if (!(await this.heldBack(job))) this.show(job);
    else this.showOnceCopied();
  }

  /** A part was recorded: `job` as it stands now. */
  async partDone(job: UploadJobRecord): Promise<void> {
    this.meter.add(this.options.now(), job.bytesDone);
    if (!(await this.heldBack(job))) this.show(job);
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
