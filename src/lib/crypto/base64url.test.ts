// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';

describe('base64url', () => {
  it('round-trips every length and matches Node', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });

  it.each(['a', 'ab=c', 'ab c', 'ab+/', 'AB%3D', 'AR'])('refuses %j', (text) => {
    expect(fromBase64Url(text)).toBeNull();
  });
});
