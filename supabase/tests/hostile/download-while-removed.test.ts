// @vitest-environment node
// A file removed while someone downloads it, against the real host process: the owner deletes it,
// or an admin takes it down, in the middle of the download. The download must end promptly (cut,
// so the browser reports a failed download; or whole, from what the storage had already opened),
// never hang with the connection open and the file half sent.
import { randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { hostCall, startHost, type HostProcess } from '../host/host-process.ts';

/** More parts than the loopback's socket buffers hold: the download is still reading the object. */
const PARTS = 4;
/** How long a download may take to end once its file is removed, on a loaded machine. */
const SETTLE_MS = 60_000;

interface Uploaded {
  shareId: string;
  ownerToken: string;
  bytes: Buffer;
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function upload(host: HostProcess, bytes: Buffer): Promise<Uploaded> {
  const created = await hostCall(host, 'POST', '/uploads', {
    body: { name: 'film.bin', size: bytes.length, type: 'application/octet-stream' },
  });
  expect(created.status).toBe(201);
  const c = await json<{ fileId: string; shareId: string; ownerToken: string; partSize: number; partCount: number }>(
    created,
  );
  const owner = { 'x-owner-token': c.ownerToken };
  const numbers = Array.from({ length: c.partCount }, (_, i) => i + 1);
  const signed = await hostCall(host, 'POST', `/uploads/${c.fileId}/parts`, {
    body: { partNumbers: numbers },
    headers: owner,
  });
  const { urls } = await json<{ urls: { partNumber: number; url: string }[] }>(signed);
  const parts: { partNumber: number; etag: string }[] = [];
  for (const { partNumber, url } of urls) {
    const slice = bytes.subarray((partNumber - 1) * c.partSize, partNumber * c.partSize);
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(slice) });
    expect(put.status).toBe(200);
    parts.push({ partNumber, etag: put.headers.get('etag') ?? '' });
  }
  const done = await hostCall(host, 'POST', `/uploads/${c.fileId}/complete`, { body: { parts }, headers: owner });
  expect(done.status, await done.clone().text()).toBe(200);
  return { shareId: c.shareId, ownerToken: c.ownerToken, bytes };
}

/** Starts a download and holds it after its first bytes, as a slow recipient would. */
async function startDownload(url: string): Promise<IncomingMessage & { received: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search }, (res) => {
      const held = Object.assign(res, { received: [] as Buffer[] });
      res.once('data', (chunk: Buffer) => {
        held.received.push(chunk);
        res.pause();
        resolve(held);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads the rest of a held download: 'whole' with every byte, or 'cut' when it failed part way. */
function finishDownload(res: IncomingMessage & { received: Buffer[] }): Promise<{ outcome: string; bytes: Buffer }> {
  return new Promise((resolve) => {
    const done = (outcome: string) => resolve({ outcome, bytes: Buffer.concat(res.received) });
    res.on('data', (chunk: Buffer) => res.received.push(chunk));
    res.once('end', () => done(res.complete ? 'whole' : 'cut'));
    res.once('aborted', () => done('cut'));
    res.once('error', () => done('cut'));
    res.once('close', () => done(res.complete ? 'whole' : 'cut'));
    res.resume();
  });
}

describe('a file removed while it downloads, on the real host', () => {
  let host: HostProcess;
  let adminToken = '';

  beforeAll(async () => {
    host = await startHost();
    const password = /password "([^"]+)"/.exec(host.output())?.[1] ?? '';
    const { adminUsername } = await host.secrets();
    const login = await hostCall(host, 'POST', '/admin/login', { body: { username: adminUsername, password } });
    expect(login.status, await login.clone().text()).toBe(200);
    adminToken = (await json<{ token: string }>(login)).token;
  });
  afterAll(async () => {
    await host?.stop();
  });

  const removals: [string, (u: Uploaded) => Promise<Response>, number][] = [
    [
      'its owner deletes it',
      (u) => hostCall(host, 'DELETE', `/shares/${u.shareId}`, { headers: { 'x-owner-token': u.ownerToken } }),
      204,
    ],
    [
      'an admin takes it down',
      (u) =>
        hostCall(host, 'POST', `/admin/shares/${u.shareId}/takedown`, {
          body: { reason: 'Copyright claim' },
          headers: { 'x-admin-token': adminToken },
        }),
      200,
    ],
  ];

  it.each(removals)('ends the download promptly when %s', async (_name, remove, removedStatus) => {
    const u = await upload(host, randomBytes(PARTS * DEFAULT_PART_SIZE - 1000));
    const ticket = await hostCall(host, 'POST', `/shares/${u.shareId}/download`);
    expect(ticket.status).toBe(200);
    const download = await startDownload((await json<{ url: string }>(ticket)).url);
    expect(download.statusCode).toBe(200);

    expect((await remove(u)).status).toBe(removedStatus);
    const ended = await Promise.race([
      finishDownload(download),
      new Promise<{ outcome: string; bytes: Buffer }>((resolve) =>
        setTimeout(() => resolve({ outcome: 'still open', bytes: Buffer.alloc(0) }), SETTLE_MS),
      ),
    ]);
    download.destroy();
    // Never a hang, and never a short file passed off as whole.
    expect(ended.outcome).not.toBe('still open');
    if (ended.outcome === 'whole') expect(ended.bytes.equals(u.bytes)).toBe(true);
    else expect(ended.bytes.length).toBeLessThan(u.bytes.length);

    // The file is gone, and the host serves on.
    expect((await hostCall(host, 'GET', `/shares/${u.shareId}`)).status).toBeGreaterThanOrEqual(404);
    expect((await hostCall(host, 'GET', '/health')).status).toBe(200);
    expect(host.alive()).toBe(true);
  });
});
