// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BlockReader } from './block-reader';
import { ChunkPlan } from '../protocol/chunking';

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + seed) & 0xff);

class CountingBlob extends Blob {
  static reads = 0;
  override slice(start?: number, end?: number, type?: string): Blob {
    CountingBlob.reads += 1;
    return super.slice(start, end, type);
  }
}

describe('BlockReader', () => {
  it('hands out every chunk of every file, reading a block of chunks at a time', async () => {
    const files = [bytes(95, 1), bytes(0, 2), bytes(31, 3)];
    const plan = new ChunkPlan(
      files.map((file) => file.length),
      10,
    );
    const reader = new BlockReader(
      plan,
      files.map((file) => new CountingBlob([file])),
      4,
    );
    const out: number[][] = [[], [], []];
    for (let n = 0; n < plan.totalChunks; n++) {
      const { fileIndex } = plan.chunk(n);
      out[fileIndex]!.push(...(await reader.chunk(n)));
    }
    expect(out.map((file) => Uint8Array.from(file))).toEqual(files);
    // 10 chunks of file 0 in blocks of 4 (3 reads), 4 chunks of file 2 (1 read); none for the empty one.
    expect(CountingBlob.reads).toBe(4);
  });

  it('goes back to an earlier chunk after a resume', async () => {
    const file = bytes(100, 4);
    const plan = new ChunkPlan([100], 10);
    const reader = new BlockReader(plan, [new Blob([file])], 4);
    await reader.chunk(9);
    expect(await reader.chunk(2)).toEqual(file.subarray(20, 30));
  });

  it('fails a read of a file that became shorter', async () => {
    const plan = new ChunkPlan([100], 10);
    const reader = new BlockReader(plan, [new Blob([bytes(50, 5)])], 4);
    await expect(reader.chunk(7)).rejects.toThrow(/shorter/);
  });
});
