// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decryptWhole, encryptWhole, randomBytes } from '@/test/e2e-crypto';
import { createFileCipher, deriveFileKey } from './keys';
import { MAX_PASSWORD_LENGTH, bindPassword, derivePasswordKey, newPasswordSalt, passwordVerifier } from './password';

const linkKey = new Uint8Array(32).fill(1);
const otherLinkKey = new Uint8Array(32).fill(2);
const salt = new Uint8Array(16).fill(3);

// Each derivation runs the full PBKDF2 count (about 0.3 s here); derive once per password.
const [right, wrong, composed, decomposed] = await Promise.all(
  ['correct horse', 'correct hors3', 'Şifre é', 'S\u0327ifre e\u0301'].map((password) =>
    derivePasswordKey(password, salt),
  ),
);

describe('a transfer password', () => {
  it('gives the same verifier for the same password, link and salt, and another for anything else', async () => {
    const verifier = await passwordVerifier(linkKey, right!);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await passwordVerifier(linkKey, right!)).toBe(verifier);
    expect(await passwordVerifier(linkKey, wrong!)).not.toBe(verifier);
    expect(await passwordVerifier(otherLinkKey, right!)).not.toBe(verifier);
  });

  it('reads the same typed on any system (Unicode composed or not)', () => {
    expect(composed).toEqual(decomposed);
    expect(composed).not.toEqual(right);
  });

  it('depends on the salt', async () => {
    const otherSalt = newPasswordSalt();
    expect(otherSalt).not.toEqual(salt);
    expect(await derivePasswordKey('correct horse', otherSalt)).not.toEqual(right);
  });

  it('binds the content: the link alone, or the link with a wrong password, opens nothing', async () => {
    const bound = await bindPassword(linkKey, right!);
    expect(bound).not.toEqual(linkKey);
    const plaintext = randomBytes(1000);
    const stored = await encryptWhole(await createFileCipher(await deriveFileKey(bound, 'AbCd1234')), plaintext);
    for (const key of [linkKey, await bindPassword(linkKey, wrong!)]) {
      const cipher = await createFileCipher(await deriveFileKey(key, 'AbCd1234'));
      await expect(decryptWhole(cipher, stored)).rejects.toMatchObject({ code: 'damaged' });
    }
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(MAX_PASSWORD_LENGTH + 1)],
  ])('refuses a password that is %s', async (_, password) => {
    await expect(derivePasswordKey(password, salt)).rejects.toMatchObject({ code: 'password-invalid' });
  });
});
