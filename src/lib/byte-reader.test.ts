import { describe, expect, it } from 'vitest';
import { byteReader } from './byte-reader';

const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);

/**
 * A stream of `data` in chunks of `chunk` bytes: a plain one, or a byte stream that fills the
 * reader's own views (the size of each view's memory goes to `seen`).
 */
function source(data: Uint8Array, chunk: number, kind: 'plain' | 'bytes', seen: number[] = []) {
  let at = 0;
  if (kind === 'plain') {
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= data.length) return controller.close();
        controller.enqueue(data.slice(at, (at += chunk)));
      },
    });
  }
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      const request = controller.byobRequest;
      if (at >= data.length) {
        controller.close();
        request?.respond(0);
        return;
      }
      if (!request?.view) throw new Error('a byte stream read without a view');
      seen.push(request.view.buffer.byteLength); // the memory the view lies in
      const take = Math.min(chunk, request.view.byteLength, data.length - at);
      new Uint8Array(request.view.buffer, request.view.byteOffset, take).set(data.subarray(at, at + take));
      at += take;
      request.respond(take);
    },
  }) as ReadableStream<Uint8Array>;
}

describe('byteReader', () => {
  it.each(['plain', 'bytes'] as const)(
    'gives a %s stream in the lengths asked, across its chunks, fewer at its end',
    async (kind) => {
      const data = bytes(10_000);
      const reader = byteReader(source(data, 777, kind), 4096);
      const got: number[] = [];
      const joined: number[] = [];
      for (;;) {
        const next = await reader.next(3000);
        got.push(next.byteLength);
        joined.push(...next);
        if (next.byteLength === 0) break;
      }
      expect(got).toEqual([3000, 3000, 3000, 1000, 0]);
      expect(new Uint8Array(joined)).toEqual(data);
    },
  );

  it('fills its one buffer from a byte stream: every read lands in memory of its capacity, never a chunk of its own', async () => {
    const seen: number[] = [];
    const reader = byteReader(source(bytes(50_000), 1000, 'bytes', seen), 8192);
    for (let next = await reader.next(8192); next.byteLength > 0; next = await reader.next(8192)) {
      expect(next.buffer.byteLength).toBe(8192);
    }
    expect(seen.length).toBeGreaterThan(40);
    expect(new Set(seen)).toEqual(new Set([8192]));
  });

  it('reads a byte stream ahead as far as its buffer goes, so short calls take few reads', async () => {
    const seen: number[] = [];
    const data = bytes(64_000);
    const reader = byteReader(source(data, 8192, 'bytes', seen), 8192);
    const joined: number[] = [];
    for (let next = await reader.next(1000); next.byteLength > 0; next = await reader.next(1000)) joined.push(...next);
    expect(new Uint8Array(joined)).toEqual(data);
    // 64 calls, and a read for every 7 or 8 of them (each read refills what the calls before took).
    expect(seen.length).toBeLessThanOrEqual(12);
  });

  it('refuses a read longer than its buffer', async () => {
    const reader = byteReader(source(bytes(10), 10, 'plain'), 8);
    await expect(reader.next(9)).rejects.toThrow(RangeError);
  });
});
