// Giving back the memory of buffers the browser made for us (WebCrypto's results, a Blob read
// whole, buffers moved in from another thread) the moment we are done with them. Chromium holds
// such a buffer until a full collection of the heap, and lets a long run pile up more of them
// between two: a worker answering a 2 GiB download with WebCrypto's buffers grew to 217 MiB above
// idle against 82 MiB for 256 MiB. Its bytes copied into a buffer of our own (`new Uint8Array`,
// which the collector frees young) and the browser's buffer released gave 98 against 88 MiB.
//
// Released means moved to a port whose other end is closed: the move takes the memory from the
// buffer (detached, length 0) and the message, with nowhere to go, is dropped with it (HTML's
// "message port post message steps"). Only buffers no one else holds may be released.

let sink: MessagePort | null = null;

/** Detaches `buffers` and drops their memory. Each must be ours alone; a buffer listed twice counts once. */
export function releaseBuffers(buffers: Iterable<ArrayBufferLike>): void {
  // A SharedArrayBuffer cannot move: it is shared by definition.
  const unique = [...new Set(buffers)].filter((buffer) => buffer instanceof ArrayBuffer && buffer.byteLength > 0);
  if (unique.length === 0) return;
  if (sink === null) {
    const channel = new MessageChannel();
    channel.port2.close();
    sink = channel.port1;
  }
  try {
    sink.postMessage(null, unique);
  } catch {
    // A buffer that cannot move (already moved, or made not to) is left to the collector.
  }
}

/** `chunks` joined into one new buffer of this thread's own, and their buffers released. */
export function ownJoined(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  releaseBuffers(chunks.map((chunk) => chunk.buffer));
  return joined;
}
