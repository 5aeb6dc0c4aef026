// @vitest-environment node
// The share flow end to end against a real database (PGlite and PostgreSQL 15) and the embedded
// S3 bucket: bytes really go to presigned URLs and come back from the download URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/_shared/config.ts';
import { DEFAULT_PART_SIZE, MAX_FILE_SIZE, MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { startTestPlatform, TEST_ANON_KEY, TEST_SWEEP_SECRET, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, complete, create, putParts, upload } from './upload-helpers.ts';

async function storagePath(p: TestPlatform, shareId: string): Promise<string | undefined> {
  const rows = await p.ctx.db.query<{ storage_path: string }>(
    'select storage_path from public.files where share_id = $1',
    [shareId],
  );
  return rows[0]?.storage_path;
}

/** Every row of every public table as text, to prove what is (not) stored. */
async function everythingStored(p: TestPlatform): Promise<string> {
  const tables = await p.ctx.db.query<{ tablename: string }>(
    `select tablename from pg_catalog.pg_tables where schemaname = 'public'`,
  );
  let all = '';
  for (const { tablename } of tables) {
    const rows = await p.ctx.db.query<{ t: string }>(`select t::text as t from public."${tablename}" t`);
    all += rows.map((r) => r.t).join('\n');
  }
  return all;
}

describe.each(TARGETS)('share flow on %s', (target) => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform({ target });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('refuses calls without the anon key', async () => {
    const res = await p.handler(new Request('http://api.test/functions/v1/api/shares/AbCd1234'));
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({ error: 'Invalid API key', code: 'invalid_api_key' });
    const wrong = await p.handler(
      new Request('http://api.test/functions/v1/api/uploads', { method: 'POST', headers: { apikey: 'nope' } }),
    );
    expect(wrong.status).toBe(401);
  });

  it('refuses a file over 2 GB (the default limit) with 413 and says why', async () => {
    const res = await p.call('POST', '/uploads', {
      body: { name: 'big.iso', size: MAX_FILE_SIZE + 1, type: 'application/octet-stream' },
    });
    expect(res.status).toBe(413);
    expect(await body(res)).toEqual({
      error: 'This file is larger than 2 GB, the limit per file.',
      code: 'file_too_large',
      params: { maxBytes: 2 * 1024 ** 3, maxGb: 2 },
    });
  });

  it('accepts exactly 2 GB at create time', async () => {
    const c = await create(p, { name: 'exactly.bin', size: MAX_FILE_SIZE });
    expect(c.partCount * c.partSize).toBeGreaterThanOrEqual(MAX_FILE_SIZE);
    const abort = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(abort.status).toBe(204);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty name', { name: '   ', size: 5 }, 'File name is required'],
    ['a missing name', { size: 5 }, 'File name is required'],
    ['a negative size', { name: 'a.txt', size: -1 }, 'File size must be a whole number of bytes, zero or more'],
    ['a fractional size', { name: 'a.txt', size: 1.5 }, 'File size must be a whole number of bytes, zero or more'],
    ['a size as text', { name: 'a.txt', size: '5' }, 'File size must be a whole number of bytes, zero or more'],
    ['a name over 255 characters', { name: 'x'.repeat(256), size: 5 }, 'File name must be at most 255 characters.'],
    [
      'a type over 255 characters',
      { name: 'a.txt', size: 5, type: `text/${'x'.repeat(255)}` },
      'File type must be at most 255 characters.',
    ],
    [
      'a type with a line break',
      { name: 'a.txt', size: 5, type: 'text/plain\r\nX-Evil: 1' },
      'File type must be a MIME type such as "text/plain".',
    ],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const res = await p.call('POST', '/uploads', { body: payload });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: message });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await p.call('POST', '/uploads', { body: '{nope' });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ error: 'The request body is not valid JSON.', code: 'bad_request' });
  });

  it('uploads in parts, shows the exact name, counts a view, and downloads the same bytes', async () => {
    const name = 'Ünlü dosya — çalışma 📄.txt';
    const bytes = bytesOf(DEFAULT_PART_SIZE + 1000);
    const c = await create(p, { name, size: bytes.length, type: 'text/plain' });
    // Exactly the documented answer: nothing of the storage's own (its upload id) leaks out.
    expect(Object.keys(c).sort()).toEqual(['fileId', 'ownerToken', 'partCount', 'partSize', 'shareId', 'shareUrl']);
    expect(c.partCount).toBe(2);
    expect(c.partSize).toBe(DEFAULT_PART_SIZE);
    expect(c.shareId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(c.shareUrl).toBe(`http://app.test/s/${c.shareId}`);
    expect(c.ownerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Not visible while uploading.
    expect((await p.call('GET', `/shares/${c.shareId}`)).status).toBe(404);

    const done = await complete(p, c, await putParts(p, c, bytes));
    expect(done.status).toBe(200);
    const dto = await body(done);
    const now = p.ctx.now().getTime();
    expect(dto).toMatchObject({
      fileId: c.fileId,
      shareId: c.shareId,
      shareUrl: c.shareUrl,
      name,
      size: bytes.length,
      type: 'text/plain',
      downloadCount: 0,
      viewCount: 0,
      state: 'complete',
    });
    const expiresIn = new Date(dto.expiresAt as string).getTime() - now;
    expect(expiresIn).toBeGreaterThan(RETENTION_MS - MINUTE_MS);
    expect(expiresIn).toBeLessThanOrEqual(RETENTION_MS);

    // The object key is the sanitized name; the person sees the real one.
    expect(await storagePath(p, c.shareId)).toBe(`uploads/${c.shareId}/Unlu_dosya_calisma_.txt`);
    const share = await p.call('GET', `/shares/${c.shareId}`);
    expect(share.status).toBe(200);
    expect(await body(share)).toMatchObject({
      shareId: c.shareId,
      name,
      size: bytes.length,
      type: 'text/plain',
      viewCount: 1,
      downloadCount: 0,
    });
    expect(await body(await p.call('GET', `/shares/${c.shareId}`))).toMatchObject({ viewCount: 2 });

    const download = await p.call('POST', `/shares/${c.shareId}/download`);
    expect(download.status).toBe(200);
    const { url, fileName, expiresInSeconds } = await body<{ url: string; fileName: string; expiresInSeconds: number }>(
      download,
    );
    expect(fileName).toBe(name);
    expect(expiresInSeconds).toBe(3600);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    const downloaded = new Uint8Array(await got.arrayBuffer());
    expect(downloaded.length).toBe(bytes.length);
    // Buffer.equals, not toEqual: a deep compare of 8 MiB element by element takes minutes.
    expect(Buffer.from(downloaded).equals(Buffer.from(bytes))).toBe(true);
    const disposition = got.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment;/);
    const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(name);

    expect(await body(await p.call('GET', `/shares/${c.shareId}`))).toMatchObject({ downloadCount: 1, viewCount: 3 });
  });

  it('uploads an empty file', async () => {
    const c = await upload(p, 'empty.txt', new Uint8Array(0));
    const { url } = await body<{ url: string }>(await p.call('POST', `/shares/${c.shareId}/download`));
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a repeated complete with the same file', async () => {
    const bytes = bytesOf(100, 7);
    const c = await create(p, { name: 'twice.txt', size: bytes.length });
    const parts = await putParts(p, c, bytes);
    const first = await body(await complete(p, c, parts));
    const again = await complete(p, c, parts);
    expect(again.status).toBe(200);
    expect(await body(again)).toEqual(first);
  });

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
      'Ask for at most 50 files per call.',
    ],
    ['a malformed share id', { items: [{ shareId: 'bad', ownerToken: 't' }] }, 'Every item needs a valid shareId.'],
    ['no token', { items: [{ shareId: 'AbCd1234' }] }, 'Every item needs its ownerToken.'],
    ['no list', { items: 'x' }, 'items must be a list of { shareId, ownerToken }.'],
  ])('refuses a lookup with %s', async (_label, payload, message) => {
    const res = await p.call('POST', '/files/lookup', { body: payload });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: message });
  });

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

  it('lets the owner abort an upload', async () => {
    const c = await create(p, { name: 'abort.txt', size: 10 });
    await putParts(p, c, bytesOf(10));
    const res = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(res.status).toBe(204);
    expect(await storagePath(p, c.shareId)).toBeUndefined();
    expect((await p.storage?.listMultipartUploads(`uploads/${c.shareId}/`))?.length).toBe(0);
  });

  it('lets the owner delete a file; the share is then gone', async () => {
    const c = await upload(p, 'delete-me.txt', bytesOf(20));
    const key = `uploads/${c.shareId}/delete-me.txt`;
    expect(await p.storage?.headObject(key)).not.toBeNull();
    const res = await p.call('DELETE', `/shares/${c.shareId}`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(res.status).toBe(204);
    expect(await p.storage?.headObject(key)).toBeNull();
    const share = await p.call('GET', `/shares/${c.shareId}`);
    expect(share.status).toBe(404);
    expect(await body(share)).toEqual({ error: 'File not found or has expired', code: 'file_not_found' });
    const again = await p.call('DELETE', `/shares/${c.shareId}`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(again.status).toBe(404);
  });

  it('answers a malformed share id with 400 and an unknown one with 404', async () => {
    const bad = await p.call('GET', '/shares/short');
    expect(bad.status).toBe(400);
    expect(await body(bad)).toEqual({ error: 'Invalid share link', code: 'invalid_share_link' });
    const unknown = await p.call('POST', '/shares/Zzzzzzz1/download');
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toEqual({ error: 'File not found or has expired', code: 'file_not_found' });
  });

  it('logs a download with a visitor hash, direct referrer and Local/Development, never the address, and believes no country header nobody configured', async () => {
    const c = await upload(p, 'logged.txt', bytesOf(30));
    const res = await p.call('POST', `/shares/${c.shareId}/download`, {
      headers: { 'x-forwarded-for': '127.0.0.1', 'user-agent': 'TestBrowser/1.0' },
    });
    expect(res.status).toBe(200);
    const fromPublic = await p.call('POST', `/shares/${c.shareId}/download`, {
      body: { referrer: 'https://chat.example/thread' },
      headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.7', 'cf-ipcountry': 'DE', 'cf-ipcity': 'Hamburg' },
    });
    expect(fromPublic.status).toBe(200);
    const logs = await p.ctx.db.query<Record<string, unknown>>(
      'select file_id, share_id, file_name, visitor_hash, user_agent, referrer, country, city, file_size from public.download_logs where share_id = $1 order by downloaded_at, referrer',
      [c.shareId],
    );
    expect(logs).toHaveLength(2);
    const local = logs.find((l) => l.referrer === 'direct');
    expect(local).toMatchObject({
      file_id: c.fileId,
      file_name: 'logged.txt',
      user_agent: 'TestBrowser/1.0',
      country: 'Local',
      city: 'Development',
      file_size: 30,
    });
    expect(local?.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    // Anyone can send CF-IPCountry: without TRUSTED_COUNTRY_HEADER it says nothing.
    expect(logs.find((l) => l.referrer === 'https://chat.example')).toMatchObject({
      country: 'Unknown',
      city: 'Unknown',
    });

    const stored = await everythingStored(p);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('203.0.113.7');
  });

  it('treats an expired file as gone: 404, object and row deleted on the spot', async () => {
    const c = await upload(p, 'old.txt', bytesOf(40));
    const key = `uploads/${c.shareId}/old.txt`;
    p.advanceTime(RETENTION_MS + MINUTE_MS);
    try {
      const res = await p.call('GET', `/shares/${c.shareId}`);
      expect(res.status).toBe(404);
      expect(await body(res)).toEqual({ error: 'File not found or has expired', code: 'file_not_found' });
      expect(await p.storage?.headObject(key)).toBeNull();
      expect(await storagePath(p, c.shareId)).toBeUndefined();
    } finally {
      p.advanceTime(-(RETENTION_MS + MINUTE_MS));
    }
  });

  it("leaves expired files out of the owner's list and removes them", async () => {
    const c = await upload(p, 'old-listed.txt', bytesOf(40));
    p.advanceTime(RETENTION_MS + MINUTE_MS);
    try {
      const res = await p.call('POST', '/files/lookup', {
        body: { items: [{ shareId: c.shareId, ownerToken: c.ownerToken }] },
      });
      expect(await body(res)).toEqual({ files: [] });
      expect(await storagePath(p, c.shareId)).toBeUndefined();
      expect(await p.storage?.headObject(`uploads/${c.shareId}/old-listed.txt`)).toBeNull();
    } finally {
      p.advanceTime(-(RETENTION_MS + MINUTE_MS));
    }
  });
});

describe.each(TARGETS)('sweep on %s', (target) => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform({ target });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('deletes expired files with their objects and aborts uploads idle past the stale window', async () => {
    const fresh = await create(p, { name: 'fresh.txt', size: 5 });
    await putParts(p, fresh, bytesOf(5));
    const c = await create(p, { name: 'stale.txt', size: 10 });
    await putParts(p, c, bytesOf(10));
    const kept = await upload(p, 'kept.txt', bytesOf(10));

    expect(await sweepExpired(p.ctx)).toEqual({ deletedFiles: 0, abortedUploads: 0 });

    // Past the 3 days: the stale upload and the complete file both go. A new file stays.
    p.advanceTime(Math.max(RETENTION_MS, DEFAULT_LIMITS.STALE_UPLOAD_HOURS * 60 * MINUTE_MS) + MINUTE_MS);
    const young = await upload(p, 'young.txt', bytesOf(10));
    expect(await sweepExpired(p.ctx)).toEqual({ deletedFiles: 1, abortedUploads: 2 });

    expect(await p.storage?.headObject(`uploads/${kept.shareId}/kept.txt`)).toBeNull();
    expect(await p.storage?.listMultipartUploads(`uploads/${c.shareId}/`)).toEqual([]);
    const left = await p.ctx.db.query<{ share_id: string }>('select share_id from public.files');
    expect(left.map((r) => r.share_id)).toEqual([young.shareId]);
    expect(await p.storage?.headObject(`uploads/${young.shareId}/young.txt`)).not.toBeNull();

    const events = await p.ctx.db.query<{ event_type: string }>(
      `select event_type from public.system_logs where event_type = 'files_swept'`,
    );
    expect(events).toHaveLength(1);
  });

  it('runs over HTTP only with the sweep secret', async () => {
    const none = await p.call('POST', '/sweep');
    expect(none.status).toBe(401);
    const wrong = await p.call('POST', '/sweep', { headers: { authorization: `Bearer ${TEST_ANON_KEY}` } });
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toEqual({ error: 'Invalid sweep secret', code: 'unauthorized' });
    const ok = await p.handler(
      new Request('http://api.test/functions/v1/api/sweep', {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_SWEEP_SECRET}` },
      }),
    );
    expect(ok.status).toBe(200);
    expect(await body(ok)).toEqual({ deletedFiles: 0, abortedUploads: 0 });
  });
});

describe('without storage settings', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform({ withoutStorage: true });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('refuses uploads and downloads with 503 and tells the person to contact the administrator', async () => {
    const message = {
      error: 'Storage configuration error: file storage is not set up. Please contact the administrator.',
      code: 'storage_unavailable',
    };
    const create = await p.call('POST', '/uploads', { body: { name: 'a.txt', size: 1, type: 'text/plain' } });
    expect(create.status).toBe(503);
    expect(await body(create)).toEqual(message);
    const download = await p.call('POST', '/shares/AbCd1234/download');
    expect(download.status).toBe(503);
    expect(await body(download)).toEqual(message);
  });
});
