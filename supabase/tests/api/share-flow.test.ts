// @vitest-environment node
// The share flow end to end against a real database (PGlite and PostgreSQL 15) and the embedded
// S3 bucket: bytes really go to presigned URLs and come back from the download URL.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE, MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import { platformForTests, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, complete, create, putParts, storagePath, upload } from './upload-helpers.ts';

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
  const p = platformForTests({ target });

  it('refuses calls without the anon key', async () => {
    const res = await p.handler(new Request('http://api.test/functions/v1/api/shares/AbCd1234'));
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({ error: 'Invalid API key', code: 'invalid_api_key' });
    const wrong = await p.handler(
      new Request('http://api.test/functions/v1/api/uploads', { method: 'POST', headers: { apikey: 'nope' } }),
    );
    expect(wrong.status).toBe(401);
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
});

describe('without storage settings', () => {
  const p = platformForTests({ withoutStorage: true });

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
