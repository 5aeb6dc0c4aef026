import { describe, expect, it } from 'vitest';
import { ownJoined, releaseBuffers } from './release-buffers';

describe('releaseBuffers', () => {
  it('takes the memory from each buffer given, once however often it is listed', () => {
    const a = new ArrayBuffer(16);
    const b = new ArrayBuffer(8);
    releaseBuffers([a, b, a]);
    expect([a.byteLength, b.byteLength]).toEqual([0, 0]);
  });

  it('passes over what cannot move, and still releases the rest', () => {
    const gone = new ArrayBuffer(4);
    releaseBuffers([gone]);
    const kept = new ArrayBuffer(4);
    expect(() => releaseBuffers([gone, new ArrayBuffer(0), kept])).not.toThrow();
    expect(kept.byteLength).toBe(0);
  });
});

describe('ownJoined', () => {
  it('joins chunks in order into one buffer and releases theirs', () => {
    const first = Uint8Array.from([1, 2]);
    const shared = new Uint8Array(4);
    shared.set([3, 4, 5, 6]);
    const joined = ownJoined([first, shared.subarray(0, 2), shared.subarray(2)]);
    expect([...joined]).toEqual([1, 2, 3, 4, 5, 6]);
    expect([first.buffer.byteLength, shared.buffer.byteLength]).toEqual([0, 0]);
  });
});
