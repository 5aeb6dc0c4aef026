// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mailtoHref, whatsAppHref } from './share-links';

describe('share links', () => {
  it('WhatsApp gets the whole message, encoded', () => {
    expect(whatsAppHref('Get "a & b.pdf": https://x/s/Ab3dE5gH')).toBe(
      'https://wa.me/?text=Get%20%22a%20%26%20b.pdf%22%3A%20https%3A%2F%2Fx%2Fs%2FAb3dE5gH',
    );
  });

  it('mail gets subject and body, line breaks kept', () => {
    const href = mailtoHref('Ünlü & co', 'line 1\n\nline 2');
    expect(href).toBe('mailto:?subject=%C3%9Cnl%C3%BC%20%26%20co&body=line%201%0A%0Aline%202');
  });
});
