// @vitest-environment node
// Every way stored bytes can be changed ends in a typed error, and no plaintext of a record that
// failed ever comes out of the recipient's download (decrypt-file.ts, its bytes answered from memory).
import { describe, expect, it, vi } from 'vitest';
import {
  decryptingStream,
  decryptWhole,
  encryptWhole,
  expectSameBytes,
  randomBytes,
  testCipher,
} from '@/test/e2e-crypto';
import { E2eError, type E2eErrorCode } from './errors';
import { RECORD_PLAINTEXT_SIZE, RECORD_SIZE, TAG_SIZE } from './format';
import { createFileCipher, deriveFileKey, keyCheck, verifyKeyCheck } from './keys';
import { decryptRange } from './records';

const SIZE = 5 * RECORD_PLAINTEXT_SIZE + 1_000;
const cipher = await testCipher();
const plaintext = randomBytes(SIZE);
const stored = await encryptWhole(cipher, plaintext);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (all.set(part, at), at + part.length), 0);
  return all;
}

const record = (i: number) => stored.subarray(i * RECORD_SIZE, Math.min((i + 1) * RECORD_SIZE, stored.length));

/**
 * Decrypts `bytes` as a download would, with the file's size from its metadata or, without it,
 * from the stored length; returns the error's code and how much plaintext came out.
 */
async function readStream(bytes: Uint8Array, plaintextSize?: number) {
  let delivered = 0;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      // What came out must be the file's own bytes, in place: never bytes of a failed record.
      expectSameBytes(chunk, plaintext.subarray(delivered, delivered + chunk.length));
      delivered += chunk.length;
    },
  });
  try {
    await (await decryptingStream(cipher, bytes, { plaintextSize, chunkSize: 10_000 })).pipeTo(sink);
    return { code: 'none', delivered };
  } catch (error) {
    expect(error).toBeInstanceOf(E2eError);
    return { code: (error as E2eError).code, delivered };
  }
}

describe('stored bytes that were changed are refused', () => {
  it.each([
    ['a flipped byte in the first record', 100, 0],
    ['a flipped byte in a middle record', 2 * RECORD_SIZE + 5, 2],
    ['a flipped tag byte of the last record', stored.length - 1, 5],
  ])('%s: "damaged", and only the records before it came out', async (_, at, failedRecord) => {
    const changed = stored.slice();
    changed[at]! ^= 0x01;
    expect(await readStream(changed)).toEqual({ code: 'damaged', delivered: failedRecord * RECORD_PLAINTEXT_SIZE });
  });

  it('two records swapped: "damaged"', async () => {
    const swapped = concat(record(0), record(2), record(1), record(3), record(4), record(5));
    expect((await readStream(swapped)).code).toBe('damaged');
  });

  it('a record left out: "damaged"', async () => {
    expect((await readStream(concat(record(0), record(2), record(3), record(4), record(5)))).code).toBe('damaged');
  });

  it('a record repeated: "damaged"', async () => {
    const repeated = concat(record(0), record(1), record(1), record(2), record(3), record(4), record(5));
    expect((await readStream(repeated)).code).toBe('damaged');
  });

  it('bytes added after the final record: "damaged", even a whole record of them', async () => {
    expect((await readStream(concat(stored, new Uint8Array([0])))).code).toBe('damaged');
    expect((await readStream(concat(stored, record(1)))).code).toBe('damaged');
  });

  it('the records of another file of the same transfer: "damaged"', async () => {
    const other = await createFileCipher(await deriveFileKey(new Uint8Array(32).fill(7), 'Other123'));
    const otherStored = await encryptWhole(other, plaintext);
    expect((await readStream(otherStored)).code).toBe('damaged');
    expect((await readStream(concat(record(0), otherStored.subarray(RECORD_SIZE)))).code).toBe('damaged');
  });
});

describe('a download stopped by the visitor', () => {
  it('ends quietly even when the record being opened was damaged', async () => {
    // Counts WebCrypto decryptions still running, to wait until the one left behind has failed.
    const decrypt = crypto.subtle.decrypt.bind(crypto.subtle);
    let running = 0;
    const spy = vi.spyOn(crypto.subtle, 'decrypt').mockImplementation((...args) => {
      running++;
      return decrypt(...args).finally(() => running--);
    });
    const changed = stored.slice();
    changed[RECORD_SIZE + 10]! ^= 0x01;
    const reader = (await decryptingStream(cipher, changed, { chunkSize: 10_000 })).getReader();
    const first = await reader.read();
    expect(first.value?.length).toBe(RECORD_PLAINTEXT_SIZE);
    await reader.cancel();
    await vi.waitFor(() => expect(running).toBe(0), { timeout: 20_000 });
    // One more turn, so an unhandled rejection (which fails this file's run) would have surfaced.
    await new Promise((resolve) => setTimeout(resolve, 0));
    spy.mockRestore();
  });
});

describe('stored bytes that were cut short are refused', () => {
  it.each([1, 3, 5])('cut after record %i (a record boundary): "truncated"', async (records) => {
    expect(await readStream(stored.subarray(0, records * RECORD_SIZE))).toEqual({
      code: 'truncated',
      delivered: (records - 1) * RECORD_PLAINTEXT_SIZE,
    });
  });

  it('cut inside a record: "truncated" when the size is known, "damaged" when not', async () => {
    const cut = stored.subarray(0, 3 * RECORD_SIZE + 500);
    expect((await readStream(cut, SIZE)).code).toBe('truncated');
    expect((await readStream(cut)).code).toBe('damaged');
  });

  it('nothing at all: "truncated"', async () => {
    expect(await readStream(new Uint8Array(0))).toEqual({ code: 'truncated', delivered: 0 });
  });

  it('an empty file with its tag changed or gone', async () => {
    const empty = await encryptWhole(cipher, new Uint8Array(0));
    expect(empty.length).toBe(TAG_SIZE);
    const changed = empty.slice();
    changed[0]! ^= 0x80;
    await expect(decryptWhole(cipher, changed)).rejects.toMatchObject({ code: 'damaged' });
    await expect(decryptWhole(cipher, empty.subarray(0, 8))).rejects.toMatchObject({ code: 'damaged' });
  });

  it('a seek past the end of what was fetched, or a range claiming more than the file holds', async () => {
    await expect(decryptRange(cipher, stored.slice(RECORD_SIZE, 2 * RECORD_SIZE - 1), 1, SIZE)).rejects.toMatchObject({
      code: 'truncated',
    });
    await expect(decryptRange(cipher, concat(stored, record(0)), 0, SIZE)).rejects.toMatchObject({ code: 'damaged' });
    await expect(decryptRange(cipher, stored.slice(RECORD_SIZE), 1, SIZE - 1)).rejects.toMatchObject({
      code: 'damaged',
    });
  });
});

describe('a wrong key', () => {
  const linkKey = new Uint8Array(32).fill(7);
  const wrongKey = new Uint8Array(32).fill(8);

  it('is told apart by the key check value before any byte is read', async () => {
    const check = await keyCheck(linkKey);
    expect(check).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await expect(verifyKeyCheck(linkKey, check)).resolves.toBeUndefined();
    await expect(verifyKeyCheck(wrongKey, check)).rejects.toMatchObject({ code: 'wrong-key' satisfies E2eErrorCode });
  });

  it('without the check, would only look like a damaged first record', async () => {
    const wrong = await createFileCipher(await deriveFileKey(wrongKey, 'AbCd1234'));
    await expect(decryptWhole(wrong, stored)).rejects.toMatchObject({ code: 'damaged' });
  });
});
