// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isE2eError, type E2eErrorCode } from './errors';
import { LINK_KEY_LENGTH, linkKeyFromFragment, linkKeyToFragment, newLinkKey } from './link-key';

function codeOf(fragment: string): E2eErrorCode | 'none' {
  try {
    linkKeyFromFragment(fragment);
    return 'none';
  } catch (error) {
    if (isE2eError(error)) return error.code;
    throw error;
  }
}

describe('the key in a link', () => {
  it('is 43 URL-safe characters that read back as the same 32 bytes, with or without the #', () => {
    for (let i = 0; i < 50; i++) {
      const key = newLinkKey();
      const fragment = linkKeyToFragment(key);
      expect(fragment).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(linkKeyFromFragment(fragment)).toEqual(key);
      expect(linkKeyFromFragment(`#${fragment}`)).toEqual(key);
    }
    expect(LINK_KEY_LENGTH).toBe(43);
  });

  it('is new every time', () => {
    const fragments = new Set(Array.from({ length: 100 }, () => linkKeyToFragment(newLinkKey())));
    expect(fragments.size).toBe(100);
  });

  const good = linkKeyToFragment(new Uint8Array(32).fill(0xab));

  it.each([
    ['no fragment', ''],
    ['a bare #', '#'],
    ['the key cut off in a mail', `#${good.slice(0, 30)}`],
    ['one character missing', good.slice(0, 42)],
  ])('%s: "link incomplete"', (_, fragment) => {
    expect(codeOf(fragment)).toBe('link-incomplete');
  });

  it.each([
    ['one character too many', `${good}A`],
    ['standard base64 characters', `${good.slice(0, 41)}+/`],
    ['a trailing full stop from a sentence', `${good}.`],
    ['a space inside', `${good.slice(0, 20)} ${good.slice(21)}`],
    ['percent-encoding', `${good.slice(0, 40)}%3D`],
    // The last character carries 4 bits of the key and 2 bits that must be zero.
    ['a second spelling of the same key', `${good.slice(0, 42)}${String.fromCharCode(good.charCodeAt(42) + 1)}`],
    ['something else entirely', 'key=hello'],
  ])('%s: "link malformed"', (_, fragment) => {
    expect(codeOf(fragment)).toBe('link-malformed');
  });

  it('refuses to write a key of the wrong size', () => {
    expect(() => linkKeyToFragment(new Uint8Array(16))).toThrow(RangeError);
  });
});
