// @vitest-environment node
// The share flow end to end against a real database (PGlite and PostgreSQL 15) and the embedded
// S3 bucket: bytes really go to presigned URLs and come back from the download URL. The cases a
// caller sees over HTTP are shared with the Node host and the Edge entry (../edge/api-contract.ts);
// the ones here also read the database and the bucket.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import { apiContractCases } from '../edge/api-contract.ts';
import { platformOverHttp } from '../edge/http-api.ts';
import { platformForTests, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, create, putParts, storagePath, upload } from './upload-helpers.ts';

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

  // What a caller sees over HTTP: the cases every way of running the API passes.
  describe('the contract over HTTP', () => {
    apiContractCases(() => platformOverHttp(p));
  });

  it('keys the object by the sanitized name, and shows the person the real one', async () => {
    const name = 'Ünlü dosya — çalışma 📄.txt';
    const c = await upload(p, name, bytesOf(10));
    expect(await storagePath(p, c.shareId)).toBe(`uploads/${c.shareId}/Unlu_dosya_calisma_.txt`);
    expect(await body(await p.call('GET', `/shares/${c.shareId}`))).toMatchObject({ name });
  });

  it('removes an aborted upload and its parts from the bucket', async () => {
    const c = await create(p, { name: 'abort.txt', size: 10 });
    await putParts(p, c, bytesOf(10));
    const res = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(res.status).toBe(204);
    expect(await storagePath(p, c.shareId)).toBeUndefined();
    expect((await p.storage?.listMultipartUploads(`uploads/${c.shareId}/`))?.length).toBe(0);
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
