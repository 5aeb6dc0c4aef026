// @vitest-environment node
// A complete caught at its most fragile step, against a real database (PGlite and PostgreSQL 15)
// and the embedded bucket: the bucket has joined the parts into the object, and the API has not yet
// recorded the file. The bucket's answer is held there (a pass-through in front of the bucket) while
// another request runs whole; then the complete goes on. Whatever ran in between, the file ends up
// whole and kept, or gone everywhere, and each request's answer says which.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/_shared/admin-auth.ts';
import type { AdminSession } from '../../functions/_shared/domain/admin-api-types.ts';
import type { CreatedUpload, FileDto, OwnedFiles } from '../../functions/_shared/domain/api-types.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, create } from './upload-helpers.ts';
import { MINUTE_MS } from '../../functions/_shared/domain/constants.ts';

const PASSWORD = 'racing-steps-admin-password';

/** Forwards every request to the bucket; can hold the answer to the next complete. */
interface Gate {
  origin: string;
  target: string;
  /** Resolves once the bucket has answered the next complete; `release` lets that answer go on. */
  holdNextComplete(): Promise<{ release(): void }>;
  close(): Promise<void>;
}

async function startGate(): Promise<Gate> {
  let armed: ((held: { release(): void }) => void) | null = null;
  const gate = { target: '' } as Gate;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', gate.target);
    const upstream = request(url, { method: req.method, headers: req.headers }, (answer) => {
      const send = () => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      };
      const isComplete = req.method === 'POST' && url.searchParams.has('uploadId');
      if (isComplete && armed) {
        const hold = armed;
        armed = null;
        hold({ release: send });
      } else {
        send();
      }
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gate.holdNextComplete = () => new Promise((resolve) => (armed = resolve));
  gate.close = () => new Promise((resolve) => server.close(() => resolve()));
  return gate;
}

describe.each(TARGETS)('a complete held after the bucket joined its parts, on %s', (target) => {
  let p: TestPlatform;
  let gate: Gate;
  let adminToken = '';

  beforeAll(async () => {
    gate = await startGate();
    p = await startTestPlatform({
      target,
      config: { admin: { username: 'admin', passwordHash: await hashPassword(PASSWORD) } },
      // The platform's own bucket, reached through the gate (the platform serves it under /storage).
      externalStorage: {
        endpoint: `${gate.origin}/storage`,
        region: 'auto',
        bucket: 'ulak-test',
        accessKeyId: 'test-access-key',
        secretAccessKey: 'test-secret-access-key-0123456789',
        forcePathStyle: true,
      },
    });
    gate.target = p.storageOrigin;
    const login = await p.call('POST', '/admin/login', { body: { username: 'admin', password: PASSWORD } });
    expect(login.status).toBe(200);
    adminToken = (await body<AdminSession>(login)).token;
  });
  afterAll(async () => {
    await p?.close();
    await gate?.close();
  });

  interface Ready extends CreatedUpload {
    parts: { partNumber: number; etag: string }[];
  }

  async function ready(name: string): Promise<Ready> {
    const bytes = bytesOf(4000, name.length);
    const c = await create(p, { name, size: bytes.length });
    const signed = await p.call('POST', `/uploads/${c.fileId}/parts`, {
      body: { partNumbers: [1] },
      headers: { 'x-owner-token': c.ownerToken },
    });
    const url = (await body<{ urls: { url: string }[] }>(signed)).urls[0]?.url ?? '';
    const put = await fetch(url, { method: 'PUT', body: bytes });
    expect(put.status).toBe(200);
    return { ...c, parts: [{ partNumber: 1, etag: put.headers.get('etag') ?? '' }] };
  }

  const completeOf = (u: Ready) =>
    p.call('POST', `/uploads/${u.fileId}/complete`, {
      body: { parts: u.parts },
      headers: { 'x-owner-token': u.ownerToken },
    });

  /** Runs `during` to its end while the complete waits between the bucket's join and the record. */
  async function completeAround<T>(u: Ready, during: () => Promise<T>): Promise<[Response, T]> {
    const held = gate.holdNextComplete();
    const done = completeOf(u);
    const { release } = await held;
    const result = await during();
    release();
    return [await done, result];
  }

  async function linkAndList(u: Ready): Promise<{ link: number; listed: boolean; objects: number }> {
    await sweepExpired(p.ctx);
    const link = (await p.call('GET', `/shares/${u.shareId}`)).status;
    const lookup = await p.call('POST', '/files/lookup', {
      body: { items: [{ shareId: u.shareId, ownerToken: u.ownerToken }] },
    });
    // Listed as a file the owner still has: a taken-down one stays in the list, flagged.
    const listed = (await body<OwnedFiles>(lookup)).files.some((f) => f.shareId === u.shareId && f.takenDown !== true);
    const objects = (await p.storage?.listMultipartUploads(`uploads/${u.shareId}/`))?.length ?? 0;
    const [row] = await p.ctx.db.query<{ storage_path: string }>(
      'select storage_path from public.files where id = $1',
      [u.fileId],
    );
    const object = row ? await p.storage?.headObject(row.storage_path) : null;
    return { link, listed, objects: objects + (object ? 1 : 0) };
  }

  const refusal = async (res: Response) => ({ status: res.status, code: (await body(res)).code });
  const gone = { status: 409, code: 'upload_gone' };

  it('a second complete meanwhile: both answer 200 with the same file, which stays', async () => {
    const u = await ready('twice.txt');
    const [first, second] = await completeAround(u, () => completeOf(u));
    expect(second.status, await second.clone().text()).toBe(200);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await body<FileDto>(first)).toEqual(await body<FileDto>(second));
    expect(await linkAndList(u)).toEqual({ link: 200, listed: true, objects: 1 });
  });

  it('a resumed device lists the stored parts meanwhile: told the upload is complete, and the file stays', async () => {
    const u = await ready('listed.txt');
    const [done, listed] = await completeAround(u, () =>
      p.call('GET', `/uploads/${u.fileId}/parts`, { headers: { 'x-owner-token': u.ownerToken } }),
    );
    expect(await refusal(listed)).toEqual({ status: 409, code: 'upload_complete' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await linkAndList(u)).toEqual({ link: 200, listed: true, objects: 1 });
  });

  it('the owner cancels meanwhile: the cancel wins and the complete says the upload is gone', async () => {
    const u = await ready('cancel.txt');
    const [done, cancelled] = await completeAround(u, () =>
      p.call('POST', `/uploads/${u.fileId}/abort`, { headers: { 'x-owner-token': u.ownerToken } }),
    );
    expect(cancelled.status).toBe(204);
    expect(await refusal(done)).toEqual(gone);
    expect(await linkAndList(u)).toEqual({ link: 404, listed: false, objects: 0 });
  });

  it('the owner deletes meanwhile: the delete wins and the complete says the upload is gone', async () => {
    const u = await ready('delete.txt');
    const [done, deleted] = await completeAround(u, () =>
      p.call('DELETE', `/shares/${u.shareId}`, { headers: { 'x-owner-token': u.ownerToken } }),
    );
    expect(deleted.status).toBe(204);
    expect(await refusal(done)).toEqual(gone);
    expect(await linkAndList(u)).toEqual({ link: 404, listed: false, objects: 0 });
  });

  it('an admin takes it down meanwhile: the link says removed and the complete says the upload is gone', async () => {
    const u = await ready('takedown.txt');
    const [done, removed] = await completeAround(u, () =>
      p.call('POST', `/admin/shares/${u.shareId}/takedown`, {
        body: { reason: 'Copyright claim' },
        headers: { 'x-admin-token': adminToken },
      }),
    );
    expect(removed.status).toBe(200);
    expect(await refusal(done)).toEqual(gone);
    expect(await linkAndList(u)).toEqual({ link: 410, listed: false, objects: 0 });
  });

  it('the sweep runs meanwhile on an upload idle for long: the complete keeps it, and the file stays', async () => {
    const u = await ready('idle.txt');
    p.advanceTime(p.ctx.config.limits.staleUploadMs + MINUTE_MS);
    const [done, swept] = await completeAround(u, () => sweepExpired(p.ctx));
    expect(done.status, await done.clone().text()).toBe(200);
    expect(swept.abortedUploads).toBe(0);
    expect(await linkAndList(u)).toEqual({ link: 200, listed: true, objects: 1 });
  });
});
