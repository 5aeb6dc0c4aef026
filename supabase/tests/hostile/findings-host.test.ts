// @vitest-environment node
// Hostile-traffic findings against the real host process (`npm start`'s program), each as its own test:
// what ended the process, poisoned the storage, filled the disk or framed the app, and the
// settings that were accepted silently.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../functions/_shared/storage.ts';
import { HOST_ANON_KEY, hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { rss, sendUntilAnswered } from '../host/raw-requests.ts';
import { GIB } from '../../functions/_shared/domain/constants.ts';

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function upload(host: HostProcess, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const created = await hostCall(host, 'POST', '/uploads', { body: { name, size: bytes.length, type: 'text/html' } });
  expect(created.status).toBe(201);
  const c = await json<{ fileId: string; shareId: string; ownerToken: string }>(created);
  const owner = { 'x-owner-token': c.ownerToken };
  const { urls } = await json<{ urls: { url: string }[] }>(
    await hostCall(host, 'POST', `/uploads/${c.fileId}/parts`, { body: { partNumbers: [1] }, headers: owner }),
  );
  const put = await fetch(urls[0]?.url ?? '', { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  const done = await hostCall(host, 'POST', `/uploads/${c.fileId}/complete`, {
    body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    headers: owner,
  });
  expect(done.status).toBe(200);
  return c;
}

describe('hostile-traffic findings against the real host', () => {
  let host: HostProcess;
  let storage: Storage;

  beforeAll(async () => {
    host = await startHost();
    const secrets = await host.secrets();
    storage = createStorage({
      endpoint: `${host.origin.replace('localhost', '127.0.0.1')}/storage`,
      region: 'auto',
      bucket: 'ulak',
      accessKeyId: secrets.storageAccessKeyId,
      secretAccessKey: secrets.storageSecretAccessKey,
      forcePathStyle: true,
    });
  }, 300_000);
  afterAll(async () => {
    await host?.stop();
  });

  it('1. a GET with a malformed escape, to any part of the host, answers 400 and ends nothing', async () => {
    for (const p of ['/%E0%A4%A', '/functions/v1/api/shares/%E0%A4%A', '/storage/ulak/%E0%A4%A', '/peerjs/%E0%A4%A']) {
      const res = await fetch(`${host.origin}${p}`);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
    }
    expect(host.alive()).toBe(true);
    expect((await hostCall(host, 'GET', '/health')).status).toBe(200);
  });

  it('2. names of 236 to 255 characters are stored under a bounded key and download whole', async () => {
    for (const length of [236, 241, 255]) {
      const name = `${'n'.repeat(length - 4)}.txt`;
      const file = await upload(host, name, new Uint8Array([length & 0xff]));
      const share = await json<{ name: string }>(await hostCall(host, 'GET', `/shares/${file.shareId}`));
      expect(share.name).toBe(name);
      const { url } = await json<{ url: string }>(await hostCall(host, 'POST', `/shares/${file.shareId}/download`));
      expect(new URL(url).pathname.split('/').at(-1)!.length).toBeLessThanOrEqual(120);
      expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(Buffer.from([length & 0xff]));
    }
    // A key no file system can hold fails that one request, with S3's error.
    await expect(
      storage.createMultipartUpload(`uploads/Xx123456/${'k'.repeat(300)}`, {
        contentType: 'text/plain',
        originalName: 'k',
        uploadDate: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ s3Code: 'KeyTooLongError' });
    expect(host.alive()).toBe(true);
    expect((await hostCall(host, 'GET', '/health')).status).toBe(200);
  });

  it('2. health does not read the bucket: an object left without its metadata does not make it fail', async () => {
    await upload(host, 'poisoned.txt', new Uint8Array([1, 2, 3]));
    const bucket = path.join(host.dataDir, 'storage', 'ulak', 'uploads');
    for (const dir of await readdir(bucket)) {
      for (const file of await readdir(path.join(bucket, dir))) {
        if (file.endsWith('._S3rver_metadata.json')) await rm(path.join(bucket, dir, file));
      }
    }
    // Past the health cache (one second), so this is a fresh check.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const health = await hostCall(host, 'GET', '/health');
    expect(health.status).toBe(200);
  });

  it('3. a part URL for 1 KiB refuses a 3 GB body before reading it', async () => {
    const created = await json<{ fileId: string; ownerToken: string }>(
      await hostCall(host, 'POST', '/uploads', { body: { name: 'small.bin', size: 1024 } }),
    );
    const { urls } = await json<{ urls: { url: string }[] }>(
      await hostCall(host, 'POST', `/uploads/${created.fileId}/parts`, {
        body: { partNumbers: [1] },
        headers: { 'x-owner-token': created.ownerToken },
      }),
    );
    const before = await rss(host.pid);
    const { status, sent } = await sendUntilAnswered(urls[0]?.url ?? '', {
      method: 'PUT',
      headers: { 'content-length': String(3 * GIB) },
      fill: 1,
    });
    expect(status).toBe(403);
    expect(sent).toBeLessThan(256 * 1024 * 1024);
    const parts = path.join(host.dataDir, 'storage', 'ulak', '._S3rver_uploads');
    for (const upload of await readdir(parts)) expect(await readdir(path.join(parts, upload))).not.toContain('1');
    expect(await rss(host.pid)).toBeLessThan(before + 200 * 1024 * 1024);
  });

  it('4. a 1 GB chunked POST to /uploads is stopped at the body limit with 413; the host does not grow', async () => {
    const before = await rss(host.pid);
    const { port } = new URL(host.origin);
    const posted = await sendUntilAnswered(`http://127.0.0.1:${port}/functions/v1/api/uploads`, {
      method: 'POST',
      headers: { apikey: HOST_ANON_KEY },
      fill: 0x20,
      limit: GIB,
    });
    expect(posted.status).toBe(413);
    expect(posted.sent).toBeLessThan(GIB);
    expect(await rss(host.pid)).toBeLessThan(before + 100 * 1024 * 1024);
    expect(host.alive()).toBe(true);
  });

  it('7. every page says it may not be framed and runs only its own scripts', async () => {
    for (const p of ['/', '/transfers', '/s/AbCd1234', '/admin', '/does/not/exist']) {
      const res = await fetch(`${host.origin}${p}`);
      expect(res.status, p).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, p).toContain("frame-ancestors 'none'");
      expect(csp, p).toContain("script-src 'self'");
      expect(csp, p).toMatch(/connect-src 'self' http:\/\/localhost:\d+ ws:\/\/localhost:\d+/);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });

  it('7. a stored HTML file downloads as an attachment, never as a page of ours', async () => {
    const html = new TextEncoder().encode('<script>document.title = "pwned"</script>');
    const file = await upload(host, 'page.html', html);
    const { url } = await json<{ url: string }>(await hostCall(host, 'POST', `/shares/${file.shareId}/download`));
    const signed = new URL(url);
    expect(signed.searchParams.get('response-content-disposition')).toMatch(/^attachment;/);
    expect(signed.searchParams.get('response-content-type')).toBe('application/octet-stream');
    const got = await fetch(url);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toBe('sandbox');
    // Signed without any override (as a script holding the key might), still never a page.
    const secrets = await host.secrets();
    const client = new S3Client({
      endpoint: `${host.origin}/storage`,
      region: 'auto',
      forcePathStyle: true,
      credentials: { accessKeyId: secrets.storageAccessKeyId, secretAccessKey: secrets.storageSecretAccessKey },
    });
    const bare = await fetch(
      await getSignedUrl(client, new GetObjectCommand({ Bucket: 'ulak', Key: `uploads/${file.shareId}/page.html` }), {
        expiresIn: 60,
      }),
    );
    expect(bare.status).toBe(200);
    expect(bare.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(bare.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bare.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('8. the data folder is readable by its owner only (0700)', async () => {
    expect((await stat(host.dataDir)).mode & 0o777).toBe(0o700);
  });
});

describe('hostile-traffic findings at start-up', () => {
  it.each([
    ['ADMIN_PASSWORD_HASH', 'not-a-hash', /Invalid ADMIN_PASSWORD_HASH/],
    ['SMTP_URL', 'http://mail.example', /Invalid SMTP_URL/],
    ['HOST', 'not a host!', /HOST "not a host!" is not an address/],
    ['TRUST_PROXY', 'maybe', /TRUST_PROXY must be/],
    ['UPLOAD_IN_FLIGHT_GB', '-1', /UPLOAD_IN_FLIGHT_GB must be a positive number/],
    ['STORAGE_MIN_FREE_MB', 'lots', /STORAGE_MIN_FREE_MB must be a whole number/],
  ])('8. a malformed %s is refused at start with one sentence', async (name, value, sentence) => {
    const host = await startHost({ env: { [name]: value }, until: /\[ulak\] .*\n/ });
    try {
      await new Promise<void>((resolve) =>
        host.child.exitCode !== null ? resolve() : host.child.once('exit', () => resolve()),
      );
      expect(host.child.exitCode).toBe(1);
      const lines = host
        .output()
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('[ulak]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(sentence);
    } finally {
      await host.stop();
    }
  });

  it('8. two hosts started from one checkout each serve their own build', async () => {
    const [a, b] = await Promise.all([
      startHost({ env: { ANON_KEY: 'sb_publishable_first_host_0000000000000000', DIST_DIR: '' } }),
      startHost({ env: { ANON_KEY: 'sb_publishable_other_host_0000000000000000', DIST_DIR: '' } }),
    ]);
    try {
      const keys = ['sb_publishable_first_host_0000000000000000', 'sb_publishable_other_host_0000000000000000'];
      for (const [i, host] of [a, b].entries()) {
        // Built into its own data folder, with its own settings, and served from there.
        const assets = path.join(host.dataDir, 'web-app', 'assets');
        const bundles = await Promise.all(
          (await readdir(assets)).filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(assets, f), 'utf8')),
        );
        expect(bundles.some((text) => text.includes(keys[i]!))).toBe(true);
        expect(bundles.some((text) => text.includes(keys[1 - i]!))).toBe(false);
        const page = await (await fetch(host.origin)).text();
        // The app's entry, handed to boot.js to start after the first paint (vite.config.ts).
        const script = /data-entry="\/assets\/([^"]+)"/.exec(page)?.[1] ?? '';
        expect(await readdir(assets)).toContain(script);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 300_000);
});
