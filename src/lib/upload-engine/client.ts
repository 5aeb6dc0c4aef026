// The page's side of uploads. The page stores each job in IndexedDB itself, begins the copy of its
// Blob in the origin private file system (a worker only a page can start), and asks the service worker to run the queue, handing it the Blobs so the upload need
// not wait for the copy; where no worker controls the page (first visit, a hard reload,
// development) it runs the engine itself. Either way state and progress arrive on the
// BroadcastChannel, so every tab sees every upload.

import type { FileDto, MaxDownloads } from '@domain/api-types';
import { localFailure } from '@/lib/api/failure';
import type { TransferSecrets } from '@/lib/crypto/transfer-secrets';
import { openOpfsCopyWriter } from './device-copy/opfs-copy-writer';
import { removeCopiesExcept } from './device-copy/opfs-files';
import type { UploadEngine } from './engine';
import type { HandedFile, UploadEvent, UploadJobSummary, UploadMessage, UploadPageMessage } from './protocol';
import { isUploadAck, isUploadEvent, UNFINISHED_STATES, UPLOAD_CHANNEL, UPLOAD_SYNC_TAG } from './protocol';
import { newJobRecord, summarizeJob } from './job-record';
import { getUploadStore, hasUnfinishedJobs } from './store';
import { ACK_TIMEOUT_MS, HEARTBEAT_MS } from './timings';

/** How often a page is told of an upload's progress at most (`subscribeUploads`): 4 times a second. */
const PROGRESS_EVERY_MS = 250;

/** A file handed to the queue. */
export interface JobRef {
  jobId: string;
  name: string;
  size: number;
  type: string;
  /** The device's record of the transfer the file joins (`getOwnedTransfer`); null: none. */
  transferId: string | null;
}

// Background Sync is not in TypeScript's DOM types.
interface SyncCapableRegistration {
  sync?: { register(tag: string): Promise<void> };
}

let pageEngine: Promise<UploadEngine> | undefined;
let listenChannel: BroadcastChannel | undefined;
let postChannel: BroadcastChannel | undefined;
const listeners = new Set<(event: UploadEvent) => void>();
let heartbeat: ReturnType<typeof setInterval> | undefined;
let persistAsked = false;
let started = false;

function controller(): ServiceWorker | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
}

function getPageEngine(): Promise<UploadEngine> {
  // Loaded on demand: most pages have a worker and never need the engine's code.
  pageEngine ??= import('./default-engine').then(({ createDefaultEngine }) => createDefaultEngine());
  return pageEngine;
}

/** Sends a message to the controlling worker; false when no worker controls the page. */
function tellWorker(message: UploadPageMessage): boolean {
  const worker = controller();
  if (worker === null) return false;
  worker.postMessage(message satisfies UploadMessage);
  return true;
}

/** Lets every tab (this one included) know of a change made here without the runner. */
function announce(event: UploadEvent): void {
  postChannel ??= new BroadcastChannel(UPLOAD_CHANNEL);
  postChannel.postMessage(event satisfies UploadMessage);
}

/** The controlling worker has answered: it runs the queue. Reset when another worker takes over. */
let workerAnswers = false;

function ackFromWorker(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<unknown>) => {
      if (!isUploadAck(event.data)) return;
      done(true);
    };
    const timer = setTimeout(() => done(false), ms);
    function done(answered: boolean) {
      clearTimeout(timer);
      container.removeEventListener('message', onMessage);
      resolve(answered);
    }
    container.addEventListener('message', onMessage);
  });
}

/**
 * Gives `message` to the controlling worker; resolves to false when no worker runs uploads, and the
 * page must do it. The first message to a worker waits for its answer, which is remembered until
 * another worker takes over.
 */
async function toWorker(message: UploadPageMessage): Promise<boolean> {
  if (controller() === null) return false;
  if (workerAnswers) return tellWorker(message);
  const answered = ackFromWorker(ACK_TIMEOUT_MS);
  tellWorker(message);
  if (await answered) {
    workerAnswers = true;
    return true;
  }
  console.warn('The service worker does not run uploads (an older version?); this page runs them.');
  return false;
}

/**
 * Has the runner go through the queue, with the bytes of jobs just queued: the worker if one
 * controls the page and answers, else this page. If both end up running, the job leases in
 * IndexedDB keep them off each other's jobs.
 */
async function kick(files: readonly HandedFile[] = []): Promise<void> {
  if (await toWorker({ type: 'upload:resume', files })) return;
  const engine = await getPageEngine();
  engine.offer(files);
  engine.wake();
  await engine.resumeAll();
}

function startHeartbeat(): void {
  if (heartbeat !== undefined) return;
  heartbeat = setInterval(() => {
    void hasUnfinishedJobs().then((unfinished) => {
      if (unfinished) return kick();
      clearInterval(heartbeat);
      heartbeat = undefined;
    });
  }, HEARTBEAT_MS);
}

async function registerBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & SyncCapableRegistration) | undefined;
  // Lets the browser resume the uploads after the tab is closed, once it has a network.
  await registration?.sync?.register(UPLOAD_SYNC_TAG);
}

async function askPersistentStorage(): Promise<void> {
  if (persistAsked) return;
  persistAsked = true;
  // Without it the browser may evict queued files under storage pressure.
  if (typeof navigator === 'undefined' || typeof navigator.storage?.persist !== 'function') return;
  if (await navigator.storage.persisted()) return;
  await navigator.storage.persist();
}

/**
 * Starts watching for unfinished uploads: call once when the app loads. Resumes what a closed tab
 * or a crash left, and goes on when the network comes back or a new worker takes over.
 */
export function initUploads(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void kick());
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      workerAnswers = false;
      void kick();
    });
  }
  void hasUnfinishedJobs()
    .then((unfinished) => {
      if (!unfinished) return;
      startHeartbeat();
      return kick();
    })
    .catch((error: unknown) => console.error('Could not resume uploads', error));
  void removeStrayCopies().catch((error: unknown) => console.warn('Could not remove old copies of uploads', error));
}

/**
 * Removes the copies of files no job needs any more: a job finished or removed while its copy was
 * still open, or whose page was closed before it could remove it. A failed job keeps its copy for
 * Retry until it is removed from the list.
 */
async function removeStrayCopies(): Promise<void> {
  const jobs = await getUploadStore().list();
  const needed = new Set(jobs.filter((job) => job.state !== 'done' && job.state !== 'cancelled').map((job) => job.id));
  await removeCopiesExcept((id) => needed.has(id));
}

/** The browser would not store a job: a full device is said as such, anything else as it came. */
function queueFailure(error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return localFailure('device_full', 'This device has no room left to keep the file for its upload.');
  }
  return error;
}

/** A file to queue, and its folder inside the transfer ('' or absent: the top level). */
export interface QueuedFile {
  file: File;
  path?: string;
}

/** What the sender adds to a transfer: shown on the recipient's page and in the mail. */
export interface TransferDraft {
  senderName?: string;
  message?: string;
  /**
   * The transfer's keys (`newTransferSecrets`): its files are then encrypted before any byte leaves,
   * and its link is the share URL with the link key as fragment (`linkWithKey`). The device's record
   * of the transfer keeps the link key, so its full link can be shown again; the jobs drop theirs
   * when they finish.
   */
  encryption?: TransferSecrets;
  /** The server deletes the transfer after this many downloads; absent: when the retention ends. */
  maxDownloads?: MaxDownloads;
}

/**
 * Stores the files as upload jobs and starts them. Resolves once every job is recorded, not when
 * the uploads end: follow them with `subscribeUploads` or `waitForUpload`. The copies of the files
 * are written meanwhile; from then on an upload survives a reload, a crash, a closed tab.
 * `transfer`: the files go as one transfer, with one link; the device's record of it is written
 * first, and the runner creates it on the server with the first file (`getOwnedTransfer` of the
 * refs' `transferId` has its link then).
 */
export async function enqueueUploads(
  files: readonly (File | QueuedFile)[],
  { transfer }: { transfer?: TransferDraft } = {},
): Promise<JobRef[]> {
  void askPersistentStorage().catch(() => undefined);
  const store = getUploadStore();
  const transferId = transfer === undefined ? null : crypto.randomUUID();
  if (transferId !== null) {
    await store
      .putTransfer({
        id: transferId,
        shareId: null,
        shareUrl: null,
        ownerToken: null,
        senderName: transfer?.senderName?.trim() || null,
        message: transfer?.message?.trim() || null,
        maxDownloads: transfer?.maxDownloads ?? null,
        ...(transfer?.encryption === undefined
          ? {}
          : { linkKey: transfer.encryption.linkKey, withPassword: transfer.encryption.password !== undefined }),
        createdAt: Date.now(),
      })
      .catch((error: unknown) => {
        throw queueFailure(error);
      });
  }
  const refs: JobRef[] = [];
  const handed: HandedFile[] = [];
  for (const entry of files) {
    const { file, path = '' } = entry instanceof Blob ? { file: entry } : entry;
    const job = newJobRecord(
      file,
      crypto.randomUUID(),
      Date.now(),
      transferId === null ? undefined : { id: transferId, path },
      transfer?.encryption,
    );
    const { recorded, copied } = store.add(job, file, openOpfsCopyWriter);
    // Without the copy (no room left for it, say) the upload still runs from the handed bytes, but
    // cannot resume after the browser closes: the next runner fails it as 'file_missing'.
    copied.catch((error: unknown) => console.warn(`Could not keep a copy of ${file.name} for resuming`, error));
    await recorded.catch((error: unknown) => {
      throw queueFailure(error);
    });
    announce({ type: 'upload:state', job: summarizeJob(job) });
    refs.push({ jobId: job.id, name: job.name, size: job.size, type: job.type, transferId });
    handed.push({ jobId: job.id, blob: file });
  }
  initUploads();
  startHeartbeat();
  void registerBackgroundSync().catch(() => undefined);
  void kick(handed).catch((error: unknown) => console.error('Could not start uploads', error));
  return refs;
}

/**
 * Calls `listener` with every state change of every upload, and with its progress at most once per
 * `progressEveryMs` per upload (the latest step; the ones between are dropped); returns the
 * unsubscribe. A progress step held back is given before the job's next state change, so the order
 * stays. A page drawing each step would redraw some 20 times a second on a fast link: on the 2-core
 * bench machine that was 1.6 s of the page's main thread during a 512 MiB upload, taken from the
 * upload itself, and a screen reader's live region does not want that many changes either.
 */
export function subscribeUploads(
  listener: (event: UploadEvent) => void,
  { progressEveryMs = PROGRESS_EVERY_MS }: { progressEveryMs?: number } = {},
): () => void {
  if (listenChannel === undefined) {
    listenChannel = new BroadcastChannel(UPLOAD_CHANNEL);
    listenChannel.addEventListener('message', (message: MessageEvent<unknown>) => {
      if (!isUploadEvent(message.data)) return;
      for (const each of listeners) each(message.data);
    });
  }
  const lastGiven = new Map<string, number>();
  const held = new Map<string, { event: UploadEvent; timer: ReturnType<typeof setTimeout> }>();
  const give = (jobId: string, event: UploadEvent) => {
    lastGiven.set(jobId, Date.now());
    listener(event);
  };
  const release = (jobId: string) => {
    const holding = held.get(jobId);
    if (holding === undefined) return;
    clearTimeout(holding.timer);
    held.delete(jobId);
    give(jobId, holding.event);
  };
  const throttled = (event: UploadEvent) => {
    if (event.type === 'upload:state') {
      release(event.job.jobId);
      if (!UNFINISHED_STATES.has(event.job.state)) lastGiven.delete(event.job.jobId);
      listener(event);
      return;
    }
    const wait = (lastGiven.get(event.jobId) ?? -Infinity) + progressEveryMs - Date.now();
    const holding = held.get(event.jobId);
    if (holding !== undefined) holding.event = event;
    else if (wait <= 0) give(event.jobId, event);
    else held.set(event.jobId, { event, timer: setTimeout(() => release(event.jobId), wait) });
  };
  listeners.add(throttled);
  return () => {
    listeners.delete(throttled);
    for (const { timer } of held.values()) clearTimeout(timer);
    held.clear();
  };
}

/** Stops an upload, tells the server to drop it, and forgets it on this device. */
export async function cancelUpload(jobId: string): Promise<void> {
  if (await toWorker({ type: 'upload:cancel', jobId })) return;
  await (await getPageEngine()).cancel(jobId);
}

/** Tries a failed upload again, from the parts already sent. */
export async function retryUpload(jobId: string): Promise<void> {
  startHeartbeat();
  if (await toWorker({ type: 'upload:retry', jobId })) return;
  await (await getPageEngine()).retry(jobId);
}

/** Every stored job of this device (finished ones included until removed), oldest first. */
export async function listJobs(): Promise<UploadJobSummary[]> {
  return (await getUploadStore().list()).map(summarizeJob);
}

/** Removes finished jobs from the list (their owner records stay, for Transfers). */
export async function clearFinishedJobs(): Promise<void> {
  const store = getUploadStore();
  for (const job of await store.list()) {
    if (job.state === 'done') await store.delete(job.id);
  }
}

function cancelled(): Error {
  return localFailure('upload_cancelled', 'The upload was cancelled.');
}

/**
 * Resolves with the completed file (its `shareUrl` is the link to share) when the upload is done;
 * rejects when it fails (the error's cause is the job's Failure, for describeError) or is cancelled.
 * `justRetried`: the job was just handed back to the runner, so the store may still say 'failed'
 * until the runner takes it; only the runner's next reports count.
 */
export function waitForUpload(jobId: string, { justRetried = false } = {}): Promise<FileDto> {
  return new Promise((resolve, reject) => {
    const settle = (job: UploadJobSummary): boolean => {
      if (job.state === 'done' && job.file !== null) resolve(job.file);
      else if (job.state === 'failed') reject(new Error('The upload failed.', { cause: job.failure ?? undefined }));
      else if (job.state === 'cancelled') reject(cancelled());
      else return false;
      unsubscribe();
      return true;
    };
    const unsubscribe = subscribeUploads((event) => {
      if (event.type === 'upload:state' && event.job.jobId === jobId) settle(event.job);
    });
    if (justRetried) return;
    // It may have ended before we listened.
    void getUploadStore()
      .get(jobId)
      .then((job) => {
        if (job !== undefined) settle(summarizeJob(job));
        else {
          unsubscribe();
          reject(cancelled());
        }
      });
  });
}
