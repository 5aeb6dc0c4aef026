import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [5 * 1024 ** 2, '5 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [2 * 1024 ** 3 + 1, '2 GB'],
    [1.5 * 1024 ** 4, '1.5 TB'],
    [3 * 1024 ** 5, '3072 TB'],
    [-5, '0 bytes'],
    [Number.NaN, '0 bytes'],
  ])('%d → %s', (input, expected) => {
    expect(formatBytes(input)).toBe(expected);
  });
});

describe('formatBytes in the visitor language', () => {
  it('uses the Turkish decimal comma', () => {
    expect(formatBytes(1536, 'tr')).toBe('1,5 KB');
    expect(formatBytes(1234567, 'tr')).toBe('1,18 MB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
  });
});
