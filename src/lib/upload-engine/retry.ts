// The retry policy of a run's requests and its wait for the network: which failures are worth
// another try and after how long, which ones mean the job must wait (no network, a server that is
// restarting) and which fail it. All the requests of one run share one wait, shown as the job
// being paused.

import type { ApiErrorCode } from '@domain/api-types';
import { ApiError } from '@/lib/api/client';

/** What the retries of every run of one engine share (see UploadEngineOptions for each default). */
export interface RetryPolicy {
  retryDelaysMs: readonly number[];
  offlineRecheckMs: number;
  isOnline: () => boolean;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Settles at the engine's next `wake()`: the network may be back. */
  woken: () => Promise<void>;
}

export function abortError(): Error {
  return new DOMException('The upload was stopped.', 'AbortError');
}

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
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

export function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** `wake()` settles the promise `next` gave out, and hands out a new one for the next wait. */
export class WakeSignal {
  private resolve: () => void = () => undefined;
  private promise = this.fresh();

  private fresh(): Promise<void> {
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  get next(): Promise<void> {
    return this.promise;
  }

  wake(): void {
    const resolve = this.resolve;
    this.promise = this.fresh();
    resolve();
  }
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

export function meansStartOver(error: unknown): boolean {
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

/** The retries of one run: its requests share one wait for the network. */
export class RunRetries {
  /** Set while the job waits for the network, shared by all of its parts. */
  private offline: Promise<void> | null = null;
  /** Whether the job is shown as waiting for the network (paused). */
  private waiting = false;

  /** `setPaused` writes the job's state (paused while waiting, uploading after) and tells the pages. */
  constructor(
    private readonly policy: RetryPolicy,
    private readonly signal: AbortSignal,
    private readonly setPaused: (paused: boolean) => Promise<unknown>,
  ) {}

  /**
   * Runs `attempt` until it succeeds: transient failures are retried after `retryDelaysMs`; a lost
   * network, or a server that stays unavailable (502/503/504: down or restarting), pauses the job
   * until it answers again and then starts the retries afresh; anything else (the API refusing the
   * request) is thrown and fails the job.
   */
  async retrying<T>(attempt: () => Promise<T>): Promise<T> {
    let failures = 0;
    for (;;) {
      if (this.signal.aborted) throw abortError();
      if (!this.policy.isOnline()) {
        await this.waitForNetwork();
        failures = 0;
        continue;
      }
      let result: T;
      try {
        result = await attempt();
      } catch (error) {
        if (this.signal.aborted) throw abortError();
        if (!isTransient(error)) throw error;
        const network = error instanceof ApiError && error.kind === 'network';
        const delay = this.policy.retryDelaysMs[failures];
        failures += 1;
        if (delay === undefined) {
          if (!network && !meansUnavailable(error)) throw error;
          await this.waitForNetwork();
          failures = 0;
          continue;
        }
        // No answer twice in a row, with the browser still saying it is online: the connection is
        // gone. The job says it waits for the network now, not once every retry has been used up
        // (about nine seconds of a frozen time-left estimate); one blip, retried at once, says nothing.
        if (network && delay > 0) await this.showWaiting(true);
        await this.policy.sleep(delay, this.signal);
        continue;
      }
      if (this.offline === null) await this.showWaiting(false);
      return result;
    }
  }

  /**
   * The run's parts in flight have gone unanswered for longer than they should take: shown as
   * waiting for the network until one of its requests is answered.
   */
  stalled(): void {
    if (this.signal.aborted || this.offline !== null) return;
    void this.showWaiting(true).catch(() => undefined);
  }

  /** Writes the job's state when whether it waits for the network changes. */
  private async showWaiting(waiting: boolean): Promise<void> {
    if (this.waiting === waiting) return;
    this.waiting = waiting;
    await this.setPaused(waiting);
  }

  /** Marks the job paused until the network seems back; all parts of the job share one wait. */
  private waitForNetwork(): Promise<void> {
    this.offline ??= (async () => {
      await this.showWaiting(true);
      do {
        await Promise.race([this.policy.sleep(this.policy.offlineRecheckMs, this.signal), this.policy.woken()]);
        if (this.signal.aborted) throw abortError();
      } while (!this.policy.isOnline());
      await this.showWaiting(false);
    })().finally(() => {
      this.offline = null;
    });
    return this.offline;
  }
}
