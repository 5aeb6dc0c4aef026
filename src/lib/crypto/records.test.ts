// @vitest-environment node
import { KIB, MIB } from '@domain/constants';
import { planParts } from '@domain/part-plan';
import { describe, expect, it } from 'vitest';
import { decryptedRange } from '@/lib/download-pipeline/decrypt-file';
import { decryptWhole, encryptWhole, expectSameBytes, randomBytes, storedFetch, testCipher } from '@/test/e2e-crypto';
import { RECORD_PLAINTEXT_SIZE, RECORD_SIZE, ciphertextSize, partPlace, recordsForPlaintextRange } from './format';
import { RECORDS_IN_FLIGHT, decryptRange, encryptRange } from './records';

describe('a file round-trips through encryption', () => {
  it.each([
    ['empty', 0],
    ['1 byte', 1],
    ['64 KiB - 1', 64 * KIB - 1],
    ['64 KiB', 64 * KIB],
    ['64 KiB + 1', 64 * KIB + 1],
    ['one record - 1', RECORD_PLAINTEXT_SIZE - 1],
    ['one record', RECORD_PLAINTEXT_SIZE],
    ['one record + 1', RECORD_PLAINTEXT_SIZE + 1],
    ['5 MiB + 3', 5 * MIB + 3],
  ])('%s: stored at its computed size, read back identical, in chunks of any size', async (_, size) => {
    const cipher = await testCipher();
    const plaintext = randomBytes(size);
    const stored = await encryptWhole(cipher, plaintext);
    expect(stored.length).toBe(ciphertextSize(size));
    for (const chunkSize of [1_000, RECORD_SIZE, 3 * RECORD_SIZE + 7]) {
      expectSameBytes(await decryptWhole(cipher, stored, { chunkSize }), plaintext);
    }
    expectSameBytes(await decryptWhole(cipher, stored, { plaintextSize: size }), plaintext);
  });

  it('hides the plaintext: no 16-byte run of it appears in what is stored', async () => {
    const plaintext = new Uint8Array(3 * RECORD_PLAINTEXT_SIZE).fill(0x41);
    const stored = await encryptWhole(await testCipher(), plaintext);
    const text = Array.from(stored, (byte) => String.fromCharCode(byte)).join('');
    expect(text).not.toContain('A'.repeat(16));
  });

  it('gives each file of a transfer its own bytes for the same content', async () => {
    const plaintext = randomBytes(1000);
    const a = await encryptWhole(await testCipher('AAAAAAAA'), plaintext);
    const b = await encryptWhole(await testCipher('BBBBBBBB'), plaintext);
    expect(a.length).toBe(b.length);
    expect(a.filter((byte, i) => byte === b[i]).length).toBeLessThan(a.length / 16);
  });
});

describe('re-encrypting a part after a crash', () => {
  // Three full parts of the server's size and a short last one.
  const size = 3 * 8 * MIB + 12_345;

  it('gives exactly the bytes of the whole-file encryption at that range, from bytes or from a Blob', async () => {
    const cipher = await testCipher();
    const plaintext = randomBytes(size);
    const whole = await encryptWhole(cipher, plaintext);
    const plan = planParts(ciphertextSize(size));
    expect(plan.partCount).toBe(4);
    for (const part of [2, 4]) {
      const place = partPlace(part, plan.partSize, size);
      const slice = plaintext.slice(place.plaintextStart, place.plaintextEnd);
      const again = await encryptRange(cipher, new Blob([slice]), place.firstRecord, place.isLastPart);
      expectSameBytes(again, whole.subarray(place.ciphertextStart, place.ciphertextEnd));
      expectSameBytes(await encryptRange(cipher, slice, place.firstRecord, place.isLastPart), again);
    }
  });

  it('reads a part from a Blob a few records at a time, never the whole part', async () => {
    // A file on disk, watched: how much of it is read into memory at once while a part is sealed.
    let reading = 0;
    let mostAtOnce = 0;
    let largestRead = 0;
    class WatchedFile extends Blob {
      override slice(start?: number, end?: number): Blob {
        const piece = super.slice(start, end);
        const read = piece.arrayBuffer.bind(piece);
        piece.arrayBuffer = async () => {
          reading += piece.size;
          mostAtOnce = Math.max(mostAtOnce, reading);
          largestRead = Math.max(largestRead, piece.size);
          const bytes = await read();
          reading -= piece.size;
          return bytes;
        };
        return piece;
      }
    }
    const cipher = await testCipher();
    const plaintext = randomBytes(128 * RECORD_PLAINTEXT_SIZE);
    const sealed = await encryptRange(cipher, new WatchedFile([plaintext]), 0, false);
    expectSameBytes(sealed, await encryptRange(cipher, plaintext, 0, false));
    // The records being sealed and the next ones being read.
    expect(largestRead).toBe(RECORDS_IN_FLIGHT * RECORD_PLAINTEXT_SIZE);
    expect(mostAtOnce).toBeLessThanOrEqual(2 * RECORDS_IN_FLIGHT * RECORD_PLAINTEXT_SIZE);
  });

  it('refuses a part that could not come from the plan: short middle part, empty record after full ones', async () => {
    const cipher = await testCipher();
    await expect(encryptRange(cipher, randomBytes(RECORD_PLAINTEXT_SIZE + 1), 0, false)).rejects.toThrow(RangeError);
    await expect(encryptRange(cipher, new Uint8Array(0), 0, false)).rejects.toThrow(RangeError);
    await expect(encryptRange(cipher, new Uint8Array(0), 3, true)).rejects.toThrow(RangeError);
  });
});

describe('reading from the middle (a video seek)', () => {
  const size = 40 * RECORD_PLAINTEXT_SIZE + 999;

  it('decrypts only the fetched records and serves the asked bytes', async () => {
    const cipher = await testCipher();
    const plaintext = randomBytes(size);
    const stored = await encryptWhole(cipher, plaintext);
    for (const [start, end] of [
      [17 * RECORD_PLAINTEXT_SIZE + 5, 19 * RECORD_PLAINTEXT_SIZE + 70],
      [size - 10, size],
      [0, 1],
    ] as const) {
      const seek = recordsForPlaintextRange(start, end, size);
      const fetched = stored.slice(seek.ciphertextStart, seek.ciphertextEnd);
      const records = await decryptRange(cipher, fetched, seek.firstRecord, size);
      expectSameBytes(records.subarray(seek.skip, seek.skip + end - start), plaintext.subarray(start, end));
    }
  });

  it('streams from a record in the middle to the end of the file', async () => {
    const cipher = await testCipher();
    const plaintext = randomBytes(size);
    const stored = await encryptWhole(cipher, plaintext);
    const file = { url: 'https://bucket.invalid/f.bin', name: 'f.bin', path: '', size, cipher };
    const start = 25 * RECORD_PLAINTEXT_SIZE + 1;
    const stream = await decryptedRange(file, start, size, { fetch: storedFetch(stored) });
    expectSameBytes(new Uint8Array(await new Response(stream).arrayBuffer()), plaintext.subarray(start));
  });
});
