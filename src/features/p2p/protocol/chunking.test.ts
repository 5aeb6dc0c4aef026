// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ChunkPlan, chunkCount } from './chunking';

describe('ChunkPlan', () => {
  const plan = new ChunkPlan([25, 0, 10, 0], 10);

  it('numbers chunks over the whole offer, skipping empty files', () => {
    expect(chunkCount(25, 10)).toBe(3);
    expect(plan.totalChunks).toBe(4);
    expect(plan.totalBytes).toBe(35);
    expect(plan.chunk(0)).toEqual({ fileIndex: 0, chunkIndex: 0, start: 0, end: 10 });
    expect(plan.chunk(2)).toEqual({ fileIndex: 0, chunkIndex: 2, start: 20, end: 25 });
    expect(plan.chunk(3)).toEqual({ fileIndex: 2, chunkIndex: 0, start: 0, end: 10 });
    expect(() => plan.chunk(4)).toThrow(RangeError);
  });

  it('knows where each file ends and how many bytes lie before a position', () => {
    expect([0, 1, 2, 3].map((i) => plan.endOf(i))).toEqual([3, 3, 4, 4]);
    expect([0, 1, 3, 4].map((n) => plan.bytesBefore(n))).toEqual([0, 10, 25, 35]);
  });

  it('handles an offer of empty files only', () => {
    const empty = new ChunkPlan([0, 0]);
    expect(empty.totalChunks).toBe(0);
    expect(empty.endOf(1)).toBe(0);
    expect(empty.bytesBefore(0)).toBe(0);
  });
});
