// @vitest-environment node
// Who may use the embedded storage: every request's signature checked (tampered, expired, another
// secret), CORS from the host's origins only, a missing bucket said plainly, and both kept across
// a restart.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectPartPutAllowed, expectPartPutRefused, preflight } from '../../tests/cors-preflight.ts';
import { startEmbeddedStorage } from './embedded-storage.ts';
import { BUCKET, bytes, KEYS, ORIGIN, storageAt, embeddedStorageForTests } from './embedded-storage-fixture.ts';

const env = embeddedStorageForTests();

describe('embedded storage', () => {
  it('refuses a part URL whose signature was tampered with', async () => {
    const key = 'uploads/Tamper01/a.bin';
    const uploadId = await env.startUpload(key);
    const url = new URL(await env.storage.presignUploadPart(key, uploadId, 1, 1000, 300));
    const sig = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', (sig[0] === '0' ? '1' : '0') + sig.slice(1));
    const res = await fetch(url, { method: 'PUT', body: bytes(1000, 1), headers: { Origin: ORIGIN } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    // the page can read the refusal (to re-sign) instead of seeing a network error
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    // signing for another part number does not authorise this one
    const other = new URL(await env.storage.presignUploadPart(key, uploadId, 2, 10, 300));
    other.searchParams.set('partNumber', '3');
    expect((await fetch(other, { method: 'PUT', body: bytes(10, 1) })).status).toBe(403);

    // no signature at all
    expect((await fetch(`${env.base}/${BUCKET}/${key}`)).status).toBe(403);
    await env.storage.abortMultipartUpload(key, uploadId);
  });

  it('refuses an expired presigned URL with S3 AccessDenied', async () => {
    const key = 'uploads/Expired1/a.bin';
    const uploadId = await env.startUpload(key);
    const url = await env.storage.presignUploadPart(key, uploadId, 1, 1000, 1);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(url, { method: 'PUT', body: bytes(1000, 1) });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(text).toContain('Request has expired');
    await env.storage.abortMultipartUpload(key, uploadId);
  });

  it('answers a CORS preflight from an allowed origin and refuses others', async () => {
    const url = await env.storage.presignUploadPart('uploads/Cors0001/a.bin', '0'.repeat(32), 1, 10, 300);
    const allowed = await expectPartPutAllowed(url, ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(allowed.headers.get('access-control-max-age')).toBe('3000');
    expect((await expectPartPutRefused(url, 'http://evil.example')).status).toBe(403);
  });

  it('refuses requests signed with another secret', async () => {
    const wrong = storageAt(env.base, { secretAccessKey: 'not-the-secret' });
    await expect(wrong.check()).rejects.toMatchObject({ code: 'auth' });
    await expect(wrong.headObject('uploads/x/y')).rejects.toMatchObject({
      code: 'auth',
      message: expect.stringMatching(/^Authentication error: Invalid credentials/),
    });
    const unknownKey = storageAt(env.base, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    await expect(unknownKey.check()).rejects.toMatchObject({ code: 'auth' });
  });

  it('reports a missing bucket with a sentence an operator can act on', async () => {
    const other = storageAt(env.base, { bucket: 'no-such-bucket' });
    await expect(other.check()).rejects.toMatchObject({
      code: 'bucket_not_found',
      message: expect.stringMatching(/^Storage bucket not found/),
    });
  });

  it("answers CORS from the host's origins on the next start and keeps stored objects", async () => {
    const key = 'uploads/Restart1/a.txt';
    const uploadId = await env.storage.createMultipartUpload(key, {
      contentType: 'text/plain',
      originalName: 'a.txt',
      uploadDate: new Date().toISOString(),
    });
    const part = bytes(10, 1);
    const etag = (await env.putPart(key, uploadId, 1, part)).headers.get('etag')!;
    await env.storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]);
    // Its CORS rule is the host's, not a stored one: a PutBucketCors is refused, not half-kept.
    await expect(env.storage.putBucketCors(['http://other.example'])).rejects.toMatchObject({
      s3Code: 'NotImplemented',
    });

    const again = await startEmbeddedStorage({
      dataDir: env.dataDir,
      bucket: BUCKET,
      ...KEYS,
      allowedOrigins: [ORIGIN],
    });
    const s2 = createServer((req, res) => again.handle(req, res));
    await new Promise<void>((resolve) => s2.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = s2.address() as AddressInfo;
      const st = storageAt(`http://127.0.0.1:${port}/storage`);
      expect((await st.headObject(key))?.size).toBe(10);
      const pre = await preflight(`http://127.0.0.1:${port}/storage/${BUCKET}/${key}`, ORIGIN, 'GET');
      expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    } finally {
      await new Promise<void>((resolve) => s2.close(() => resolve()));
      await again.close();
    }
  });
});
