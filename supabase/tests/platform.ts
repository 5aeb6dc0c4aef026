// A real platform for API integration tests (and the upload engine's): a migrated database (PGlite
// or PostgreSQL 15), the embedded S3 bucket and the API on one local HTTP server (as on the
// one-machine host), an S3 client pointed at the bucket, and the API handler to call directly.
// Nothing of ours is mocked; only the clock is ours to move.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApiHandler } from '../functions/_shared/api.ts';
import { readIceConfig, readLimits, type ServerConfig } from '../functions/_shared/config.ts';
import type { ApiContext, Logger } from '../functions/_shared/context.ts';
import { createStorage, type Storage, type StorageConfig } from '../functions/_shared/storage.ts';
import { sendResponse, toRequest } from '../host/http-bridge.ts';
import { startEmbeddedStorage } from '../host/storage/embedded-storage.ts';
import { freshDatabase, type Target } from './targets.ts';

export const TEST_ANON_KEY = 'sb_publishable_test_anon_key_0123456789abcdef';
export const TEST_SWEEP_SECRET = 'test-sweep-secret-0123456789';
export const TEST_PUBLIC_ORIGIN = 'http://app.test';
const BUCKET = 'ulak-test';
const ACCESS_KEY_ID = 'test-access-key';
const SECRET_ACCESS_KEY = 'test-secret-access-key-0123456789';

export interface TestPlatformOptions {
  /** Which database: embedded PGlite (default) or a PostgreSQL 15 cluster. */
  target?: Target;
  /** Start without storage, as a host with no S3 settings. */
  withoutStorage?: boolean;
  /** Use this S3 endpoint (its bucket must exist) instead of the embedded storage. */
  externalStorage?: StorageConfig;
  /** Overrides of the server configuration. */
  config?: Partial<ServerConfig>;
}

export interface TestPlatform {
  /** The API, called directly with Web Requests. */
  handler: (req: Request) => Promise<Response>;
  ctx: ApiContext;
  /** http://127.0.0.1:<port>: the API under /functions/v1/api, the bucket under /storage. */
  storageOrigin: string;
  /** The bucket's URL, which every presigned URL starts with. */
  bucketUrl: string;
  storage: Storage | null;
  /** Warnings and errors the API logged, for asserting that failures were reported. */
  logs: { level: 'info' | 'warn' | 'error'; message: string }[];
  /** Moves the API's clock forward (or back, with a negative value). */
  advanceTime(ms: number): void;
  /** Stops the API's clock where it is (true) or lets it run again (false); advanceTime still moves it. */
  holdTime(held: boolean): void;
  /** Builds a Request to the API with the anon key; body objects are sent as JSON. */
  request(method: string, apiPath: string, init?: { body?: unknown; headers?: Record<string, string> }): Request;
  /** request() then handler(). */
  call(method: string, apiPath: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  // As the host does (main.ts): the SDK's notice about Node 20 says nothing about our code.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { db } = await freshDatabase(options.target ?? 'pglite');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-platform-'));

  const embedded = await startEmbeddedStorage({
    dataDir,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    allowedOrigins: [TEST_PUBLIC_ORIGIN],
    pathPrefix: '/storage',
  });
  // The API joins once it exists (it needs the bucket's address first).
  const served: { api?: (req: Request) => Promise<Response> } = {};
  const server = createServer((req, res) => {
    if (served.api === undefined || !req.url?.startsWith('/functions/v1/')) {
      embedded.handle(req, res);
      return;
    }
    served
      .api(toRequest(req, storageOrigin, 0))
      .then((response) => sendResponse(response, res))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const storageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const storageSettings: StorageConfig = options.externalStorage ?? {
    endpoint: `${storageOrigin}/storage`,
    region: 'auto',
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  const storage = options.withoutStorage ? null : createStorage(storageSettings);

  const config: ServerConfig = {
    productName: 'Ulak',
    publicOrigin: TEST_PUBLIC_ORIGIN,
    anonKey: TEST_ANON_KEY,
    sessionSecret: 'test-session-secret-0123456789',
    sweepSecret: TEST_SWEEP_SECRET,
    ipHashSalt: 'test-ip-hash-salt',
    admin: { username: 'admin', passwordHash: 'unused' },
    storage: options.withoutStorage ? null : storageSettings,
    storageMissing: options.withoutStorage ? ['S3_ENDPOINT (or R2_ACCOUNT_ID)'] : [],
    version: '0.0.0-test',
    trustedProxies: 0,
    limits: readLimits({}),
    ice: readIceConfig({}),
    ...options.config,
  };

  const logs: TestPlatform['logs'] = [];
  const log: Logger = {
    info: (message) => logs.push({ level: 'info', message }),
    warn: (message) => logs.push({ level: 'warn', message }),
    error: (message) => logs.push({ level: 'error', message }),
  };
  let offsetMs = 0;
  let heldAt: number | null = null;
  const ctx: ApiContext = { config, db, storage, log, now: () => new Date((heldAt ?? Date.now()) + offsetMs) };
  const handler = createApiHandler(ctx);
  served.api = handler;

  const request: TestPlatform['request'] = (method, apiPath, init = {}) => {
    const headers: Record<string, string> = { apikey: TEST_ANON_KEY, ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return new Request(`http://api.test/functions/v1/api${apiPath}`, { method, headers, body });
  };

  let closed = false;
  return {
    handler,
    ctx,
    storageOrigin,
    bucketUrl: `${storageSettings.endpoint}/${storageSettings.bucket}/`,
    storage,
    logs,
    advanceTime: (ms) => {
      offsetMs += ms;
    },
    holdTime: (held) => {
      heldAt = held ? Date.now() : null;
    },
    request,
    call: (method, apiPath, init) => handler(request(method, apiPath, init)),
    async close() {
      if (closed) return;
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
      // The database is closed and removed by targets.ts after the file's tests.
    },
  };
}

/**
 * A platform for the tests of the calling `describe` (or file): started before its first test and
 * closed after its last. The object stands for that platform inside the tests.
 */
export function platformForTests(options: TestPlatformOptions = {}): TestPlatform {
  let current: TestPlatform | undefined;
  beforeAll(async () => {
    current = await startTestPlatform(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestPlatform, {
    get(_target, property) {
      if (!current) throw new Error('The test platform is started before the tests: use it inside them.');
      return Reflect.get(current, property) as unknown;
    },
  });
}
