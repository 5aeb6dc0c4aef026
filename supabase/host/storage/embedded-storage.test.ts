// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { createStorage, type Storage } from '../../functions/_shared/storage.ts';
import { startEmbeddedStorage, type EmbeddedStorage } from './embedded-storage.ts';
import { preflight } from '../../tests/cors-preflight.ts';

const BUCKET = 'ulak-test';
const ORIGIN = 'http://localhost:5173';
const KEYS = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key-0123456789' };

let dataDir: string;
let embedded: EmbeddedStorage;
let server: Server;
let base: string;
let storage: Storage;

function bytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) b[i] = (i / 4096 + seed) & 0xff;
  return b;
}

function md5(b: Uint8Array): string {
  return createHash('md5').update(b).digest('hex');
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A multipart upload of an ordinary file, a.bin, begun now. */
function startUpload(key: string): Promise<string> {
  return storage.createMultipartUpload(key, {
    contentType: 'application/octet-stream',
    originalName: 'a.bin',
    uploadDate: new Date().toISOString(),
  });
}

async function putPart(key: string, uploadId: string, n: number, body: Uint8Array<ArrayBuffer>): Promise<Response> {
  const url = await storage.presignUploadPart(key, uploadId, n, body.length, 300);
  return fetch(url, { method: 'PUT', body, headers: { Origin: ORIGIN } });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-storage-'));
  const logged: string[] = [];
  embedded = await startEmbeddedStorage({
    dataDir,
    bucket: BUCKET,
    ...KEYS,
    allowedOrigins: [ORIGIN],
    log: (m) => logged.push(m),
  });
  server = createServer((req, res) => {
    if (req.url?.startsWith('/storage/') || req.url === '/storage') embedded.handle(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/storage`;
  storage = createStorage({
    endpoint: base,
    publicEndpoint: `http://localhost:${port}/storage`,
    region: 'auto',
    bucket: BUCKET,
    ...KEYS,
    forcePathStyle: true,
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await embedded.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded storage', () => {
  it('creates the bucket on start, so the API storage check passes', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('assembles a multipart upload from presigned part PUTs and keeps the original name for download', async () => {
    const key = 'uploads/AbC12345/Ca_va_gus (1).txt';
    const originalName = 'Ça va ğüş (1) 😀.txt';
    const uploadId = await storage.createMultipartUpload(key, {
      contentType: 'text/plain',
      originalName,
      uploadDate: '2026-11-21T06:00:00.000Z',
    });
    const bodies = [bytes(MIN_PART_SIZE, 1), bytes(MIN_PART_SIZE, 2), bytes(1234, 3)];
    const etags: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const res = await putPart(key, uploadId, i + 1, body);
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag');
      expect(etag).toBe(`"${md5(body)}"`);
      // the page reads the part ETag cross-origin
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
      etags.push(etag!);
    }

    const listed = await storage.listParts(key, uploadId);
    expect(listed).toEqual(bodies.map((b, i) => ({ partNumber: i + 1, etag: `"${md5(b)}"`, size: b.length })));
    const uploads = await storage.listMultipartUploads('uploads/AbC12345/');
    expect(uploads.map((u) => u.uploadId)).toContain(uploadId);

    await storage.completeMultipartUpload(
      key,
      uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    );

    const total = bodies.reduce((n, b) => n + b.length, 0);
    const head = await storage.headObject(key);
    expect(head?.size).toBe(total);
    expect(head?.contentDisposition).toContain('attachment;');
    expect(head?.contentDisposition).toContain(
      "filename*=UTF-8''%C3%87a%20va%20%C4%9F%C3%BC%C5%9F%20%281%29%20%F0%9F%98%80.txt",
    );
    expect(head?.metadata['original-name']).toBe(originalName);
    expect(head?.metadata['upload-date']).toBe('2026-11-21T06:00:00.000Z');

    const url = await storage.presignGet(key, 60, { fileName: originalName, contentType: 'text/plain' });
    expect(url.startsWith('http://localhost:')).toBe(true);
    const download = await fetch(url, { headers: { Origin: ORIGIN } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;.*filename\*=UTF-8''/);
    expect(download.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const got = Buffer.from(await download.arrayBuffer());
    expect(got.length).toBe(total);
    expect(md5(got)).toBe(md5(Buffer.concat(bodies)));

    await storage.deleteObject(key);
    expect(await storage.headObject(key)).toBeNull();
  });

  it("keeps a completed upload as its parts: ranges across them, S3's multipart ETag, nothing left once deleted", async () => {
    const key = 'uploads/Parted01/a.bin';
    const bodies = [bytes(MIN_PART_SIZE, 7), bytes(MIN_PART_SIZE, 8), bytes(777, 9)];
    const complete = async (parts: Uint8Array<ArrayBuffer>[]) => {
      const uploadId = await startUpload(key);
      for (const [i, body] of parts.entries()) expect((await putPart(key, uploadId, i + 1, body)).status).toBe(200);
      await storage.completeMultipartUpload(
        key,
        uploadId,
        parts.map((body, i) => ({ partNumber: i + 1, etag: `"${md5(body)}"` })),
      );
    };
    // A first upload of the key, replaced by a second one.
    await complete([bytes(1000, 1)]);
    await complete(bodies);
    const whole = Buffer.concat(bodies);
    const url = await storage.presignGet(key, 60, { fileName: 'a.bin', contentType: 'application/octet-stream' });

    const all = await fetch(url);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-length')).toBe(String(whole.length));
    const partsEtag = createHash('md5')
      .update(Buffer.concat(bodies.map((body) => Buffer.from(md5(body), 'hex'))))
      .digest('hex');
    expect(all.headers.get('etag')).toBe(`"${partsEtag}-3"`);
    expect(md5(Buffer.from(await all.arrayBuffer()))).toBe(md5(whole));

    // From the end of part 1 into part 3; then the last bytes alone; then past the end.
    const from = MIN_PART_SIZE - 5;
    const to = 2 * MIN_PART_SIZE + 10;
    const range = await fetch(url, { headers: { Range: `bytes=${from}-${to}` } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes ${from}-${to}/${whole.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(whole.subarray(from, to + 1))).toBe(true);
    const tail = await fetch(url, { headers: { Range: `bytes=${whole.length - 3}-` } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 3))).toBe(true);
    expect((await fetch(url, { headers: { Range: `bytes=${whole.length}-` } })).status).toBe(416);
    expect((await storage.headObject(key))?.size).toBe(whole.length);

    await storage.deleteObject(key);
    expect(await storage.headObject(key)).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    // Neither object's parts are left on disk.
    expect(await readdir(path.join(dataDir, 'storage', BUCKET, 'uploads')).catch(() => [])).not.toContain('Parted01');
  });

  it('refuses a part URL whose signature was tampered with', async () => {
    const key = 'uploads/Tamper01/a.bin';
    const uploadId = await startUpload(key);
    const url = new URL(await storage.presignUploadPart(key, uploadId, 1, 1000, 300));
    const sig = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', (sig[0] === '0' ? '1' : '0') + sig.slice(1));
    const res = await fetch(url, { method: 'PUT', body: bytes(1000, 1), headers: { Origin: ORIGIN } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    // the page can read the refusal (to re-sign) instead of seeing a network error
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    // signing for another part number does not authorise this one
    const other = new URL(await storage.presignUploadPart(key, uploadId, 2, 10, 300));
    other.searchParams.set('partNumber', '3');
    expect((await fetch(other, { method: 'PUT', body: bytes(10, 1) })).status).toBe(403);

    // no signature at all
    expect((await fetch(`${base}/${BUCKET}/${key}`)).status).toBe(403);
    await storage.abortMultipartUpload(key, uploadId);
  });

  it('refuses an expired presigned URL with S3 AccessDenied', async () => {
    const key = 'uploads/Expired1/a.bin';
    const uploadId = await startUpload(key);
    const url = await storage.presignUploadPart(key, uploadId, 1, 1000, 1);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(url, { method: 'PUT', body: bytes(1000, 1) });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(text).toContain('Request has expired');
    await storage.abortMultipartUpload(key, uploadId);
  });

  it('aborting removes the upload and its parts', async () => {
    const key = 'uploads/Abort001/a.bin';
    const uploadId = await startUpload(key);
    expect((await putPart(key, uploadId, 1, bytes(2048, 1))).status).toBe(200);
    await storage.abortMultipartUpload(key, uploadId);
    await expect(storage.listParts(key, uploadId)).rejects.toMatchObject({ code: 'upload_not_found' });
    expect((await storage.listMultipartUploads()).map((u) => u.uploadId)).not.toContain(uploadId);
    const left = await readdir(path.join(dataDir, 'storage', BUCKET, '._S3rver_uploads')).catch(() => []);
    expect(left).not.toContain(uploadId);
    // a late part for an aborted upload is refused, not silently stored
    expect((await putPart(key, uploadId, 2, bytes(10, 1))).status).toBe(404);
    // aborting twice is not an error (the sweep may race the page)
    await expect(storage.abortMultipartUpload(key, uploadId)).resolves.toBeUndefined();
  });

  it('keeps a part whole when an earlier send of it is cut off after the next one finished', async () => {
    // What a service worker handing its uploads over does: its request for part 1 is cut off
    // while the new worker sends part 1 again. The storage must end up with the whole part.
    const key = 'uploads/Twice001/a.bin';
    const uploadId = await startUpload(key);
    const dir = path.join(dataDir, 'storage', BUCKET, '._S3rver_uploads', uploadId);
    const partFiles = async () => (await readdir(dir)).filter((name) => name !== 'key' && name !== 'metadata');
    const body = bytes(MIN_PART_SIZE, 7);
    const url = await storage.presignUploadPart(key, uploadId, 1, body.length, 300);
    const first = request(url, { method: 'PUT', headers: { 'content-length': body.length } });
    const firstDone = new Promise<void>((resolve) => {
      first.on('error', () => resolve());
      first.on('response', () => resolve());
    });
    first.write(body.subarray(0, body.length / 2));
    // The storage has begun writing the first send before the second one starts.
    await waitUntil(async () => (await partFiles()).length > 0);

    const second = await putPart(key, uploadId, 1, body);
    expect(second.status).toBe(200);
    first.destroy();
    await firstDone;
    // The first send's failure has been handled: only the part and its checksum are left.
    await waitUntil(async () => (await partFiles()).every((name) => name === '1' || name === '1.md5'));

    expect(await storage.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: `"${md5(body)}"`, size: body.length },
    ]);
    await storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: `"${md5(body)}"` }]);
    const download = await storage.presignGet(key, 60, { fileName: 'a.bin', contentType: 'application/octet-stream' });
    const got = Buffer.from(await (await fetch(download)).arrayBuffer());
    expect(md5(got)).toBe(md5(body));
    await storage.deleteObject(key);
  });

  it('refuses to complete with a missing part, a wrong ETag or a short middle part', async () => {
    const key = 'uploads/Missing1/a.bin';
    const uploadId = await startUpload(key);
    const p1 = bytes(MIN_PART_SIZE, 1);
    const p3 = bytes(100, 3);
    expect((await putPart(key, uploadId, 1, p1)).status).toBe(200);
    expect((await putPart(key, uploadId, 3, p3)).status).toBe(200);

    await expect(
      storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 1, etag: `"${md5(p1)}"` },
        { partNumber: 2, etag: `"${md5(p1)}"` },
        { partNumber: 3, etag: `"${md5(p3)}"` },
      ]),
    ).rejects.toMatchObject({ code: 'invalid_part', s3Code: 'InvalidPart' });
    await expect(
      storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 1, etag: '"00000000000000000000000000000000"' },
        { partNumber: 3, etag: `"${md5(p3)}"` },
      ]),
    ).rejects.toMatchObject({ s3Code: 'InvalidPart' });
    await expect(
      storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 3, etag: `"${md5(p3)}"` },
        { partNumber: 4, etag: `"${md5(p3)}"` },
      ]),
    ).rejects.toMatchObject({ code: 'invalid_part' });
    expect(await storage.headObject(key)).toBeNull();

    // the upload survives a refused completion and completes once it is right
    await storage.completeMultipartUpload(key, uploadId, [
      { partNumber: 1, etag: `"${md5(p1)}"` },
      { partNumber: 3, etag: `"${md5(p3)}"` },
    ]);
    expect((await storage.headObject(key))?.size).toBe(p1.length + p3.length);
    await storage.deleteObject(key);
  });

  it('answers a CORS preflight from an allowed origin and refuses others', async () => {
    const url = await storage.presignUploadPart('uploads/Cors0001/a.bin', '0'.repeat(32), 1, 10, 300);
    const ok = await preflight(url, ORIGIN, 'PUT', 'content-type');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
    expect(ok.headers.get('access-control-max-age')).toBe('3000');

    const denied = await preflight(url, 'http://evil.example', 'PUT');
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses requests signed with another secret', async () => {
    const wrong = createStorage({
      endpoint: base,
      region: 'auto',
      bucket: BUCKET,
      accessKeyId: KEYS.accessKeyId,
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
    });
    await expect(wrong.check()).rejects.toMatchObject({ code: 'auth' });
    await expect(wrong.headObject('uploads/x/y')).rejects.toMatchObject({
      code: 'auth',
      message: expect.stringMatching(/^Authentication error: Invalid credentials/),
    });
    const unknownKey = createStorage({
      endpoint: base,
      region: 'auto',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(unknownKey.check()).rejects.toMatchObject({ code: 'auth' });
  });

  it('reports a missing bucket with a sentence an operator can act on', async () => {
    const other = createStorage({
      endpoint: base,
      region: 'auto',
      bucket: 'no-such-bucket',
      ...KEYS,
      forcePathStyle: true,
    });
    await expect(other.check()).rejects.toMatchObject({
      code: 'bucket_not_found',
      message: expect.stringMatching(/^Storage bucket not found/),
    });
  });

  it("answers CORS from the host's origins on the next start and keeps stored objects", async () => {
    const key = 'uploads/Restart1/a.txt';
    const uploadId = await storage.createMultipartUpload(key, {
      contentType: 'text/plain',
      originalName: 'a.txt',
      uploadDate: new Date().toISOString(),
    });
    const part = bytes(10, 1);
    const etag = (await putPart(key, uploadId, 1, part)).headers.get('etag')!;
    await storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]);
    // Its CORS rule is the host's, not a stored one: a PutBucketCors is refused, not half-kept.
    await expect(storage.putBucketCors(['http://other.example'])).rejects.toMatchObject({ s3Code: 'NotImplemented' });

    const again = await startEmbeddedStorage({ dataDir, bucket: BUCKET, ...KEYS, allowedOrigins: [ORIGIN] });
    const s2 = createServer((req, res) => again.handle(req, res));
    await new Promise<void>((resolve) => s2.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = s2.address() as AddressInfo;
      const st = createStorage({
        endpoint: `http://127.0.0.1:${port}/storage`,
        region: 'auto',
        bucket: BUCKET,
        ...KEYS,
        forcePathStyle: true,
      });
      expect((await st.headObject(key))?.size).toBe(10);
      const pre = await preflight(`http://127.0.0.1:${port}/storage/${BUCKET}/${key}`, ORIGIN, 'GET');
      expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    } finally {
      await new Promise<void>((resolve) => s2.close(() => resolve()));
      await again.close();
    }
  });
});
