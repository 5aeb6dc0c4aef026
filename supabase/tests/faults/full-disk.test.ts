// @vitest-environment node
// The fault matrix, continued: a full disk under the whole host (its embedded database included),
// and parallel writes against the free-space reserve. Real ENOSPC from a small tmpfs in the host's
// own mount namespace; the host is `npm start`'s program.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOST_ANON_KEY, hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { fillDisk, freeBytes, onTmpfs, seenBy } from './small-disk.ts';
import { MIB } from '../../functions/_shared/domain/constants.ts';

/** Longer than any answer may take on a loaded machine: a request still open then is a frozen host. */
const ANSWER_WITHIN_MS = 30_000;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Created {
  fileId: string;
  shareId: string;
  ownerToken: string;
  partSize: number;
  partCount: number;
}

/** A call that must be answered: a frozen host fails the test instead of hanging it. */
function call(host: HostProcess, method: string, apiPath: string, body?: unknown): Promise<Response> {
  return fetch(`${host.api}${apiPath}`, {
    method,
    headers: { apikey: HOST_ANON_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
}

async function created(host: HostProcess, name: string, size: number): Promise<Created> {
  const res = await call(host, 'POST', '/uploads', { name, size, type: 'application/octet-stream' });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Created;
}

async function partUrls(host: HostProcess, u: Created, partNumbers: number[]): Promise<string[]> {
  const res = await hostCall(host, 'POST', `/uploads/${u.fileId}/parts`, {
    body: { partNumbers },
    headers: { 'x-owner-token': u.ownerToken },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { urls: { url: string }[] }).urls.map((p) => p.url);
}

/** A file of `size` bytes, uploaded and completed. */
async function stored(host: HostProcess, name: string, size: number): Promise<Created> {
  const u = await created(host, name, size);
  const [url] = await partUrls(host, u, [1]);
  const put = await fetch(url!, { method: 'PUT', body: new Uint8Array(size) });
  expect(put.status).toBe(200);
  const done = await hostCall(host, 'POST', `/uploads/${u.fileId}/complete`, {
    body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    headers: { 'x-owner-token': u.ownerToken },
  });
  expect(done.status, await done.clone().text()).toBe(200);
  return u;
}

async function viewCount(host: HostProcess, shareId: string): Promise<number> {
  const res = await call(host, 'GET', `/shares/${shareId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { viewCount: number }).viewCount;
}

describe('fault matrix: a full disk', () => {
  it('the whole data folder full: reads answer 200, writes 507, SIGTERM stops the host, and writes work again once there is room', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-disk-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const host = await startHost({
      dataDir,
      env: { STORAGE_MIN_FREE_MB: '16' },
      wrap: onTmpfs('256m', '"$DATA_DIR"'),
    });
    cleanups.push(() => host.stop({ keepData: true, signal: 'SIGKILL' }));
    const share = await stored(host, 'kept.bin', 1000);
    const filler = seenBy(host.pid, path.join(dataDir, 'filler'));
    await fillDisk(filler);

    // Twenty visitors open the link again and again while others try to write.
    const reads: number[] = [];
    const writes: { status: number; code: string }[] = [];
    const write = async (method: string, apiPath: string, body?: unknown) => {
      const res = await call(host, method, apiPath, body);
      writes.push({ status: res.status, code: ((await res.json()) as { code: string }).code });
    };
    await Promise.all([
      ...Array.from({ length: 20 }, async () => {
        for (let i = 0; i < 15; i++) {
          const res = await call(host, 'GET', `/shares/${share.shareId}`);
          reads.push(res.status);
          await res.arrayBuffer();
        }
      }),
      (async () => {
        for (let i = 0; i < 10; i++) {
          await write('POST', '/uploads', { name: `new ${i}.bin`, size: 10 });
          await write('POST', `/shares/${share.shareId}/report`, { reason: 'abuse' });
        }
      })(),
    ]);
    expect(reads).toHaveLength(300);
    expect(new Set(reads)).toEqual(new Set([200]));
    // A recipient's download is a read too: its ticket answers (unlimited, uncounted) and the file comes.
    const ticket = await call(host, 'POST', `/shares/${share.shareId}/download`, {});
    expect(ticket.status, await ticket.clone().text()).toBe(200);
    const got = await fetch(((await ticket.json()) as { url: string }).url);
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(1000);
    expect(writes.filter((w) => w.status === 507)).toHaveLength(20);
    expect(writes.filter((w) => w.status >= 500 && w.status !== 507)).toEqual([]);
    expect(writes.find((w) => w.status === 507)?.code).toBe('storage_full');
    expect(host.alive()).toBe(true);

    // Room again: the same host takes writes, and counts views again.
    await rm(filler);
    await expect.poll(async () => (await call(host, 'POST', '/uploads', { name: 'a.bin', size: 1 })).status).toBe(201);
    const before = await viewCount(host, share.shareId);
    expect(await viewCount(host, share.shareId)).toBe(before + 1);

    // Full again, and the operator stops the host: it ends promptly and cleanly.
    await fillDisk(filler);
    expect((await call(host, 'POST', '/uploads', { name: 'b.bin', size: 1 })).status).toBe(507);
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => host.child.once('exit', (code) => resolve(code)));
    host.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(host.output()).not.toMatch(/No space left on device/);
  }, 240_000);

  it('uploads filled the disk to the reserve: new uploads get 507, and the admin and the owners can still remove files', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-filled-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const reserve = 16 * MIB;
    const host = await startHost({
      dataDir,
      env: { STORAGE_MIN_FREE_MB: String(reserve / MIB) },
      wrap: onTmpfs('256m', '"$DATA_DIR"'),
    });
    cleanups.push(() => host.stop({ keepData: true, signal: 'SIGKILL' }));
    // The secrets file is on the host's own disk (its mount namespace): the sign-in is read from its output.
    const [, username = '', password = ''] = /username "([^"]+)", password "([^"]+)"/.exec(host.output()) ?? [];
    const owned = await stored(host, 'owned.bin', 1000);
    const reported = await stored(host, 'reported.bin', 1000);
    // What uploads leave: the storage's floor is reached (the reserve and the database's headroom),
    // with less than the headroom left for the database itself.
    await fillDisk(seenBy(host.pid, path.join(dataDir, 'filler')), reserve + 40 * MIB);

    const refused = await call(host, 'POST', '/uploads', { name: 'one too many.bin', size: 8 * MIB });
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { code: string }).code).toBe('storage_full');

    const login = await call(host, 'POST', '/admin/login', {
      username,
      password,
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const takedown = await hostCall(host, 'POST', `/admin/shares/${reported.shareId}/takedown`, {
      body: { reason: 'Making room' },
      headers: { 'x-admin-token': token },
    });
    expect(takedown.status, await takedown.clone().text()).toBe(200);
    const deleted = await hostCall(host, 'DELETE', `/shares/${owned.shareId}`, {
      headers: { 'x-owner-token': owned.ownerToken },
    });
    expect(deleted.status).toBe(204);
    // Both links now say the file is gone (410 Gone or 404), and the reserve held throughout.
    for (const gone of [owned, reported]) {
      expect([404, 410]).toContain((await call(host, 'GET', `/shares/${gone.shareId}`)).status);
    }
    expect(await freeBytes(seenBy(host.pid, dataDir))).toBeGreaterThanOrEqual(reserve);
    expect(host.alive()).toBe(true);
    expect(host.output()).not.toMatch(/No space left on device/);
  }, 240_000);

  it('30 parallel 8 MiB part uploads against a 150 MB reserve: the disk keeps its reserve, the rest get 507', async () => {
    const reserve = 150 * MIB;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-reserve-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await mkdir(path.join(dataDir, 'storage'), { recursive: true });
    const host = await startHost({
      dataDir,
      env: { STORAGE_MIN_FREE_MB: String(reserve / MIB) },
      wrap: onTmpfs('400m', '"$DATA_DIR/storage"'),
    });
    cleanups.push(() => host.stop({ keepData: true }));
    const storage = seenBy(host.pid, path.join(dataDir, 'storage'));
    // Room for twelve parts above the reserve: thirty arrive at once.
    await fillDisk(path.join(storage, 'filler'), reserve + 100 * MIB);

    const u = await created(host, 'thirty parts.bin', 30 * 8 * MIB);
    expect(u.partSize).toBe(8 * MIB);
    const urls = await partUrls(
      host,
      u,
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const body = new Uint8Array(8 * MIB);
    const statuses = await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(url, { method: 'PUT', body, signal: AbortSignal.timeout(120_000) });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 200 && s !== 507)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 507).length).toBeGreaterThan(0);
    expect(await freeBytes(storage)).toBeGreaterThanOrEqual(reserve);
    expect(host.alive()).toBe(true);
  }, 240_000);
});
