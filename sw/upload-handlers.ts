// The worker's side of uploads: runs the upload engine on page messages, on Background Sync, and
// when the worker starts. Chromium ends an event after about 5 minutes (a `sync` event after about
// 3), so no event waits for a whole upload: each one keeps the worker alive for a bounded stretch
// while the engine saves every finished part, and the next event (the page's heartbeat, the next
// sync, the next page load) continues from the store.

import type { UploadEngine } from '@/lib/upload-engine/engine';
import {
  isUploadPageMessage,
  UPLOAD_SYNC_TAG,
  type UploadMessage,
  type UploadPageMessage,
} from '@/lib/upload-engine/protocol';
import { HAND_OVER_BUDGET_MS, MESSAGE_BUDGET_MS, SYNC_BUDGET_MS } from '@/lib/upload-engine/timings';
import { isHandOverMessage } from '@/lib/worker-messages';
import { startsActive } from './worker-state';

// Background Sync's event is not in TypeScript's WebWorker types.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Resolves with true when `work` ended within `ms`, false when the time ran out first. */
function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([work.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

function isServiceWorker(source: unknown): source is ServiceWorker {
  return typeof source === 'object' && source !== null && 'state' in source && 'scriptURL' in source;
}

/** What the handlers use of the engine. */
export type UploadRunner = Pick<UploadEngine, 'resumeAll' | 'offer' | 'cancel' | 'retry' | 'wake' | 'stop'>;

export interface UploadHandlerOptions {
  /** Builds the engine the first time it is needed. */
  createEngine: () => UploadRunner;
  messageBudgetMs?: number;
  syncBudgetMs?: number;
  /** How long the hand-over's own event may wait for the runs to stop. Default HAND_OVER_BUDGET_MS. */
  handOverBudgetMs?: number;
  /**
   * Whether jobs that should run are left (queued, uploading or paused). Asked when a `sync` event's
   * run ends early, e.g. because a dead runner's lease still held a job: the event then fails so
   * the browser sends another one, rather than this worker being stopped with work left.
   */
  hasUnfinishedJobs?: () => Promise<boolean>;
  /**
   * Waits for `work` at most `ms`: resolves true when it ended first, false when the time ran out.
   * Default a timer. The lifetime test ends an event when it chooses, as the browser would.
   */
  within?: (work: Promise<unknown>, ms: number) => Promise<boolean>;
}

export function registerUploadHandlers(scope: ServiceWorkerGlobalScope, options: UploadHandlerOptions): void {
  let engine: UploadRunner | undefined;
  const getEngine = () => (engine ??= options.createEngine());
  const messageBudget = options.messageBudgetMs ?? MESSAGE_BUDGET_MS;
  const syncBudget = options.syncBudgetMs ?? SYNC_BUDGET_MS;
  const handOverBudget = options.handOverBudgetMs ?? HAND_OVER_BUDGET_MS;
  const hasUnfinishedJobs = options.hasUnfinishedJobs ?? (() => Promise.resolve(false));
  const waitAtMost = options.within ?? within;

  // Handing over to a new version (HAND_OVER, sent by it when the person accepts the update): the
  // browser activates it only when no event of this worker is in flight, and the page's heartbeat
  // keeps one in flight for as long as an upload runs. So this worker stops its runs (the jobs stay
  // stored, their leases are given up), ends every event it holds at once, and takes no new work
  // until the new version is gone: activated (this worker is then replaced) or redundant (it failed
  // to take over). The new version resumes the uploads when it activates. Which version took over
  // is told by the new worker itself (the message's source), not by `registration.waiting`: that is
  // this worker's copy of the registration's state, which the browser updates in its own time; read
  // as null while the new version still waits, it had this worker take its uploads back and hold
  // events again, and the new version then waited for them.
  let successor: ServiceWorker | null = null;
  let letGo: () => void = () => undefined;
  let released = new Promise<void>((resolve) => (letGo = resolve));
  const bounded = (work: Promise<unknown>, ms: number): Promise<boolean> =>
    Promise.race([waitAtMost(work, ms), released.then(() => false)]);
  const inCharge = (): boolean => successor === null;
  const handOver = (to: ServiceWorker | null): void => {
    successor = to ?? ({ state: 'installed' } as ServiceWorker);
    letGo();
    to?.addEventListener('statechange', () => {
      if (to.state !== 'redundant' || successor !== to) return;
      successor = null;
      released = new Promise<void>((resolve) => (letGo = resolve));
    });
  };

  const resume = (options?: { waitForHeldJobs?: boolean }): Promise<void> =>
    getEngine()
      .resumeAll(options)
      .catch((error: unknown) => console.error('Upload queue stopped', error));

  function handle(message: UploadPageMessage): Promise<void> {
    // A cancel still counts (it only stops and deletes); running uploads is the new version's job.
    if (message.type !== 'upload:cancel' && !inCharge()) return Promise.resolve();
    switch (message.type) {
      case 'upload:resume':
        if (message.files !== undefined) getEngine().offer(message.files);
        return resume();
      case 'upload:cancel':
        return getEngine().cancel(message.jobId);
      case 'upload:retry':
        return getEngine().retry(message.jobId);
    }
  }

  scope.addEventListener('message', (event) => {
    if (isHandOverMessage(event.data)) {
      handOver(isServiceWorker(event.source) ? event.source : null);
      event.waitUntil(waitAtMost(engine?.stop() ?? Promise.resolve(), handOverBudget));
      return;
    }
    if (!isUploadPageMessage(event.data)) return;
    // Tells the page a runner is here, so it does not run the engine itself.
    (event.source as Client | null)?.postMessage({ type: 'upload:ack' } satisfies UploadMessage);
    // A message may mean the network is back; cut short any wait for it.
    getEngine().wake();
    event.waitUntil(bounded(handle(event.data), messageBudget));
  });

  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== UPLOAD_SYNC_TAG) return;
    getEngine().wake();
    sync.waitUntil(
      bounded(inCharge() ? resume({ waitForHeldJobs: true }) : Promise.resolve(), syncBudget).then(async (finished) => {
        const left = !finished || (await hasUnfinishedJobs().catch(() => false));
        // Failing the event makes the browser schedule another sync for what is left.
        if (left && !sync.lastChance) throw new Error('Uploads are still running; continue in the next sync.');
      }),
    );
  });

  // Not inside waitUntil: activation would wait for the uploads, and with it every fetch.
  scope.addEventListener('activate', () => void resume());

  // A worker restarted after being stopped (the usual case) resumes at once; a new version still
  // installing waits for its activation, so that two versions do not both start.
  if (startsActive(scope)) void resume();
}
