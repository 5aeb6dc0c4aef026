import { describe, expect, it } from 'vitest';
import { copyPauseMs, type CopyProgress } from './copy-pace';

const MiB = 1024 * 1024;
/** A 512 MiB file being sent, its copy 100 ms in: one 16 MiB chunk written, no part finished yet. */
const start: CopyProgress = {
  elapsedMs: 100,
  sinceWriteMs: 50,
  copiedFrom: 496 * MiB,
  uploading: true,
  needed: 0,
  neededAtStart: 0,
  chunkBytes: 16 * MiB,
};

describe('copyPauseMs', () => {
  it('does not wait while no runner sends the job: a tab closed now must lose nothing', () => {
    expect(copyPauseMs({ ...start, uploading: false }, 2_000)).toBe(0);
    expect(copyPauseMs({ ...start, uploading: false, elapsedMs: 500, needed: 64 * MiB }, 2_000)).toBe(0);
  });

  it('gives a running upload half the time to finish its first part, then copies at full speed', () => {
    expect(copyPauseMs(start, 2_000)).toBe(100);
    expect(copyPauseMs({ ...start, elapsedMs: 970 }, 2_000)).toBe(30);
    expect(copyPauseMs({ ...start, elapsedMs: 1_000 }, 2_000)).toBe(0);
    // A part finished before the copy began is not the upload moving.
    const resumed = { ...start, needed: 8 * MiB, neededAtStart: 8 * MiB, elapsedMs: 1_001 };
    expect(copyPauseMs(resumed, 2_000)).toBe(0);
  });

  it('waits while a fast upload would reach the copy in time, looking again soon', () => {
    // 64 MiB sent in 0.2 s: at that speed the upload covers the rest well within 2 s.
    const fast = { ...start, elapsedMs: 200, needed: 64 * MiB };
    expect(copyPauseMs(fast, 2_000)).toBe(100);
    // Near the end of the time, only as long as is left: 400 MiB sent in 1.9 s, 10 MiB to go.
    expect(copyPauseMs({ ...fast, elapsedMs: 1_900, needed: 400 * MiB, copiedFrom: 410 * MiB }, 2_000)).toBe(100);
  });

  it('spreads the chunks still needed over the time left when the upload alone would not make it', () => {
    // 16 MiB sent in 1 s: in the second left it sends 16 MiB more, leaving 496 - 16 - 16 = 464 MiB
    // to copy in 1 s, a 16 MiB chunk every 1000 * 16 / 464 = 34.5 ms.
    const slow = { ...start, elapsedMs: 1_000, needed: 16 * MiB, sinceWriteMs: 0 };
    expect(copyPauseMs(slow, 2_000)).toBeCloseTo((1_000 * 16) / 464, 5);
    expect(copyPauseMs({ ...slow, sinceWriteMs: 30 }, 2_000)).toBeCloseTo((1_000 * 16) / 464 - 30, 5);
    expect(copyPauseMs({ ...slow, sinceWriteMs: 40 }, 2_000)).toBe(0);
  });

  it('does not wait once the time to meet the upload is over', () => {
    expect(copyPauseMs({ ...start, elapsedMs: 2_000, needed: 400 * MiB }, 2_000)).toBe(0);
  });
});
