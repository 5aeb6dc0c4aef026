// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, MAX_FRAME_SIZE } from './constants';
import { decodeFrame, encodeFrame, FrameError, RefusedReason, type Frame } from './frames';

const bytes = (length: number, fill = 7) => new Uint8Array(length).fill(fill);

describe('frames', () => {
  it.each<Frame>([
    { type: 'hello', publicKey: bytes(32, 1), nonce: bytes(24, 2), box: bytes(40, 3) },
    { type: 'rejoin', publicKey: bytes(32, 1), nonce: bytes(24, 2), box: bytes(40, 3) },
    { type: 'commit', hash: bytes(32) },
    { type: 'key', publicKey: bytes(32) },
    { type: 'reveal', publicKey: bytes(32) },
    { type: 'refused', reason: RefusedReason.wrongKey },
    { type: 'control', counter: 2 ** 40, box: bytes(30) },
    { type: 'chunk', fileIndex: 3, chunkIndex: 70000, box: bytes(100) },
  ])('round-trips a $type frame', (frame) => {
    expect(decodeFrame(encodeFrame(frame))).toEqual(frame);
  });

  it('a full chunk fits the largest message Chromium takes', () => {
    const frame = encodeFrame({ type: 'chunk', fileIndex: 0, chunkIndex: 0, box: bytes(CHUNK_SIZE + 16) });
    expect(frame.length).toBeLessThanOrEqual(MAX_FRAME_SIZE);
  });

  it.each([
    ['empty', new Uint8Array()],
    ['another version', new Uint8Array([9, 0x02, ...bytes(32)])],
    ['an unknown type', new Uint8Array([1, 0x7f, 0])],
    ['a short key', new Uint8Array([1, 0x03, ...bytes(31)])],
    ['a long commit', new Uint8Array([1, 0x02, ...bytes(33)])],
    ['an unknown refusal', new Uint8Array([1, 0x06, 9])],
    ['a chunk without a MAC', new Uint8Array([1, 0x11, ...bytes(8)])],
    ['an oversized frame', new Uint8Array(MAX_FRAME_SIZE + 1).fill(1)],
  ])('refuses %s', (_, frame) => {
    expect(() => decodeFrame(frame)).toThrow(FrameError);
  });
});
