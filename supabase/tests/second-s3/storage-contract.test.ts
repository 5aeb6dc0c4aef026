// @vitest-environment node
// The storage contract Ulak relies on, run against two independent S3 implementations: the
// embedded storage (s3rver behind our front) and Ceph's radosgw (radosgw.ts). What passes on both
// does not rest on our own server's reading of S3: presigned part URLs with a signed length,
// multipart uploads with ListParts and abort, the CORS rule, downloads as attachments, deletes.
// Then the API's contract cases (../edge/api-contract.ts) run with radosgw as its bucket.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { createStorage, type Storage, type StorageConfig } from '../../functions/_shared/storage.ts';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../host/storage/embedded-storage.ts';
import { apiContractCases } from '../edge/api-contract.ts';
import { platformOverHttp } from '../edge/http-api.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { createBucket, startRadosgw, type Radosgw } from './radosgw.ts';
import { expectPartPutAllowed, expectPartPutRefused } from '../cors-preflight.ts';

const ORIGIN = 'http://app.test';

interface Backend {
  config: StorageConfig;
  stop(): Promise<void>;
}

async function embedded(): Promise<Backend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-contract-'));
  const keys = { accessKeyId: 'contract-key', secretAccessKey: 'contract-secret-0123456789' };
  const storage: EmbeddedStorage = await startEmbeddedStorage({
    dataDir,
    bucket: 'ulak-contract',
    ...keys,
    allowedOrigins: [ORIGIN],
  });
  const server: Server = createServer((req, res) => storage.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    config: {
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage`,
      region: 'auto',
      bucket: 'ulak-contract',
      ...keys,
      forcePathStyle: true,
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await storage.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let rgw: Radosgw | undefined;
async function radosgw(bucket = 'ulak-contract'): Promise<Backend> {
  rgw ??= await startRadosgw();
  const config: StorageConfig = {
    endpoint: rgw.endpoint,
    region: 'auto',
    bucket,
    accessKeyId: rgw.accessKeyId,
    secretAccessKey: rgw.secretAccessKey,
    forcePathStyle: true,
  };
  await createBucket(rgw, bucket);
  // The CORS rule an external bucket gets from scripts/storage-setup.ts; the embedded storage has
  // it built in.
  await createStorage(config).putBucketCors([ORIGIN]);
  return { config, stop: async () => {} };
}

afterAll(async () => {
  await rgw?.stop();
});

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const bytes = (size: number, seed: number) => {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i += 997) b[i] = (i + seed) & 0xff;
  return b;
};

describe.each([
  ['the embedded storage', embedded],
  ['radosgw', () => radosgw()],
] as const)('the storage contract on %s', (_name, start) => {
  let backend: Backend;
  let storage: Storage;
  const meta = (name: string) => ({
    contentType: 'text/html',
    originalName: name,
    uploadDate: '2026-11-23T00:00:00.000Z',
  });

  beforeAll(async () => {
    backend = await start();
    storage = createStorage(backend.config);
  }, 180_000);
  afterAll(async () => {
    await backend?.stop();
  });

  it('answers the health check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('takes a part only with exactly the length signed into its URL', async () => {
    const key = 'uploads/Length01/a.bin';
    const uploadId = await storage.createMultipartUpload(key, meta('a.bin'));
    const url = await storage.presignUploadPart(key, uploadId, 1, 1000, 60);
    for (const wrong of [999, 1001, 4096]) {
      expect((await fetch(url, { method: 'PUT', body: bytes(wrong, 1) })).status).toBe(403);
    }
    const ok = await fetch(url, { method: 'PUT', body: bytes(1000, 1) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe(`"${md5(bytes(1000, 1))}"`);
    await storage.abortMultipartUpload(key, uploadId);
  });

  it('assembles a multipart upload, lists its parts and uploads, and keeps the name for the download', async () => {
    const key = 'uploads/Multi001/Ca_va.html';
    const name = 'Ça va <b>.html';
    const uploadId = await storage.createMultipartUpload(key, meta(name));
    const bodies = [bytes(MIN_PART_SIZE, 1), bytes(1234, 2)];
    for (const [i, body] of bodies.entries()) {
      const url = await storage.presignUploadPart(key, uploadId, i + 1, body.length, 60);
      expect((await fetch(url, { method: 'PUT', body })).status).toBe(200);
    }
    const parts = await storage.listParts(key, uploadId);
    expect(parts.map((p) => [p.partNumber, p.size, p.etag.replaceAll('"', '')])).toEqual(
      bodies.map((b, i) => [i + 1, b.length, md5(b)]),
    );
    expect((await storage.listMultipartUploads('uploads/Multi001/')).map((u) => u.uploadId)).toContain(uploadId);
    await storage.completeMultipartUpload(key, uploadId, parts);
    const head = await storage.headObject(key);
    expect(head?.size).toBe(MIN_PART_SIZE + 1234);
    expect(head?.metadata['original-name']).toBe(name);

    const url = await storage.presignGet(key, 60, { fileName: name, contentType: 'text/html' });
    const got = await fetch(url, { headers: { Origin: ORIGIN } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Ca va _b_.html"; filename\*=UTF-8''/,
    );
    // An uploaded HTML file never comes back as a page.
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(md5(new Uint8Array(await got.arrayBuffer()))).toBe(
      createHash('md5').update(bodies[0]!).update(bodies[1]!).digest('hex'),
    );
  });

  it('lets the app origin, and no other, PUT parts and read their ETag (CORS)', async () => {
    const url = await storage.presignUploadPart('uploads/Cors0001/a.bin', '0'.repeat(32), 1, 10, 60);
    await expectPartPutAllowed(url, ORIGIN);
    await expectPartPutRefused(url, 'http://evil.example');
  });

  it('aborts an upload: its parts are gone and it is no longer listed', async () => {
    const key = 'uploads/Abort001/a.bin';
    const uploadId = await storage.createMultipartUpload(key, meta('a.bin'));
    const url = await storage.presignUploadPart(key, uploadId, 1, 2048, 60);
    expect((await fetch(url, { method: 'PUT', body: bytes(2048, 3) })).status).toBe(200);
    await storage.abortMultipartUpload(key, uploadId);
    await expect(storage.listParts(key, uploadId)).rejects.toMatchObject({ code: 'upload_not_found' });
    expect((await storage.listMultipartUploads('uploads/Abort001/')).map((u) => u.uploadId)).not.toContain(uploadId);
    // Aborting twice is not an error: the sweep may race the page.
    await expect(storage.abortMultipartUpload(key, uploadId)).resolves.toBeUndefined();
  });

  it('deletes an object, and deleting it again is not an error', async () => {
    const key = 'uploads/Delete01/a.txt';
    const uploadId = await storage.createMultipartUpload(key, meta('a.txt'));
    const url = await storage.presignUploadPart(key, uploadId, 1, 5, 60);
    const put = await fetch(url, { method: 'PUT', body: bytes(5, 4) });
    await storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: put.headers.get('etag') ?? '' }]);
    expect(await storage.headObject(key)).not.toBeNull();
    await storage.deleteObject(key);
    expect(await storage.headObject(key)).toBeNull();
    await expect(storage.deleteObject(key)).resolves.toBeUndefined();
  });
});

describe('the API contract with radosgw as the bucket', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    const backend = await radosgw('ulak-api');
    p = await startTestPlatform({ externalStorage: backend.config });
  }, 180_000);
  afterAll(async () => {
    await p?.close();
  });

  apiContractCases(() => platformOverHttp(p));
});
