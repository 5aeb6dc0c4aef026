// @vitest-environment node
// The format cannot drift: docs/encryption.md implemented a second time here with Node's own
// crypto (no WebCrypto, none of our code) must give the same bytes, and those bytes must hash to
// the values pinned below. A change to either is a new format version, not an edit.
import { createCipheriv, createHash, createHmac, hkdfSync, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptWhole, expectSameBytes, patternBytes } from '@/test/e2e-crypto';
import { createFileCipher, deriveFileKey, keyCheck } from './keys';
import { bindPassword, derivePasswordKey, passwordVerifier } from './password';

const RECORD_PLAINTEXT = 65_520;
const transferKey = Uint8Array.from({ length: 32 }, (_, i) => i);
const fileId = 'AbCd1234';
// Two full records and a short final one.
const plaintext = patternBytes(2 * RECORD_PLAINTEXT + 4_321);

const hkdf = (ikm: Uint8Array, info: string, length: number) =>
  new Uint8Array(hkdfSync('sha256', ikm, new Uint8Array(0), Buffer.from(info, 'utf8'), length));

/** The format as docs/encryption.md writes it, with node:crypto. */
function referenceEncrypt(key: Uint8Array, id: string, data: Uint8Array): Uint8Array {
  const fileKey = hkdf(key, `ulak/e2e/v1/file-key\0${id}`, 32);
  const aesKey = hkdf(fileKey, 'ulak/e2e/v1/aes-256-gcm', 32);
  const nonceBase = hkdf(fileKey, 'ulak/e2e/v1/nonce-base', 12);
  const count = Math.max(1, Math.ceil(data.length / RECORD_PLAINTEXT));
  const records: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const counter = Buffer.alloc(12);
    counter.writeUIntBE(i, 5, 6); // bytes 0-10: the index, big-endian (6 bytes hold any index we use)
    counter[11] = i === count - 1 ? 1 : 0;
    const nonce = Buffer.from(nonceBase.map((byte, at) => byte ^ counter[at]!));
    const gcm = createCipheriv('aes-256-gcm', aesKey, nonce);
    const body = gcm.update(data.subarray(i * RECORD_PLAINTEXT, (i + 1) * RECORD_PLAINTEXT));
    records.push(Buffer.concat([body, gcm.final(), gcm.getAuthTag()]));
  }
  return Buffer.concat(records);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the format, byte for byte', () => {
  it('matches an independent implementation of the documented format, and its pinned hash', async () => {
    const ours = await encryptWhole(await createFileCipher(await deriveFileKey(transferKey, fileId)), plaintext);
    const reference = referenceEncrypt(transferKey, fileId, plaintext);
    expectSameBytes(ours, reference);
    expect(ours.length).toBe(plaintext.length + 3 * 16);
    expect(sha256(ours)).toBe('d88bb109b25abc4a6349e052c3883d7d55f40926514a35af634e0009d7876af8');
  });

  it('encrypts an empty file to one pinned 16-byte record', async () => {
    const ours = await encryptWhole(
      await createFileCipher(await deriveFileKey(transferKey, fileId)),
      new Uint8Array(0),
    );
    expectSameBytes(ours, referenceEncrypt(transferKey, fileId, new Uint8Array(0)));
    expect(Buffer.from(ours).toString('hex')).toBe('890a0fb595c44f3ba0c894b328a7b652');
  });

  it('derives the pinned key check value', async () => {
    const reference = Buffer.from(hkdf(transferKey, 'ulak/e2e/v1/key-check', 16)).toString('base64url');
    expect(await keyCheck(transferKey)).toBe(reference);
    expect(reference).toBe('neaXV4FExYVxOoeC4zjbQw');
  });

  it('derives the pinned password verifier and bound key', async () => {
    const salt = Uint8Array.from({ length: 16 }, (_, i) => 100 + i);
    const passwordKey = await derivePasswordKey('correct horse battery staple', salt);
    expect(Buffer.from(passwordKey)).toEqual(pbkdf2Sync('correct horse battery staple', salt, 600_000, 32, 'sha256'));
    const both = Buffer.concat([transferKey, passwordKey]);
    const macKey = hkdf(both, 'ulak/e2e/v1/password-verifier', 32);
    const verifier = createHmac('sha256', macKey).update('ulak/e2e/v1/password-verifier').digest('base64url');
    expect(await passwordVerifier(transferKey, passwordKey)).toBe(verifier);
    expect(await bindPassword(transferKey, passwordKey)).toEqual(hkdf(both, 'ulak/e2e/v1/password-bound-key', 32));
    expect(verifier).toBe('4LxNi5nR1yhiezApJtDa-E4E5fn2CYqxYGL4lCdbUuA');
  });
});
