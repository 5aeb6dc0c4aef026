// @vitest-environment node
// The fault matrix, against the real host process: the host killed (SIGKILL) in the
// middle of an upload, the storage gone in the middle of an upload, the database unreachable at
// start and in the middle of requests, and the storage's disk full (a real ENOSPC, from a small
// tmpfs). Each ends with nothing lost — what was stored downloads byte for byte, the interrupted
// upload finishes — with a clear answer while the fault lasts, and never a dead process.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { startEmbeddedStorage, type EmbeddedStorage } from '../../host/storage/embedded-storage.ts';
import { hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { cleanupAfterAll, createUpload, json, partUrl, slice, type HostUpload } from '../host/host-uploads.ts';
import { startPg15 } from '../pg15.ts';
import { fillDisk, onTmpfs, seenBy } from './small-disk.ts';

const cleanups = cleanupAfterAll();

async function putPart(host: HostProcess, u: HostUpload, n: number): Promise<Response> {
  return fetch(await partUrl(host, u, n), { method: 'PUT', body: new Uint8Array(slice(u, n)) });
}

async function storedParts(host: HostProcess, u: HostUpload): Promise<{ partNumber: number; etag: string }[]> {
  const res = await hostCall(host, 'GET', `/uploads/${u.fileId}/parts`, { headers: { 'x-owner-token': u.ownerToken } });
  expect(res.status).toBe(200);
  return (await json<{ parts: { partNumber: number; etag: string }[] }>(res)).parts;
}

async function complete(host: HostProcess, u: HostUpload): Promise<Response> {
  const parts = await storedParts(host, u);
  return hostCall(host, 'POST', `/uploads/${u.fileId}/complete`, {
    body: { parts: parts.map(({ partNumber, etag }) => ({ partNumber, etag })) },
    headers: { 'x-owner-token': u.ownerToken },
  });
}

/** Uploads every part not yet stored, completes, and expects success. */
async function finish(host: HostProcess, u: HostUpload): Promise<void> {
  const have = new Set((await storedParts(host, u)).map((p) => p.partNumber));
  for (let n = 1; n <= u.partCount; n++) {
    if (!have.has(n)) expect((await putPart(host, u, n)).status).toBe(200);
  }
  const done = await complete(host, u);
  expect(done.status, await done.clone().text()).toBe(200);
}

async function expectDownload(host: HostProcess, u: HostUpload): Promise<void> {
  const ticket = await hostCall(host, 'POST', `/shares/${u.shareId}/download`);
  expect(ticket.status).toBe(200);
  const got = Buffer.from(await (await fetch((await json<{ url: string }>(ticket)).url)).arrayBuffer());
  expect(got.equals(u.bytes)).toBe(true);
}

async function health(host: HostProcess): Promise<{ status: number; body: Record<string, unknown> }> {
  // Health answers from a one-second cache: wait past it, so this is a fresh check.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const res = await hostCall(host, 'GET', '/health');
  return { status: res.status, body: await json(res) };
}

describe('fault matrix', () => {
  it('the host killed (SIGKILL) in the middle of an upload: restarted, nothing is lost and the upload finishes', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await startHost({ dataDir });
    const done = await createUpload(first, 'before the crash.bin', 1000);
    await finish(first, done);
    const interrupted = await createUpload(first, 'interrupted.bin', DEFAULT_PART_SIZE + 5000);
    expect((await putPart(first, interrupted, 1)).status).toBe(200);

    // Part 2 is on its way when the host dies: half of it sent, then SIGKILL.
    const url = new URL(await partUrl(first, interrupted, 2));
    const cut = new Promise<string>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'PUT',
          path: url.pathname + url.search,
          headers: { 'content-length': '5000' },
        },
        () => resolve('answered'),
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      req.write(slice(interrupted, 2).subarray(0, 2500), () => {
        first.child.kill('SIGKILL');
      });
    });
    expect(await cut).not.toBe('answered');
    await first.stop({ keepData: true });
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startHost({ dataDir });
    cleanups.push(() => second.stop({ keepData: true }));
    expect((await health(second)).status).toBe(200);
    await expectDownload(second, done);
    // The finished part survived; the half-sent one is not passed off as stored.
    expect((await storedParts(second, interrupted)).map((p) => p.partNumber)).toEqual([1]);
    await finish(second, interrupted);
    await expectDownload(second, interrupted);
    expect(second.alive()).toBe(true);
  });

  it('the storage unreachable in the middle of an upload: clear 503s, the host stays up, the upload finishes when it is back', async () => {
    const storageDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-storage-'));
    cleanups.push(() => rm(storageDir, { recursive: true, force: true }));
    const keys = { accessKeyId: 'fault-test-key', secretAccessKey: 'fault-test-secret-0123456789' };
    let embedded: EmbeddedStorage;
    let server: Server;
    const startStorage = async (port: number) => {
      embedded = await startEmbeddedStorage({ dataDir: storageDir, bucket: 'faults', ...keys, allowedOrigins: [] });
      server = createServer((req, res) => embedded.handle(req, res));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    };
    const stopStorage = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await embedded.close();
    };
    const port = await startStorage(0);
    const host = await startHost({
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${port}/storage`,
        S3_BUCKET: 'faults',
        S3_ACCESS_KEY_ID: keys.accessKeyId,
        S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      },
    });
    cleanups.push(() => host.stop());
    const done = await createUpload(host, 'stored.bin', 2000);
    await finish(host, done);
    const u = await createUpload(host, 'in flight.bin', DEFAULT_PART_SIZE + 10);
    expect((await putPart(host, u, 1)).status).toBe(200);

    const [first] = await storedParts(host, u);
    await stopStorage();
    // The browser's part PUT finds nobody; the API's calls that need the storage say why.
    await expect(putPart(host, u, 2)).rejects.toThrow();
    const refused = await hostCall(host, 'POST', `/uploads/${u.fileId}/complete`, {
      body: { parts: [first, { partNumber: 2, etag: '"0123456789abcdef0123456789abcdef"' }] },
      headers: { 'x-owner-token': u.ownerToken },
    });
    expect(refused.status).toBe(503);
    expect(await json(refused)).toMatchObject({
      code: 'storage_unavailable',
      error: expect.stringMatching(/not available right now/),
    });
    const list = await hostCall(host, 'GET', `/uploads/${u.fileId}/parts`, {
      headers: { 'x-owner-token': u.ownerToken },
    });
    expect(list.status).toBe(503);
    const again = await hostCall(host, 'POST', '/uploads', { body: { name: 'new.bin', size: 1 } });
    expect(again.status).toBe(503);
    expect(await json(again)).toMatchObject({ code: 'storage_unavailable' });
    const down = await health(host);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ storage: { ok: false, message: expect.stringMatching(/unreachable/) } });
    expect(host.alive()).toBe(true);

    await startStorage(port);
    cleanups.push(stopStorage);
    expect((await health(host)).status).toBe(200);
    await finish(host, u);
    await expectDownload(host, u);
    await expectDownload(host, done);
  });

  it('the database unreachable at start and in the middle of requests: 503s that say so, then it carries on', async () => {
    const cluster = await startPg15();
    cleanups.push(() => cluster.stop());
    const url = await cluster.createDatabase('ulak_faults');
    await cluster.pause();

    // At start: the host waits for its database, answering 503 meanwhile, and says why.
    const host = await startHost({ env: { DATABASE_URL: url }, until: /Trying again in/ });
    cleanups.push(() => host.stop());
    expect(host.output()).toMatch(
      /Cannot connect to the database at DATABASE_URL .*ECONNREFUSED.* Trying again in \d+ s\./,
    );
    await cluster.resume();
    const running = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = /Ulak is running at (http:\/\/localhost:\d+)/.exec(host.output());
        if (m) return resolve(m[1]!);
        if (!host.alive()) return reject(new Error(host.output()));
        setTimeout(check, 200);
      };
      check();
    });
    const live = { ...host, origin: running, api: `${running}/functions/v1/api` };
    const done = await createUpload(live, 'kept.bin', 3000);
    await finish(live, done);

    // In the middle of requests.
    await cluster.pause();
    const share = await hostCall(live, 'GET', `/shares/${done.shareId}`);
    expect(share.status).toBe(503);
    expect(await json(share)).toMatchObject({
      code: 'database_unavailable',
      error: expect.stringMatching(/database cannot be reached/),
    });
    const created = await hostCall(live, 'POST', '/uploads', { body: { name: 'x.bin', size: 1 } });
    expect(created.status).toBe(503);
    const down = await health(live);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ database: { ok: false } });
    expect(host.alive()).toBe(true);

    await cluster.resume();
    await expect
      .poll(async () => (await hostCall(live, 'GET', `/shares/${done.shareId}`)).status, { timeout: 60_000 })
      .toBe(200);
    await expectDownload(live, done);
    const after = await createUpload(live, 'after.bin', 100);
    await finish(live, after);
    await expectDownload(live, after);
  });

  it("the storage's disk full (ENOSPC on a small tmpfs): 507s that say so, nothing lost, everything finishes once there is room", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-full-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await mkdir(path.join(dataDir, 'storage'), { recursive: true });
    const host = await startHost({
      dataDir,
      // No free-space reserve: the writes themselves must meet the full disk.
      env: { STORAGE_MIN_FREE_MB: '0' },
      wrap: onTmpfs('32m', '"$DATA_DIR/storage"'),
    });
    cleanups.push(() => host.stop({ keepData: true }));
    // The storage folder as the host sees it: its own mount namespace, through /proc.
    const storage = seenBy(host.pid, path.join(dataDir, 'storage'));
    expect(await readFile(`/proc/${host.pid}/mounts`, 'utf8')).toContain('ulak-small-disk');
    const filler = path.join(storage, 'filler');
    const fill = () => fillDisk(filler);

    const stored = await createUpload(host, 'stored before.bin', 5000);
    await finish(host, stored);
    const big = await createUpload(host, 'big.bin', 6 * 1024 * 1024);

    // Full: the part write fails with ENOSPC and the answer says the storage is full.
    await fill();
    const part = await putPart(host, big, 1);
    expect(part.status).toBe(507);
    expect(await part.text()).toContain('<Code>InsufficientStorage</Code>');
    const created = await hostCall(host, 'POST', '/uploads', { body: { name: 'more.bin', size: 10 } });
    expect(created.status).toBe(507);
    expect(await json(created)).toMatchObject({
      code: 'storage_full',
      error: expect.stringMatching(/storage is full/),
    });
    expect(host.alive()).toBe(true);

    // The complete call copies nothing (the parts become the object), but must write the object's
    // manifest: with the disk full again, it fails the same clear way.
    await rm(filler);
    expect((await putPart(host, big, 1)).status).toBe(200);
    await fill();
    const refused = await complete(host, big);
    expect(refused.status).toBe(507);
    expect(await json(refused)).toMatchObject({ code: 'storage_full' });
    expect((await storedParts(host, big)).map((p) => p.partNumber)).toEqual([1]);
    expect(host.alive()).toBe(true);
    expect((await health(host)).status).toBe(200);

    // Room again: nothing was lost, and the upload completes.
    await rm(filler);
    const done = await complete(host, big);
    expect(done.status, await done.clone().text()).toBe(200);
    await expectDownload(host, big);
    await expectDownload(host, stored);
    await writeFile(path.join(storage, 'probe'), 'ok');
  });
});
