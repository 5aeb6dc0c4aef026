// A stream's bytes read into one buffer, used again for every read. A large file read in fresh
// chunks leaves gigabytes of short-lived ArrayBuffers behind, freed only later: the browser's peak
// during a 2 GiB upload, whose device copy read the file so, was 1.85 times a 256 MiB one's, and
// 1.18 read through this. A BYOB reader fills memory that is ours and hands the same memory back,
// reading ahead as far as the buffer goes; a stream that offers none has its chunks copied in,
// which keeps the memory as flat though not the copies.

export interface ByteReader {
  /**
   * The stream's next `length` bytes (fewer only where it ends), at most the capacity. The view is
   * the reader's own buffer: it holds these bytes only until the next call.
   */
  next(length: number): Promise<Uint8Array<ArrayBuffer>>;
  cancel(reason?: unknown): Promise<void>;
}

function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return stream.getReader({ mode: 'byob' });
  } catch {
    return null; // not a byte stream
  }
}

function checkLength(length: number, capacity: number): void {
  if (!Number.isSafeInteger(length) || length < 0 || length > capacity) {
    throw new RangeError(`A read of ${length} bytes from a reader of ${capacity}`);
  }
}

export function byteReader(stream: ReadableStream<Uint8Array>, capacity: number): ByteReader {
  let buffer = new Uint8Array(capacity);
  const byob = byobReader(stream);
  if (byob !== null) {
    // Bytes [head, tail) of the buffer are read and not yet given. Each read asks for all the room
    // left, not only what this call needs: every read leaves objects for the collector (the read's
    // promise, result, and the buffer under a new ArrayBuffer), and in Chromium they wait for a
    // full collection. A 4 GiB fetch read 64 KiB at a time grew 254 MiB above idle; 1 MiB at a
    // time, 64 MiB.
    let head = 0;
    let tail = 0;
    let ended = false;
    return {
      async next(length) {
        checkLength(length, capacity);
        if (tail - head < length && head > 0) {
          buffer.copyWithin(0, head, tail);
          tail -= head;
          head = 0;
        }
        while (tail - head < length && !ended) {
          const { done, value } = await byob.read(new Uint8Array(buffer.buffer, tail, capacity - tail));
          // The read took our buffer and gives the same memory back under a new ArrayBuffer.
          buffer = value === undefined ? new Uint8Array(capacity) : new Uint8Array(value.buffer);
          if (done) ended = true;
          else tail += value.byteLength;
        }
        const bytes = buffer.subarray(head, Math.min(tail, head + length));
        head += bytes.byteLength;
        return bytes;
      },
      cancel: (reason) => byob.cancel(reason),
    };
  }
  const reader = stream.getReader();
  let rest: Uint8Array = new Uint8Array(0);
  let ended = false;
  return {
    async next(length) {
      checkLength(length, capacity);
      let filled = 0;
      while (filled < length) {
        if (rest.byteLength === 0) {
          if (ended) break;
          const { done, value } = await reader.read();
          if (done) ended = true;
          else rest = value;
          continue;
        }
        const take = Math.min(rest.byteLength, length - filled);
        buffer.set(rest.subarray(0, take), filled);
        rest = rest.subarray(take);
        filled += take;
      }
      return buffer.subarray(0, filled);
    },
    cancel: (reason) => reader.cancel(reason),
  };
}
