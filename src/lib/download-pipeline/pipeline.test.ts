// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bucket, bucketFile as file } from '@/test/fake-bucket';
import { readTextStart, writingInChunksOf } from './pipeline';

describe('the download pipeline', () => {
  it('a text preview asks for its first bytes only and says the file goes on', async () => {
    const objects = new Map<string, Uint8Array<ArrayBuffer>>();
    const text = 'çok güzel '.repeat(1_000);
    const long = file('long.txt', '', new TextEncoder().encode(text), objects);
    const ranges: string[] = [];
    const preview = await readTextStart(long, 100, { fetch: bucket(objects, ranges) });
    expect(ranges).toEqual(['bytes=0-99']);
    expect(preview.truncated).toBe(true);
    expect(text.startsWith(preview.text.replace(/\uFFFD$/, ''))).toBe(true);
    const short = file('short.txt', '', new TextEncoder().encode('just this'), objects);
    expect(await readTextStart(short, 100, { fetch: bucket(objects) })).toEqual({
      text: 'just this',
      truncated: false,
    });
  });

  it('writes a target the same bytes in writes of the set size, through one buffer, and closes it', async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 300), bytes.subarray(300, 301), bytes.subarray(301)];
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const writes: Uint8Array[] = [];
    const buffers = new Set<ArrayBufferLike>();
    let closed = false;
    const target = new WritableStream<Uint8Array>({
      write: (chunk) => {
        buffers.add(chunk.buffer);
        writes.push(chunk.slice());
      },
      close: () => void (closed = true),
    });
    await source.pipeTo(writingInChunksOf(128, target));
    expect(writes.map((chunk) => chunk.byteLength)).toEqual([128, 128, 128, 128, 128, 128, 128, 104]);
    expect(buffers.size).toBe(1);
    expect(Buffer.concat(writes)).toEqual(Buffer.from(bytes));
    expect(closed).toBe(true);
  });

  it('aborts its target when the download stops', async () => {
    let aborted: unknown;
    const target = new WritableStream<Uint8Array>({ abort: (reason) => void (aborted = reason) });
    const source = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new Error('gone')) });
    await expect(source.pipeTo(writingInChunksOf(128, target))).rejects.toThrow('gone');
    expect(aborted).toEqual(new Error('gone'));
  });
});
