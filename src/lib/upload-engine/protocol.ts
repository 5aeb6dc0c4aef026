// The messages between the page and whoever runs the upload engine (the service worker, or the page
// itself where no worker controls it). One union for both directions, so a new message is added in
// one place and both sides are checked against it: each side writes its messages with
// `satisfies UploadMessage`, and checks what it receives with the guards below. Both import this
// module (its names and guards are small), and nothing else of the engine's unless they run it.
//
// The page writes each job to IndexedDB and a copy of its Blob on the device, and hands the Blob
// to the runner in its 'upload:resume' as well: the run starts from it while the copy of a large
// file is still being written. The stored copy is what every later runner uses (after a crash, a closed tab, in
// the next worker), so a message that is lost loses nothing.

import type { FileDto } from '@domain/api-types';
import type { Failure } from '@/lib/api/failure';

/** BroadcastChannel the engine publishes state and progress on; every open tab listens. */
export const UPLOAD_CHANNEL = 'ulak-upload';

/** Background Sync tag; a `sync` event with it resumes every unfinished upload. */
export const UPLOAD_SYNC_TAG = 'ulak-upload';

/**
 * - queued: stored, waiting for its turn (or for a runner after a reload).
 * - uploading: parts are being sent.
 * - paused: no network; goes on by itself when the network is back.
 * - failed: the server refused it; `retryUpload` continues from the parts already sent.
 * - done: complete, the share link works.
 * - cancelled: aborted by the person; the job is gone from the store.
 */
export type UploadJobState = 'queued' | 'uploading' | 'paused' | 'failed' | 'done' | 'cancelled';

/** The states in which a job still has work to do: a runner takes it, a page keeps the worker busy. */
export const UNFINISHED_STATES: ReadonlySet<UploadJobState> = new Set(['queued', 'uploading', 'paused']);

/** What the page may know of a job: everything but the Blob and the owner token. */
export interface UploadJobSummary {
  jobId: string;
  name: string;
  type: string;
  size: number;
  state: UploadJobState;
  /** Bytes of finished parts (a part counts only once its ETag is stored). */
  bytesDone: number;
  /** Known once the server has created the upload. */
  shareId: string | null;
  shareUrl: string | null;
  /** Why, when state is 'failed': a code the page says in its own language. */
  failure: Failure | null;
  /** ms since epoch. */
  createdAt: number;
  /** The completed file, when state is 'done'. */
  file: FileDto | null;
  /** The id of the device's record of the transfer the file joins (OwnedTransferRecord); null: none. */
  transferId: string | null;
  /** The file's folder inside its transfer; '' = top level. */
  path: string;
}

export interface UploadProgress {
  jobId: string;
  bytesDone: number;
  size: number;
  /** Bytes per second over the last few seconds; null until two samples exist. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed; null when unknown. */
  etaSeconds: number | null;
}

/** The bytes of a job the page has just queued. */
export interface HandedFile {
  jobId: string;
  blob: Blob;
}

export type UploadMessage =
  // page -> runner
  /**
   * Run every unfinished job in the store (also the page's heartbeat that keeps a worker busy);
   * `files`: the bytes of jobs just queued, to start from before their stored copy is written.
   */
  | { type: 'upload:resume'; files?: readonly HandedFile[] }
  | { type: 'upload:cancel'; jobId: string }
  | { type: 'upload:retry'; jobId: string }
  // worker -> the page that sent a message: 'I run uploads'. A page that hears none runs the
  // engine itself (an older worker, from before the upload handlers, may control it).
  | { type: 'upload:ack' }
  // runner -> page (BroadcastChannel UPLOAD_CHANNEL)
  | { type: 'upload:state'; job: UploadJobSummary }
  | ({ type: 'upload:progress' } & UploadProgress);

export type UploadPageMessage = Extract<UploadMessage, { type: 'upload:resume' | 'upload:cancel' | 'upload:retry' }>;
export type UploadEvent = Extract<UploadMessage, { type: 'upload:state' | 'upload:progress' }>;

const PAGE_MESSAGE_TYPES: ReadonlySet<string> = new Set(['upload:resume', 'upload:cancel', 'upload:retry']);
const EVENT_TYPES: ReadonlySet<string> = new Set(['upload:state', 'upload:progress']);

export function isUploadAck(data: unknown): data is { type: 'upload:ack' } {
  return typeOf(data) === 'upload:ack';
}

function typeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type } = data as { type?: unknown };
  return typeof type === 'string' ? type : undefined;
}

/** Messages arrive from anything that can post to the worker: check before acting. */
export function isUploadPageMessage(data: unknown): data is UploadPageMessage {
  const type = typeOf(data);
  if (type === undefined || !PAGE_MESSAGE_TYPES.has(type)) return false;
  if (type === 'upload:resume') {
    const { files } = data as { files?: unknown };
    return files === undefined || (Array.isArray(files) && files.every(isHandedFile));
  }
  return typeof (data as { jobId?: unknown }).jobId === 'string';
}

function isHandedFile(data: unknown): data is HandedFile {
  if (typeof data !== 'object' || data === null) return false;
  const { jobId, blob } = data as { jobId?: unknown; blob?: unknown };
  return typeof jobId === 'string' && blob instanceof Blob;
}

export function isUploadEvent(data: unknown): data is UploadEvent {
  const type = typeOf(data);
  return type !== undefined && EVENT_TYPES.has(type);
}
