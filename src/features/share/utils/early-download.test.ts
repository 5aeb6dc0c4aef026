import { describe, expect, it } from 'vitest';
import { PASSWORD_ITERATIONS } from '@domain/share-access-types';
import { earlyDownload, earlyZip } from './early-download';

// What a tap before the app is live may do, as the page's attributes tell public/boot.js.
describe('the attributes of an early download', () => {
  it('of a plain share: its ticket, which boot.js opens at once', () => {
    expect(earlyDownload('AbCd1234', null)).toMatchObject({
      'data-ticket': '/functions/v1/api/shares/AbCd1234/download',
    });
    expect(earlyDownload('AbCd1234', null)).not.toHaveProperty('data-key-check');
  });

  it('of an encrypted share: the ticket with the key check, so that boot.js saves the plaintext or nothing', () => {
    const encryption = { version: 1, keyCheck: 'A'.repeat(22) } as const;
    expect(earlyDownload('AbCd1234', encryption)).toMatchObject({ 'data-key-check': 'A'.repeat(22) });
    expect(earlyZip('AbCd1234', 'AbCd1234.zip', encryption)).toMatchObject({
      'data-key-check': 'A'.repeat(22),
      'data-zip': 'AbCd1234.zip',
    });
  });

  it('of a password share: none, so the tap waits for the app, which asks for the password', () => {
    const password = { salt: 'B'.repeat(22), iterations: PASSWORD_ITERATIONS } as const;
    const encryption = { version: 1, keyCheck: 'C'.repeat(22), password } as const;
    expect(earlyDownload('AbCd1234', encryption)).toEqual({});
    expect(earlyZip('AbCd1234', 'AbCd1234.zip', encryption)).toEqual({});
  });
});
