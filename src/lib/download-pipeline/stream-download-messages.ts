// The page hands a download's bytes to the service worker, which answers a same-origin download
// URL with them as they come (the way StreamSaver and Send save a stream where the File System
// Access API is missing). Shared by both sides: the page (service-worker-target.ts) and
// sw/download-stream.ts. Bytes cross a MessagePort one chunk per request of the worker, so the
// browser's download pace is the page's pace: nothing piles up in either memory.

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
 * Page -> worker (with a MessagePort, answered 'ready'): answer STREAM_DOWNLOAD_PATH + id with the
 * zip of `files`, which the worker builds itself. public/boot.js sends it on a tap on Download all
 * before the app is there: the zip needs none of the app.
 */
export interface ZipDownloadStart {
  type: 'ZIP_DOWNLOAD';
  id: string;
  fileName: string;
  /** Each file's presigned GET, name, folder and size (the API's transfer download tickets). */
  files: { url: string; name: string; path: string; size: number }[];
}

/** Page -> worker over the port. */
export type StreamDownloadChunk = { type: 'chunk'; chunk: Uint8Array } | { type: 'end' } | { type: 'abort' };

/** Worker -> page over the port: 'ready' once the URL answers, 'pull' for each next chunk, 'cancel' if the browser stopped reading. */
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

/** The most files one zip message may name (default 10,000: ten times a transfer's limit). */
const MAX_ZIP_FILES = 10_000;

function isZipFile(value: unknown): value is ZipDownloadStart['files'][number] {
  const file = value as Partial<ZipDownloadStart['files'][number]> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    typeof file.url === 'string' &&
    /^https?:\/\//.test(file.url) &&
    typeof file.name === 'string' &&
    typeof file.path === 'string' &&
    typeof file.size === 'number'
  );
}

export function isZipDownloadStart(data: unknown): data is ZipDownloadStart {
  if (!isDownloadStart(data, 'ZIP_DOWNLOAD')) return false;
  const { files } = data as Partial<ZipDownloadStart>;
  return Array.isArray(files) && files.length <= MAX_ZIP_FILES && files.every(isZipFile);
}
