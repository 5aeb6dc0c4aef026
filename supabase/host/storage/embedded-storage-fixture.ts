// What the embedded storage's tests share: one storage on a throwaway data folder behind a local
// HTTP server, an S3 client pointed at it, and the browser's side of a multipart upload.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createStorage, type Storage, type StorageConfig } from '../../functions/_shared/storage.ts';
import { startEmbeddedStorage, type EmbeddedStorage } from './embedded-storage.ts';

export const BUCKET = 'ulak-test';
export const ORIGIN = 'http://localhost:5173';
export const KEYS = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key-0123456789' };

export function bytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) b[i] = (i / 4096 + seed) & 0xff;
  return b;
}

export function md5(b: Uint8Array): string {
  return createHash('md5').update(b).digest('hex');
}

export async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** An S3 client of the test bucket at `endpoint`, with the test keys unless `overrides` says otherwise. */
export function storageAt(endpoint: string, overrides: Partial<StorageConfig> = {}): Storage {
  return createStorage({ endpoint, region: 'auto', bucket: BUCKET, ...KEYS, forcePathStyle: true, ...overrides });
}

export interface EmbeddedStorageFixture {
  /** The storage's data folder. */
  readonly dataDir: string;
  /** http://127.0.0.1:<port>/storage */
  readonly base: string;
  /** The API's S3 client of the bucket; it presigns for http://localhost:<port>/storage. */
  readonly storage: Storage;
  /** A multipart upload of an ordinary file, a.bin, begun now. */
  startUpload(key: string): Promise<string>;
  /** PUTs `body` to a presigned part URL, as the page on ORIGIN does. */
  putPart(key: string, uploadId: string, n: number, body: Uint8Array<ArrayBuffer>): Promise<Response>;
}

/** One embedded storage for the tests of the calling file, started before them and removed after. */
export function embeddedStorageForTests(): EmbeddedStorageFixture {
  let dataDir = '';
  let base = '';
  let embedded: EmbeddedStorage | undefined;
  let server: Server | undefined;
  let storage: Storage | undefined;
  const started = () => {
    if (!storage) throw new Error('The embedded storage is started before the tests: use it inside them.');
    return storage;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-storage-'));
    const running = await startEmbeddedStorage({ dataDir, bucket: BUCKET, ...KEYS, allowedOrigins: [ORIGIN] });
    embedded = running;
    server = createServer((req, res) => {
      if (req.url?.startsWith('/storage/') || req.url === '/storage') running.handle(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}/storage`;
    storage = storageAt(base, { publicEndpoint: `http://localhost:${port}/storage` });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await embedded?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    get dataDir() {
      return dataDir;
    },
    get base() {
      return base;
    },
    get storage() {
      return started();
    },
    startUpload: (key) =>
      started().createMultipartUpload(key, {
        contentType: 'application/octet-stream',
        originalName: 'a.bin',
        uploadDate: new Date().toISOString(),
      }),
    async putPart(key, uploadId, n, body) {
      const url = await started().presignUploadPart(key, uploadId, n, body.length, 300);
      return fetch(url, { method: 'PUT', body, headers: { Origin: ORIGIN } });
    },
  };
}
