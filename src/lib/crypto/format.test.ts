import { MAX_FILE_SIZE, MIB } from '@domain/constants';
import { planParts, partRange } from '@domain/part-plan';
import { describe, expect, it } from 'vitest';
import {
  MAX_PLAINTEXT_SIZE,
  RECORD_PLAINTEXT_SIZE,
  RECORD_SIZE,
  TAG_SIZE,
  ciphertextSize,
  partPlace,
  plaintextSizeOf,
  recordCount,
  recordsForPlaintextRange,
} from './format';

const P = RECORD_PLAINTEXT_SIZE;

describe('stored size of an encrypted file', () => {
  it.each([
    ['empty', 0, TAG_SIZE],
    ['1 byte', 1, 1 + TAG_SIZE],
    ['one byte short of a record', P - 1, P - 1 + TAG_SIZE],
    ['exactly one record', P, RECORD_SIZE],
    ['one byte over a record', P + 1, RECORD_SIZE + 1 + TAG_SIZE],
    ['64 KiB', 65_536, 65_536 + 2 * TAG_SIZE],
    ['2 GiB', MAX_FILE_SIZE, MAX_FILE_SIZE + TAG_SIZE * Math.ceil(MAX_FILE_SIZE / P)],
  ])('%s: %i bytes are stored as %i', (_, plaintext, stored) => {
    expect(ciphertextSize(plaintext)).toBe(stored);
    expect(plaintextSizeOf(stored)).toBe(plaintext);
  });

  it('maps every stored size around record edges back, or says no file has it', () => {
    for (const base of [0, RECORD_SIZE, 5 * RECORD_SIZE]) {
      for (let size = base; size < base + 40; size++) {
        const plaintext = plaintextSizeOf(size);
        if (plaintext === null) continue;
        expect(ciphertextSize(plaintext)).toBe(size);
      }
    }
    // Shorter than a tag; a final record shorter than its tag; an empty final record after full ones.
    for (const size of [0, 15, RECORD_SIZE + 1, RECORD_SIZE + 15, RECORD_SIZE + TAG_SIZE]) {
      expect(plaintextSizeOf(size)).toBeNull();
    }
  });

  it('refuses sizes no file can have', () => {
    expect(() => ciphertextSize(-1)).toThrow(RangeError);
    expect(() => ciphertextSize(1.5)).toThrow(RangeError);
    expect(() => ciphertextSize(MAX_PLAINTEXT_SIZE + 1)).toThrow(RangeError);
    expect(recordCount(MAX_PLAINTEXT_SIZE)).toBe(2 ** 32);
  });
});

describe('upload parts of an encrypted file', () => {
  it.each([0, 1, P, 8 * MIB - 1, 20 * MIB + 12_345, MAX_FILE_SIZE])(
    'every part the server plans for %i plaintext bytes is whole records, read from the right plaintext',
    (size) => {
      const stored = ciphertextSize(size);
      const plan = planParts(stored);
      let plaintextAt = 0;
      for (let part = 1; part <= plan.partCount; part++) {
        const place = partPlace(part, plan.partSize, size);
        const server = partRange(plan, stored, part);
        expect([place.ciphertextStart, place.ciphertextEnd]).toEqual([server.start, server.end]);
        expect(place.plaintextStart).toBe(plaintextAt);
        expect(place.firstRecord).toBe(((part - 1) * plan.partSize) / RECORD_SIZE);
        expect(place.isLastPart).toBe(part === plan.partCount);
        plaintextAt = place.plaintextEnd;
      }
      expect(plaintextAt).toBe(size);
    },
  );

  it('refuses a part size that is not whole records, and parts past the end', () => {
    expect(() => partPlace(1, 5 * MIB + 1, 10 * MIB)).toThrow(RangeError);
    expect(() => partPlace(3, 8 * MIB, 10 * MIB)).toThrow(RangeError);
    expect(() => partPlace(0, 8 * MIB, 10 * MIB)).toThrow(RangeError);
  });
});

describe('records behind a plaintext range (a seek)', () => {
  const size = 10 * P + 100;

  it('fetches just the records holding the range and says what to skip', () => {
    expect(recordsForPlaintextRange(3 * P + 10, 3 * P + 20, size)).toEqual({
      firstRecord: 3,
      endRecord: 4,
      ciphertextStart: 3 * RECORD_SIZE,
      ciphertextEnd: 4 * RECORD_SIZE,
      skip: 10,
    });
    expect(recordsForPlaintextRange(P - 1, P + 1, size)).toMatchObject({ firstRecord: 0, endRecord: 2, skip: P - 1 });
    expect(recordsForPlaintextRange(9 * P, size, size)).toEqual({
      firstRecord: 9,
      endRecord: 11,
      ciphertextStart: 9 * RECORD_SIZE,
      ciphertextEnd: ciphertextSize(size),
      skip: 0,
    });
  });

  it('refuses ranges outside the file', () => {
    expect(() => recordsForPlaintextRange(0, size + 1, size)).toThrow(RangeError);
    expect(() => recordsForPlaintextRange(5, 5, size)).toThrow(RangeError);
    expect(() => recordsForPlaintextRange(-1, 5, size)).toThrow(RangeError);
  });
});
