// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bucket, bucketFile as file } from '@/test/fake-bucket';
import { inChunksOf, readTextStart } from './pipeline';

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

  it('hands the save target the same bytes in chunks of the set size, each in a buffer of its own', async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 300), bytes.subarray(300, 301), bytes.subarray(301)];
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const chunks: Uint8Array[] = [];
    await source.pipeThrough(inChunksOf(128)).pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([128, 128, 128, 128, 128, 128, 128, 104]);
    expect(chunks.every((chunk) => chunk.byteOffset === 0 && chunk.buffer.byteLength === chunk.byteLength)).toBe(true);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
  });
});
