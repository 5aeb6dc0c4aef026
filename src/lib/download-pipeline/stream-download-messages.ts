// The page hands a download's bytes to the service worker, which answers a same-origin download
// URL with them as they come (the way StreamSaver and Send save a stream where the File System
// Access API is missing). Shared by both sides: the page (service-worker-target.ts) and
// sw/download-stream.ts. Bytes cross a MessagePort about a megabyte per request of the worker
// (their buffers moved, not copied), so the browser's download pace is the page's pace: nothing
// piles up in either memory. Download all is made by the worker itself (ZipDownloadStart).
import { MAX_TRANSFER_FILES } from '@domain/constants';
import type { E2eErrorCode } from '@/lib/crypto/errors';
import type { ZipFile } from './zip-files';

/** The download URLs the worker answers: this prefix, then the stream's id. */
export const STREAM_DOWNLOAD_PATH = '/download-stream/';

/** Page -> worker (with a MessagePort): a stream is coming; answer STREAM_DOWNLOAD_PATH + id with it. */
export interface StreamDownloadStart {
  type: 'STREAM_DOWNLOAD';
  id: string;
  fileName: string;
  contentType: string;
  /** The exact byte length when known (the browser then shows a real progress). */
  size: number | null;
}

/**
 * Page -> worker (with a MessagePort, answered EarlyDownloadAnswer): public/boot.js's tap on
 * Download all, or on a download of an end-to-end encrypted share, before the app is there: these
 * need none of the app. The worker asks for the ticket and answers STREAM_DOWNLOAD_PATH + id with
 * the zip (`zip`) or the file. For an encrypted share it first checks the link's key against the
 * key check (a wrong link asks for no ticket: a limited share's download is counted), and
 * decrypts. The key goes from the page to its own worker, never to the network.
 */
export interface EarlyDownloadStart {
  type: 'EARLY_DOWNLOAD';
  id: string;
  /** The zip's name for Download all; '' for one file (its ticket names it). */
  fileName: string;
  zip: boolean;
  /** The page's location.hash, the link's key; '' for a share stored as sent. */
  fragment: string;
  /** The share's key check (GET /shares/{id}'s encryption.keyCheck); '' for a share stored as sent. */
  keyCheck: string;
  /** The API's download POST for the share (data-ticket) and the anon key it asks for. */
  ticket: string;
  apiKey: string;
  referrer: string;
  /** One encrypted file's own URL (data-url) while it lasts, fetched beside the ticket; '' for none. */
  url: string;
}

/**
 * Worker -> boot.js: the download URL answers now ('ready'); or, from a worker still installing
 * (a first visit), a small file's whole plaintext for boot.js to save ('whole'); or boot.js leaves
 * the tap to the app, which says why ('refused').
 */
export type EarlyDownloadAnswer =
  { type: 'ready' } | { type: 'whole'; fileName: string; bytes: Blob } | { type: 'refused' };

/**
 * Page -> worker (with a MessagePort): the app's Download all, made by the worker. It fetches the
 * files (decrypting those with a cipher) as the zip reaches them and answers STREAM_DOWNLOAD_PATH +
 * id with the zip, telling the page its progress every `progressEvery` bytes of the files. The
 * worker makes it, not the page: each read and each hand-over of a chunk leaves objects that only
 * a full collection frees, and a page that also draws its progress has one seldom, so its memory
 * grew with the zip; the worker's stayed flat (docs/performance.md).
 */
export interface ZipDownloadStart {
  type: 'ZIP_DOWNLOAD';
  id: string;
  fileName: string;
  files: ZipFile[];
  progressEvery: number;
}

/**
 * Worker -> page over a ZipDownloadStart's port: the URL answers ('ready'), the files' bytes
 * zipped so far, the zip's end; the browser stopped reading it ('cancelled'); or it failed, with
 * the index of the file that was gone or damaged (ZipFailure).
 */
export type ZipDownloadSignal =
  | { type: 'ready' }
  | { type: 'progress'; bytesRead: number }
  | { type: 'done' }
  | { type: 'cancelled' }
  | { type: 'failed'; failure: ZipFailure };

/** Why a zip failed: a file gone from the bucket, one whose stored bytes were changed or cut, or anything else. */
export type ZipFailure =
  { reason: 'gone'; index: number } | { reason: 'damaged'; index: number; code: E2eErrorCode } | { reason: 'other' };

/** Page -> worker over a ZipDownloadStart's port: stop the zip (the person's Cancel). */
export interface ZipDownloadCancel {
  type: 'cancel';
}

/** Page -> worker over the port: the next chunks, in order; or the end. */
export type StreamDownloadChunks = { type: 'chunks'; chunks: Uint8Array[] } | { type: 'end' } | { type: 'abort' };

/** Worker -> page over the port: 'ready' once the URL answers, 'pull' for each next chunks, 'cancel' if the browser stopped reading. */
export type StreamDownloadSignal = { type: 'ready' } | { type: 'pull' } | { type: 'cancel' };

/** A message of `type` that starts one download: an object with its id and the name to save as. */
function isDownloadStart(data: unknown, type: string): data is Record<string, unknown> {
  const start = data as { type?: unknown; id?: unknown; fileName?: unknown } | null;
  return (
    typeof start === 'object' &&
    start !== null &&
    start.type === type &&
    typeof start.id === 'string' &&
    typeof start.fileName === 'string'
  );
}

export function isStreamDownloadStart(data: unknown): data is StreamDownloadStart {
  if (!isDownloadStart(data, 'STREAM_DOWNLOAD')) return false;
  const { contentType, size } = data as Partial<StreamDownloadStart>;
  return typeof contentType === 'string' && (size === null || typeof size === 'number');
}

/** The longest text field an early download's message may carry (default 4,096: a URL or an anon key fits). */
const MAX_FIELD_LENGTH = 4_096;

function isField(value: unknown, pattern: RegExp = /^/): value is string {
  return typeof value === 'string' && value.length <= MAX_FIELD_LENGTH && pattern.test(value);
}

export function isEarlyDownloadStart(data: unknown): data is EarlyDownloadStart {
  if (!isDownloadStart(data, 'EARLY_DOWNLOAD')) return false;
  const start = data as Partial<EarlyDownloadStart>;
  return (
    typeof start.zip === 'boolean' &&
    isField(start.fragment) &&
    isField(start.keyCheck) &&
    // The rendering host's API (a path on the page's origin) or the static host's (its URL).
    isField(start.ticket, /^(\/|https?:\/\/)/) &&
    isField(start.apiKey) &&
    isField(start.referrer) &&
    isField(start.url, /^(https?:\/\/|$)/)
  );
}

function isZipFile(value: unknown): value is ZipFile {
  const file = value as Partial<ZipFile> | null;
  if (typeof file !== 'object' || file === null) return false;
  const { cipher } = file;
  return (
    isField(file.url, /^https?:\/\//) &&
    isField(file.name, /./) &&
    isField(file.path) &&
    Number.isSafeInteger(file.size) &&
    (file.size as number) >= 0 &&
    (cipher === undefined || (cipher.aesKey instanceof CryptoKey && cipher.nonceBase instanceof Uint8Array))
  );
}

export function isZipDownloadStart(data: unknown): data is ZipDownloadStart {
  if (!isDownloadStart(data, 'ZIP_DOWNLOAD')) return false;
  const { files, progressEvery } = data as Partial<ZipDownloadStart>;
  return (
    Array.isArray(files) &&
    files.length > 0 &&
    files.length <= MAX_TRANSFER_FILES &&
    files.every(isZipFile) &&
    Number.isSafeInteger(progressEvery) &&
    (progressEvery as number) > 0
  );
}
