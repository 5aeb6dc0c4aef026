// @vitest-environment node
// An upload's parts against a real database (PGlite and PostgreSQL 15) and the embedded bucket:
// which part URLs may be asked for, what a part URL lets through, which parts the bucket holds,
// and a complete that misses one.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, complete, create, putParts } from './upload-helpers.ts';

describe.each(TARGETS)('upload parts on %s', (target) => {
  const p = platformForTests({ target });

  it('checks part requests: numbers within the upload, at most 100, a valid upload id', async () => {
    const c = await create(p, { name: 'parts.txt', size: 10 });
    const headers = { 'x-owner-token': c.ownerToken };
    const cases: [unknown, string][] = [
      [[0], 'Part 0 does not exist: this upload has parts 1 to 1.'],
      [[2], 'Part 2 does not exist: this upload has parts 1 to 1.'],
      [[1.5], 'partNumbers must be whole numbers.'],
      [[], 'partNumbers must be a non-empty list of part numbers.'],
      [Array.from({ length: 101 }, () => 1), 'Ask for at most 100 parts per call.'],
    ];
    for (const [partNumbers, message] of cases) {
      const res = await p.call('POST', `/uploads/${c.fileId}/parts`, { body: { partNumbers }, headers });
      expect(res.status).toBe(400);
      expect(await body(res)).toMatchObject({ error: message });
    }
    const badId = await p.call('POST', '/uploads/not-a-uuid/parts', { body: { partNumbers: [1] }, headers });
    expect(badId.status).toBe(400);
    const unknown = await p.call('POST', '/uploads/00000000-0000-4000-8000-000000000000/parts', {
      body: { partNumbers: [1] },
      headers,
    });
    expect(unknown.status).toBe(404);
    const longEtag = await p.call('POST', `/uploads/${c.fileId}/complete`, {
      body: { parts: [{ partNumber: 1, etag: 'x'.repeat(201) }] },
      headers,
    });
    expect(longEtag.status).toBe(400);
  });

  it('refuses to complete an upload with a missing part', async () => {
    const bytes = bytesOf(2 * DEFAULT_PART_SIZE + 10, 9);
    const c = await create(p, { name: 'three.bin', size: bytes.length, type: 'application/octet-stream' });
    expect(c.partCount).toBe(3);
    const parts = await putParts(p, c, bytes, [1, 3]);
    const res = await complete(p, c, parts);
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({
      error: 'The upload is missing part 2.',
      code: 'invalid_parts',
      params: { part: 2 },
    });
    // The upload can still be finished.
    const rest = await putParts(p, c, bytes, [2]);
    expect((await complete(p, c, [...parts, ...rest])).status).toBe(200);
  });

  it('tells the owner which parts the bucket already holds, so a resumed upload sends none again', async () => {
    const bytes = bytesOf(2 * DEFAULT_PART_SIZE + 10, 4);
    const c = await create(p, { name: 'resume.bin', size: bytes.length });
    const sent = await putParts(p, c, bytes, [1, 3]);
    const res = await p.call('GET', `/uploads/${c.fileId}/parts`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(res.status).toBe(200);
    const { parts } = await body<{ parts: { partNumber: number; etag: string; size: number }[] }>(res);
    expect(parts.map((x) => [x.partNumber, x.size])).toEqual([
      [1, DEFAULT_PART_SIZE],
      [3, 10],
    ]);
    // The listed ETags are the ones the bucket answered to the PUTs: they complete the upload.
    const etags = (list: { etag: string }[]) => list.map((x) => x.etag.replaceAll('"', ''));
    expect(etags(parts)).toEqual(etags(sent));
    const wrong = await p.call('GET', `/uploads/${c.fileId}/parts`, { headers: { 'x-owner-token': 'nope' } });
    expect(wrong.status).toBe(403);
  });

  it('fixes each part URL to its exact length, so no part can carry more (or fewer) bytes than announced', async () => {
    // Announcing 1 KiB and PUTting gigabytes to the part URL.
    const c = await create(p, { name: 'liar.txt', size: 10 });
    const res = await p.call('POST', `/uploads/${c.fileId}/parts`, {
      body: { partNumbers: [1] },
      headers: { 'x-owner-token': c.ownerToken },
    });
    const { urls } = await body<{ urls: { url: string }[] }>(res);
    const url = urls[0]?.url ?? '';
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    for (const wrong of [bytesOf(6, 2), bytesOf(11, 2), bytesOf(1024 * 1024, 2)]) {
      const put = await fetch(url, { method: 'PUT', body: wrong });
      expect(put.status).toBe(403);
      expect(await put.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    const exact = await fetch(url, { method: 'PUT', body: bytesOf(10, 2) });
    expect(exact.status).toBe(200);
    const done = await complete(p, c, [{ partNumber: 1, etag: exact.headers.get('etag') ?? '' }]);
    expect(done.status).toBe(200);
  });
});
