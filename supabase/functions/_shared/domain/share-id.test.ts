import { describe, expect, it } from 'vitest';
import { SHARE_ID_ALPHABET, SHARE_ID_LENGTH } from './constants.ts';
import { isShareId, newShareId } from './share-id.ts';

describe('isShareId', () => {
  it.each<[unknown, boolean]>([
    ['AbCd1234', true],
    ['00000000', true],
    ['AbCd123', false],
    ['AbCd12345', false],
    ['AbCd-234', false],
    ['AbCd 234', false],
    ['AbCdé234', false],
    ['', false],
    [12345678, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isShareId(value)).toBe(expected);
  });
});

describe('newShareId', () => {
  it('makes valid, distinct ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newShareId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toHaveLength(SHARE_ID_LENGTH);
      expect(isShareId(id)).toBe(true);
    }
  });

  it('uses the whole alphabet with no character strongly favoured', () => {
    const counts = new Map<string, number>();
    const total = 20_000;
    for (let i = 0; i < total / SHARE_ID_LENGTH; i++) {
      for (const ch of newShareId()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(counts.size).toBe(SHARE_ID_ALPHABET.length);
    const expected = total / SHARE_ID_ALPHABET.length;
    // With modulo bias the first 8 characters would be ~25% more frequent; allow ±40% noise only.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(expected * 0.6);
      expect(count).toBeLessThan(expected * 1.4);
    }
  });
});
