// Every download of a shared file is one stream pipeline:
//   fetch (ranged where a preview needs only the start) -> stages (decryption goes here) -> (zip) -> save.
// A file is never held whole in memory: bytes flow from the bucket to the save target (a file on
// disk, or the service worker's download answer) with the streams' own backpressure. DOM-free, so
// the service worker can run it too.
import { makeZip } from 'client-zip';

/** One file of a download, as the API's ticket names it. */
export interface PipelineFile {
  /** The presigned GET. */
  url: string;
  name: string;
  /** The folder inside the transfer, '/'-separated; '' at the top level. */
  path: string;
  size: number;
}

/**
 * A step between the bucket's bytes and what is saved or shown: decryption is one. It gets the
 * stored bytes of `file` (from `start` on) and gives what the person means by the file.
 */
export type ByteStage = (bytes: ReadableStream<Uint8Array>, file: PipelineFile) => ReadableStream<Uint8Array>;

/** A file that is no longer in the bucket, or whose URL ran out: the page says which one. */
export class FileGoneError extends Error {
  override readonly name = 'FileGoneError';
  constructor(readonly file: PipelineFile) {
    super(`${entryName(file)} is no longer available`);
  }
}

export interface PipelineOptions {
  stages?: ByteStage[];
  signal?: AbortSignal;
  /** Called with the count of the bucket's bytes read so far, across every file. */
  onProgress?: (bytesRead: number) => void;
  /** The network; tests give their own. */
  fetch?: typeof fetch;
}

/** The file's name inside a zip: its folder path, then its name. */
export function entryName(file: Pick<PipelineFile, 'path' | 'name'>): string {
  return file.path ? `${file.path}/${file.name}` : file.name;
}

/** Counts the bytes that pass, for a progress bar that moves while they flow. */
function counter(onBytes: (count: number) => void): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      onBytes(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
}

/**
 * The bytes of one file, through every stage. `length` asks for the first bytes only (a text
 * preview): a ranged GET, so the bucket sends no more than that.
 */
export async function openFile(
  file: PipelineFile,
  options: PipelineOptions & { length?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const doFetch = options.fetch ?? fetch;
  const headers: HeadersInit =
    options.length !== undefined ? { Range: `bytes=0-${Math.max(0, options.length - 1)}` } : {};
  const response = await doFetch(file.url, { headers, signal: options.signal });
  // 403: the presigned URL expired or the object is gone (S3 answers 403 without ListBucket).
  if (response.status === 404 || response.status === 403 || response.status === 410) throw new FileGoneError(file);
  if (!response.ok || !response.body) throw new Error(`Downloading ${entryName(file)} failed: HTTP ${response.status}`);
  let bytes: ReadableStream<Uint8Array> = response.body;
  if (options.onProgress) {
    const onProgress = options.onProgress;
    bytes = bytes.pipeThrough(counter(onProgress));
  }
  for (const stage of options.stages ?? []) bytes = stage(bytes, file);
  return bytes;
}

/**
 * A zip of `files` (entries named path/name, zip64 past 4 GB: client-zip), made as it is read:
 * each file is fetched only when the zip reaches it.
 */
export function zipFiles(files: PipelineFile[], options: PipelineOptions = {}): ReadableStream<Uint8Array> {
  let read = 0;
  const onBytes = options.onProgress
    ? (count: number) => {
        read += count;
        options.onProgress?.(read);
      }
    : undefined;
  async function* entries() {
    for (const file of files) {
      const input = await openFile(file, { ...options, onProgress: onBytes });
      // The size is the stored one: a stage that changes the length (decryption) must say its own.
      yield { name: entryName(file), input, ...((options.stages ?? []).length === 0 ? { size: file.size } : {}) };
    }
  }
  return makeZip(entries(), { buffersAreUTF8: true });
}

/** One file's bytes, counted as they come (its own progress bar). */
export async function fileStream(
  file: PipelineFile,
  options: PipelineOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  let read = 0;
  const onProgress = options.onProgress;
  return openFile(file, {
    ...options,
    onProgress: onProgress
      ? (count) => {
          read += count;
          onProgress(read);
        }
      : undefined,
  });
}

/**
 * Writes `bytes` into `target` to the end. Cancel (the signal) aborts both sides: the fetch stops
 * and the save target drops what it had (a half-written file is not left looking whole).
 */
export async function save(
  bytes: ReadableStream<Uint8Array>,
  target: WritableStream<Uint8Array>,
  signal?: AbortSignal,
): Promise<void> {
  await bytes.pipeTo(target, signal ? { signal } : {});
}

/** The first `maxBytes` of a file as text (a preview), and whether there was more. */
export async function readTextStart(
  file: PipelineFile,
  maxBytes: number,
  options: PipelineOptions = {},
): Promise<{ text: string; truncated: boolean }> {
  const bytes = await openFile(file, { ...options, length: maxBytes });
  const reader = bytes.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let taken = 0;
  try {
    while (taken < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      // A bucket that ignored the Range header sends everything: keep only what was asked.
      const part = value.subarray(0, maxBytes - taken);
      taken += part.byteLength;
      text += decoder.decode(part, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { text: text + decoder.decode(), truncated: file.size > taken };
}
