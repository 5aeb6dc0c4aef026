// Every download of a shared file is one stream pipeline:
//   fetch (ranged where a preview needs only the start) -> decrypt (decrypt-file.ts, for a file of
//   an encrypted transfer) -> (zip: zip-files.ts) -> save.
// A file is never held whole in memory: bytes flow from the bucket to the save target (a file on
// disk, or the service worker's download answer) with the streams' own backpressure. DOM-free, so
// the service worker can run it too.

/** One file of a download, as the API's ticket names it. */
export interface PipelineFile {
  /** The presigned GET. */
  url: string;
  name: string;
  /** The folder inside the transfer, '/'-separated; '' at the top level. */
  path: string;
  size: number;
}

/** A file that is no longer in the bucket, or whose URL ran out: the page says which one. */
export class FileGoneError extends Error {
  override readonly name = 'FileGoneError';
  constructor(readonly file: Omit<PipelineFile, 'size'>) {
    super(`${entryName(file)} is no longer available`);
  }
}

export interface PipelineOptions {
  signal?: AbortSignal;
  /** The network; tests give their own. */
  fetch?: typeof fetch;
}

/** The file's name inside a zip: its folder path, then its name. */
export function entryName(file: Pick<PipelineFile, 'path' | 'name'>): string {
  return file.path ? `${file.path}/${file.name}` : file.name;
}

/**
 * The stored bytes of one file, as the bucket sends them. `length` asks for the first bytes only (a text
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
  return response.body;
}

/**
 * Bytes handed on at a time by the save targets whose every write crosses to another thread or
 * process (default 1 MiB): the service worker, the browser's file writer. A decrypted file comes in
 * 64 KiB records: written as they came, an encrypted download was held to about 37 MiB/s by the
 * round trips alone on the bench's 2-core machine.
 */
export const SAVE_CHUNK_BYTES = 1024 * 1024;

/**
 * `target` written `size` bytes at a time (the last write shorter), through one buffer: each write
 * is awaited before the buffer takes more, so it is used again rather than left for the collector.
 */
export function writingInChunksOf(size: number, target: WritableStream<Uint8Array>): WritableStream<Uint8Array> {
  const writer = target.getWriter();
  const buffer = new Uint8Array(size);
  let filled = 0;
  return new WritableStream({
    async write(chunk) {
      for (let at = 0; at < chunk.byteLength;) {
        const taken = Math.min(size - filled, chunk.byteLength - at);
        buffer.set(chunk.subarray(at, at + taken), filled);
        filled += taken;
        at += taken;
        if (filled === size) {
          await writer.write(buffer);
          filled = 0;
        }
      }
    },
    async close() {
      if (filled > 0) await writer.write(buffer.subarray(0, filled));
      await writer.close();
    },
    abort: (reason) => writer.abort(reason),
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
