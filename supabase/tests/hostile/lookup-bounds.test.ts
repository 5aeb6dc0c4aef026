// @vitest-environment node
// POST /files/lookup asked about as much as it allows, on PGlite and PostgreSQL 15: 50 transfers
// of 1,000 files each. The answer lists a bounded number of files per transfer while its count,
// size and expiry still cover them all (a request naming more items is refused: owner-files.test.ts).
import { describe, expect, it } from 'vitest';
import type { CreatedTransfer, OwnedFiles } from '../../functions/_shared/domain/api-types.ts';
import {
  LOOKUP_FILES_PER_TRANSFER,
  LOOKUP_MAX_ITEMS,
  MAX_TRANSFER_FILES,
} from '../../functions/_shared/domain/constants.ts';
import { createTransfer, fillTransfer, uploadInto } from '../api/transfer-helpers.ts';
import { bytesOf } from '../api/upload-helpers.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';

/** Bytes of each file written directly into the transfers. */
const FILE_SIZE = 1_000;

/** Generous room per listed file in the answer (a FileDto is about 450 bytes of JSON). */
const BYTES_PER_LISTED_FILE = 1_024;

let visitors = 0;
const visitor = () => ({ 'x-forwarded-for': `198.18.${Math.floor(++visitors / 250)}.${visitors % 250}` });

describe.each(TARGETS)('POST /files/lookup at its limits on %s', (target) => {
  const p = platformForTests({ target });

  it(`${LOOKUP_MAX_ITEMS} transfers of ${MAX_TRANSFER_FILES} files: each lists its first ${LOOKUP_FILES_PER_TRANSFER}, and counts them all`, async () => {
    const transfers: CreatedTransfer[] = [];
    for (let i = 0; i < LOOKUP_MAX_ITEMS; i++) {
      const t = await createTransfer(p, {}, visitor());
      await fillTransfer(p, t, MAX_TRANSFER_FILES - (i === 0 ? 1 : 0), FILE_SIZE);
      transfers.push(t);
    }
    // The first transfer's one complete file sorts after every other: not listed, still counted.
    const last = bytesOf(10);
    await uploadInto(p, transfers[0]!, 'zz', 'last.txt', last);

    const res = await p.call('POST', '/files/lookup', {
      body: { items: transfers.map(({ shareId, ownerToken }) => ({ shareId, ownerToken })) },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(LOOKUP_MAX_ITEMS * LOOKUP_FILES_PER_TRANSFER * BYTES_PER_LISTED_FILE);
    const owned = JSON.parse(text) as OwnedFiles;
    expect(owned.transfers.map((t) => t.shareId).sort()).toEqual(transfers.map((t) => t.shareId).sort());
    for (const listed of owned.transfers) {
      expect(listed.fileCount).toBe(MAX_TRANSFER_FILES);
      expect(listed.files).toHaveLength(LOOKUP_FILES_PER_TRANSFER);
      // By path then name: the first hundred of the folder, in order.
      expect(listed.files.slice(0, 3).map((f) => [f.path, f.name])).toEqual([
        ['filled', 'f1'],
        ['filled', 'f10'],
        ['filled', 'f100'],
      ]);
    }
    const first = owned.transfers.find((t) => t.shareId === transfers[0]!.shareId);
    const others = owned.transfers.filter((t) => t !== first);
    expect(first?.size).toBe((MAX_TRANSFER_FILES - 1) * FILE_SIZE + last.length);
    expect(first?.expiresAt).not.toBeNull();
    for (const t of others) {
      expect(t.size).toBe(MAX_TRANSFER_FILES * FILE_SIZE);
      // Nothing complete yet: no expiry.
      expect(t.expiresAt).toBeNull();
    }
  }, 300_000);
});
