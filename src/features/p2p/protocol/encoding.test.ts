// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { concatBytes, equalBytes, randomString } from './encoding';

describe('randomString', () => {
  it('uses only the alphabet, every letter of it', () => {
    const text = randomString('abc', 3000);
    expect(text).toMatch(/^[abc]{3000}$/);
    for (const letter of 'abc') expect(text.split(letter).length - 1).toBeGreaterThan(800);
  });
});

describe('equalBytes', () => {
  it('compares length and content', () => {
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(equalBytes(new Uint8Array([1]), new Uint8Array([1, 0]))).toBe(false);
  });
});

describe('concatBytes', () => {
  it('joins the parts in order, views into larger buffers included', () => {
    const backing = new Uint8Array([9, 9, 3, 4, 9]);
    const joined = concatBytes([
      new Uint8Array([1, 2]),
      backing.subarray(2, 4),
      new Uint8Array(0),
      new Uint8Array([5]),
    ]);
    expect([...joined]).toEqual([1, 2, 3, 4, 5]);
    expect(concatBytes([])).toHaveLength(0);
  });
});
