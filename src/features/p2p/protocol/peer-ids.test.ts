// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, formatCode, isLinkId, LINK_ID_LENGTH, parseCode, randomCode, randomLinkId } from './peer-ids';

describe('peer ids', () => {
  it('link ids are 22 base62 characters and do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomLinkId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toHaveLength(LINK_ID_LENGTH);
      expect(isLinkId(id)).toBe(true);
    }
    expect(isLinkId('short')).toBe(false);
    expect(isLinkId('a'.repeat(21) + '-')).toBe(false);
  });

  it('codes are 8 Crockford base32 characters, shown in two groups', () => {
    const code = randomCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(code).toHaveLength(CODE_LENGTH);
    expect(formatCode('K3QD8ZP2')).toBe('K3QD-8ZP2');
  });

  it('reads a typed code the forgiving way', () => {
    expect(parseCode('k3qd-8zp2')).toBe('K3QD8ZP2');
    expect(parseCode(' K3QD 8ZP2 ')).toBe('K3QD8ZP2');
    expect(parseCode('O1IL-0000')).toBe('01110000');
    expect(parseCode('K3QD-8ZP')).toBeNull();
    expect(parseCode('K3QD-8ZPU')).toBeNull();
    expect(parseCode('K3QD/8ZP2')).toBeNull();
  });
});
