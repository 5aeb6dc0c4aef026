// One job's run: creates its upload on the server (or goes on with the one it has), sends the
// parts a few at a time, records each part's ETag as soon as the bucket gives it, and completes
// the upload. Everything it learns is written to the store at once, because the context running
// it may be killed at any moment; the next run goes on from there.

import type { FinishedPart } from '@domain/api-types';
import { ApiError } from '@/lib/api/client';
import { failureOf, localFailure } from '@/lib/api/failure';
import type { UploadApi } from './api';
import { wholeBlob, type StoredBytes } from './device-copy/stored-bytes';
import { firstNeededByte, notStartedOnServer, summarizeJob, type UploadJobRecord } from './job-record';
import { partSealer, partSpan, refuseUsedFileId, storedSizeOf, withoutSecrets, type PartSealer } from './part-cipher';
import { putPart } from './part-put';
import { PartUrls } from './part-urls';
import type { UploadEvent } from './protocol';
import { abortError, meansStartOver, RunRetries, type RetryPolicy } from './retry';
import { RunProgress } from './run-progress';
import type { UploadStore } from './store';
import { transferFor } from './transfer-create';

/** What a run needs of its engine: the engine's options, their defaults applied. */
export interface RunContext {
  api: UploadApi;
  store: UploadStore;
  emit: (event: UploadEvent) => void;
  now: () => number;
  fetch: typeof fetch;
  partsInFlight: number;
  signBatchSize: number;
  urlExpiryMarginMs: number;
  speedWindowMs: number;
  stallMs: number;
  retry: RetryPolicy;
  /** Bytes the page handed over with jobs it just queued, by job id (UploadEngine's `offer`). */
  handed: Map<string, Blob>;
}

/** Why a run was stopped when one of its parts failed for good (the other parts stop with it). */
class PartFailure {
  constructor(readonly error: unknown) {}
}

/** The multipart upload on the server that a run sends its parts to. */
interface ServerUpload {
  fileId: string;
  shareId: string;
  ownerToken: string;
  partSize: number;
  partCount: number;
}

/** What the lanes of one run share: the upload, the bytes, the parts left to send and their URLs. */
interface PartPlan {
  upload: ServerUpload;
  job: UploadJobRecord;
  bytes: StoredBytes;
  seal: PartSealer;
  pending: number[];
  urls: PartUrls;
  /** The writes of finished parts' ETags, each begun as its part finished. */
  records: Promise<void>[];
  /** Bodies read and sealed ahead of their lane (see `sendPart`), by part number. */
  ahead: Map<number, Promise<Blob>>;
}

export class JobRun {
  private readonly controller = new AbortController();
  private readonly progress: RunProgress;
  private readonly retries: RunRetries;

  constructor(
    private readonly ctx: RunContext,
    readonly jobId: string,
  ) {
    this.retries = new RunRetries(ctx.retry, this.signal, (paused) => this.setState(paused ? 'paused' : 'uploading'));
    this.progress = new RunProgress(ctx, jobId, this.signal, () => this.retries.stalled());
  }

  private get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops the run where it is; the job stays as stored, to be resumed. */
  stop(): void {
    this.controller.abort();
  }

  /**
   * Sends the job (which this runner holds) until it is done. Throws when it fails or is stopped;
   * `fail` then records why.
   */
  async run(initial: UploadJobRecord): Promise<void> {
    const { store } = this.ctx;
    let job = initial;
    if (job.restartOnRetry) job = await this.startOver(job);
    // A job that already has its upload on the server was cut off earlier (a crash, a closed tab).
    const resuming = job.fileId !== null;
    job = await this.setState('uploading');
    // Reading the stored copy waits for it, while the page is still writing it.
    const handed = this.ctx.handed.get(this.jobId);
    const bytes = handed === undefined ? await store.getBytes(this.jobId) : wholeBlob(handed);
    if (bytes === undefined || bytes.from > firstNeededByte(job)) {
      throw localFailure('file_missing', 'The file is no longer stored on this device.');
    }
    let urls: PartUrls | undefined;
    if (job.fileId === null) ({ job, urls } = await this.create(job));
    const upload = serverUploadOf(job);
    if (resuming && job.parts.length < upload.partCount) job = await this.adoptStoredParts(job, upload);
    await this.progress.begin(job);

    const finished = new Set(job.parts.map((part) => part.partNumber));
    const pending: number[] = [];
    for (let n = 1; n <= upload.partCount; n += 1) if (!finished.has(n)) pending.push(n);
    urls ??= this.partUrls(upload);
    const seal = await partSealer(job, upload, upload.shareId);
    await this.sendParts({ upload, job, bytes, seal, pending, urls, records: [], ahead: new Map() }).finally(() =>
      this.progress.idle(),
    );
    await this.complete(upload);
  }

  /** Records why the run ended, unless it was stopped (then the job stays as it is, to be resumed). */
  async fail(error: unknown): Promise<void> {
    const reason: unknown = this.signal.reason;
    if (reason instanceof PartFailure) error = reason.error;
    else if (this.signal.aborted) return;
    const job = await this.ctx.store.update(this.jobId, (current) =>
      current.state === 'cancelled'
        ? undefined
        : {
            ...current,
            state: 'failed',
            // The code and params, not a sentence: each page says it in its own language.
            failure: failureOf(error),
            restartOnRetry: meansStartOver(error),
            updatedAt: this.ctx.now(),
          },
    );
    if (job !== undefined && job.state === 'failed') this.ctx.emit({ type: 'upload:state', job: summarizeJob(job) });
  }

  private partUrls(upload: ServerUpload): PartUrls {
    const { api, signBatchSize, partsInFlight, urlExpiryMarginMs, now } = this.ctx;
    return new PartUrls({
      api,
      upload,
      batchSize: signBatchSize,
      // Two rounds of parts ahead: the lanes never stop together to wait for a signing call.
      lookAhead: partsInFlight * 2,
      expiryMarginMs: urlExpiryMarginMs,
      now,
      signal: this.signal,
    });
  }

  /**
   * Creates the upload on the server (in its transfer, which the first file of a batch creates) and
   * records it, and its owner record, on the device.
   */
  private async create(job: UploadJobRecord): Promise<{ job: UploadJobRecord; urls: PartUrls }> {
    const { api, store, now } = this.ctx;
    const retrying = <T>(call: () => Promise<T>) => this.retries.retrying(call);
    const transfer = job.transfer === undefined ? undefined : await transferFor(job, this.ctx, retrying, this.signal);
    const created = await retrying(() =>
      api.createUpload(
        // The job's id names the file in its transfer: a runner that takes the job after one that
        // died awaiting this answer is handed the same upload, not a second one.
        {
          name: job.name,
          size: storedSizeOf(job),
          type: job.type,
          transfer,
          path: job.transfer?.path,
          ...(transfer === undefined ? {} : { uploadKey: job.id }),
        },
        this.signal,
      ),
    );
    await refuseUsedFileId(job, created.shareId, store).catch(async (error: unknown) => {
      await api.abortUpload(created.fileId, created.ownerToken).catch(() => undefined);
      throw error;
    });
    // The first parts' URLs are asked for while the new upload is recorded on this device.
    const urls = this.partUrls(created);
    urls.prefetch(created.partCount);
    const stored = await store.update(this.jobId, (current) =>
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
            updatedAt: now(),
          },
    );
    if (stored === undefined || stored.fileId !== created.fileId) {
      await api.abortUpload(created.fileId, created.ownerToken).catch(() => undefined);
      throw abortError();
    }
    await store.putOwnedFile({
      shareId: created.shareId,
      ownerToken: created.ownerToken,
      fileId: created.fileId,
      name: stored.name,
      createdAt: stored.createdAt,
      ...(stored.transfer === undefined ? {} : { transferId: stored.transfer.id }),
    });
    this.ctx.emit({ type: 'upload:state', job: summarizeJob(stored) });
    return { job: stored, urls };
  }

  /** The lanes: a few parts in flight at once; one failed part stops the others. */
  private async sendParts(plan: PartPlan): Promise<void> {
    const queue = [...plan.pending];
    const lane = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await this.sendPart(plan, n, queue);
    };
    const lanes = Array.from({ length: Math.max(1, Math.min(this.ctx.partsInFlight, queue.length)) }, lane);
    // The job is failed or stopped as a whole.
    await Promise.all(
      lanes.map((running) =>
        running.catch((error: unknown) => {
          if (!this.signal.aborted) this.controller.abort(new PartFailure(error));
          throw error;
        }),
      ),
    );
    await Promise.all(plan.records);
  }

  /** Part `partNumber`'s body: read from the bytes and sealed. */
  private readPart(plan: PartPlan, partNumber: number): Promise<Blob> {
    const { start, end } = partSpan(plan.job, plan.upload, partNumber);
    // Sealing reads the bytes, so its failures are the read's.
    return plan.bytes
      .read(start, end)
      .then((plaintext) => plan.seal(partNumber, plaintext))
      .catch((error: unknown) => {
        // A copy that is lost fails the job: no retry and no wait for the network brings it back.
        if (failureOf(error).code === 'file_missing') throw error;
        throw new ApiError('network', 0, 'network', `Part ${partNumber} could not be read.`, undefined, undefined, {
          cause: error,
        });
      });
  }

  /** Reads and seals the next part a lane will take while this one is sent, so no lane waits for it. */
  private readAhead(plan: PartPlan, queue: readonly number[]): void {
    const next = queue[0];
    if (next === undefined || plan.ahead.has(next)) return;
    const body = this.readPart(plan, next);
    body.catch(() => undefined); // taken by the lane that sends the part, which sees its failure
    plan.ahead.set(next, body);
  }

  /** Sends part `partNumber`; `queue`: the parts no lane has taken yet, in order. */
  private async sendPart(plan: PartPlan, partNumber: number, queue: readonly number[]): Promise<void> {
    const { start, end } = partSpan(plan.job, plan.upload, partNumber);
    const etag = await this.retries.retrying(async () => {
      const url = await plan.urls.get(partNumber, plan.pending);
      const ahead = plan.ahead.get(partNumber);
      plan.ahead.delete(partNumber);
      const body = await (ahead ?? this.readPart(plan, partNumber));
      this.readAhead(plan, queue);
      return putPart(this.ctx.fetch, url, partNumber, body, this.signal).catch((error: unknown) => {
        // Most often a 403 means the presigned URL expired (S3: 'Request has expired'): sign it again.
        if (error instanceof ApiError && error.code === 'part_refused' && error.status === 403) {
          plan.urls.forget(partNumber);
        }
        throw error;
      });
    });
    // The lane goes on to its next part while the ETag is written: waiting for IndexedDB left every
    // lane idle for tens of ms after each part. A browser killed in between loses only this record,
    // and the next runner takes the part over from the bucket (adoptStoredParts), not sending it again.
    const recorded = this.recordPart({ partNumber, etag }, end - start).catch((error: unknown) => {
      if (!this.signal.aborted) this.controller.abort(new PartFailure(error));
      throw error;
    });
    recorded.catch(() => undefined); // awaited before the complete call; a failure stops the run at once
    plan.records.push(recorded);
  }

  private async recordPart(part: FinishedPart, length: number): Promise<void> {
    const job = await this.ctx.store.updatePart(this.jobId, part, length, this.ctx.now());
    if (job === undefined || job.state === 'cancelled') {
      this.controller.abort();
      throw abortError();
    }
    await this.progress.partDone(job);
  }

  private async complete(upload: ServerUpload): Promise<void> {
    const { api, store, now } = this.ctx;
    const beforeComplete = await store.get(this.jobId);
    if (beforeComplete === undefined || beforeComplete.state === 'cancelled') throw abortError();
    const parts = [...beforeComplete.parts].sort((a, b) => a.partNumber - b.partNumber);
    if (parts.length !== upload.partCount) {
      throw localFailure('upload_incomplete', 'Some parts of the file were not sent; please try again.');
    }
    const file = await this.retries.retrying(() =>
      api.completeUpload(upload.fileId, upload.ownerToken, parts, this.signal),
    );
    const done = await store.update(
      this.jobId,
      (current) =>
        current.state === 'cancelled'
          ? undefined
          : {
              ...withoutSecrets(current),
              state: 'done',
              failure: null,
              file,
              bytesDone: current.size,
              updatedAt: now(),
            },
      { dropBytes: true },
    );
    if (done === undefined || done.state !== 'done') throw abortError();
    this.ctx.handed.delete(this.jobId);
    this.progress.show(done);
    this.ctx.emit({ type: 'upload:state', job: summarizeJob(done) });
  }

  /**
   * Takes over the parts the bucket finished but this device never recorded: a part whose last
   * bytes arrived as the browser was killed. Without this they would be sent again (and R2 replaces
   * a part sent twice, losing it if the second copy is cut off). Only parts of the expected size.
   */
  private async adoptStoredParts(job: UploadJobRecord, upload: ServerUpload): Promise<UploadJobRecord> {
    const { api, store, now } = this.ctx;
    const stored = await this.retries.retrying(() => api.listParts(upload.fileId, upload.ownerToken, this.signal));
    const span = (n: number) => partSpan(job, upload, n);
    const known = new Set(job.parts.map((part) => part.partNumber));
    const adopted = stored.filter(
      (part) =>
        !known.has(part.partNumber) &&
        part.partNumber >= 1 &&
        part.partNumber <= upload.partCount &&
        part.size === span(part.partNumber).stored,
    );
    if (adopted.length === 0) return job;
    const updated = await store.update(this.jobId, (current) => {
      if (current.state === 'cancelled') return undefined;
      const have = new Set(current.parts.map((part) => part.partNumber));
      const added = adopted.filter((part) => !have.has(part.partNumber));
      return {
        ...current,
        parts: [...current.parts, ...added.map(({ partNumber, etag }) => ({ partNumber, etag }))],
        bytesDone: current.bytesDone + added.reduce((sum, { partNumber: n }) => sum + span(n).end - span(n).start, 0),
        updatedAt: now(),
      };
    });
    if (updated === undefined) throw abortError();
    return updated;
  }

  /** The server no longer has the multipart upload: drop what was sent and create a new one. */
  private async startOver(job: UploadJobRecord): Promise<UploadJobRecord> {
    const { api, store, now } = this.ctx;
    if (job.fileId !== null && job.ownerToken !== null) {
      await api.abortUpload(job.fileId, job.ownerToken, this.signal).catch(() => undefined);
    }
    if (job.shareId !== null) await store.deleteOwnedFile(job.shareId);
    const reset = await store.update(this.jobId, (current) => ({
      ...current,
      ...notStartedOnServer(),
      restartOnRetry: false,
      updatedAt: now(),
    }));
    if (reset === undefined) throw abortError();
    return reset;
  }

  /** Writes a state change and tells the pages; stops the run when the job was cancelled meanwhile. */
  private async setState(state: UploadJobRecord['state']): Promise<UploadJobRecord> {
    let cancelled = false;
    const job = await this.ctx.store.update(this.jobId, (current) => {
      if (current.state === 'cancelled') {
        cancelled = true;
        return undefined;
      }
      return { ...current, state, failure: null, updatedAt: this.ctx.now() };
    });
    if (job === undefined || cancelled) {
      this.controller.abort();
      throw abortError();
    }
    this.ctx.emit({ type: 'upload:state', job: summarizeJob(job) });
    return job;
  }
}

/** The job's upload on the server, as its record holds it. */
function serverUploadOf(job: UploadJobRecord): ServerUpload {
  const { fileId, shareId, ownerToken, partSize, partCount } = job;
  if (fileId === null || shareId === null || ownerToken === null || partSize === null || partCount === null) {
    throw localFailure('upload_incomplete', 'The stored upload is incomplete; please upload the file again.');
  }
  return { fileId, shareId, ownerToken, partSize, partCount };
}
