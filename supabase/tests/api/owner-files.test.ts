// @vitest-environment node
// What only an upload's owner may do, against a real database (PGlite and PostgreSQL 15) and the
// embedded bucket: every owner operation wants the owner token, and the owner's list (POST
// /files/lookup) shows their files, newest first, and leaves out what expired.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, complete, create, putParts, storagePath, upload } from './upload-helpers.ts';

describe.each(TARGETS)("the owner's files on %s", (target) => {
  const p = platformForTests({ target });

  it('refuses every owner operation with a wrong owner token, and lookup leaves the file out', async () => {
    const bytes = bytesOf(50, 3);
    const c = await create(p, { name: 'mine.txt', size: bytes.length });
    const wrong = { 'x-owner-token': 'not-the-token' };
    const parts = await p.call('POST', `/uploads/${c.fileId}/parts`, { body: { partNumbers: [1] }, headers: wrong });
    expect(parts.status).toBe(403);
    expect(await body(parts)).toEqual({
      error: 'Only the device that started this upload can continue it.',
      code: 'not_owner',
    });
    const noToken = await p.call('POST', `/uploads/${c.fileId}/parts`, { body: { partNumbers: [1] } });
    expect(noToken.status).toBe(403);

    const realParts = await putParts(p, c, bytes);
    const completeWrong = await p.call('POST', `/uploads/${c.fileId}/complete`, {
      body: { parts: realParts },
      headers: wrong,
    });
    expect(completeWrong.status).toBe(403);
    const abortWrong = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: wrong });
    expect(abortWrong.status).toBe(403);

    expect((await complete(p, c, realParts)).status).toBe(200);
    const del = await p.call('DELETE', `/shares/${c.shareId}`, { headers: wrong });
    expect(del.status).toBe(403);
    expect(await body(del)).toEqual({
      error: 'Only the device that uploaded this file can delete it.',
      code: 'not_owner',
    });
    expect((await p.call('GET', `/shares/${c.shareId}`)).status).toBe(200);

    const other = await upload(p, 'other.txt', bytesOf(10, 4));
    const lookup = await p.call('POST', '/files/lookup', {
      body: {
        items: [
          { shareId: c.shareId, ownerToken: 'not-the-token' },
          { shareId: other.shareId, ownerToken: other.ownerToken },
          { shareId: 'Zzzzzzz9', ownerToken: 'whatever' },
        ],
      },
    });
    expect(lookup.status).toBe(200);
    const { files } = await body<{ files: { shareId: string }[] }>(lookup);
    expect(files.map((f) => f.shareId)).toEqual([other.shareId]);
  });

  it("lists the owner's files newest first, uploads in progress included", async () => {
    const older = await upload(p, 'older.txt', bytesOf(10, 5));
    p.advanceTime(1_000);
    const newer = await create(p, { name: 'newer.txt', size: 10 });
    const res = await p.call('POST', '/files/lookup', {
      body: { items: [older, newer].map((c) => ({ shareId: c.shareId, ownerToken: c.ownerToken })) },
    });
    const { files } = await body<{ files: { shareId: string; state: string; name: string }[] }>(res);
    expect(files.map((f) => [f.shareId, f.state, f.name])).toEqual([
      [newer.shareId, 'uploading', 'newer.txt'],
      [older.shareId, 'complete', 'older.txt'],
    ]);
  });

  it.each<[string, unknown, string]>([
    [
      'more than 50 items',
      { items: Array.from({ length: 51 }, () => ({ shareId: 'AbCd1234', ownerToken: 't' })) },
      'Ask for at most 50 files or transfers per call.',
    ],
    ['a malformed share id', { items: [{ shareId: 'bad', ownerToken: 't' }] }, 'Every item needs a valid shareId.'],
    ['no token', { items: [{ shareId: 'AbCd1234' }] }, 'Every item needs its ownerToken.'],
    ['no list', { items: 'x' }, 'items must be a list of { shareId, ownerToken }.'],
  ])('refuses a lookup with %s', async (_label, payload, message) => {
    const res = await p.call('POST', '/files/lookup', { body: payload });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: message });
  });

  it("leaves expired files out of the owner's list and removes them", async () => {
    const c = await upload(p, 'old-listed.txt', bytesOf(40));
    p.advanceTime(RETENTION_MS + MINUTE_MS);
    try {
      const res = await p.call('POST', '/files/lookup', {
        body: { items: [{ shareId: c.shareId, ownerToken: c.ownerToken }] },
      });
      expect(await body(res)).toEqual({ files: [], transfers: [] });
      expect(await storagePath(p, c.shareId)).toBeUndefined();
      expect(await p.storage?.headObject(`uploads/${c.shareId}/old-listed.txt`)).toBeNull();
    } finally {
      p.advanceTime(-(RETENTION_MS + MINUTE_MS));
    }
  });
});
