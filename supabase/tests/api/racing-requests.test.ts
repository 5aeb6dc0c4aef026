// @vitest-environment node
// Requests that race over one file, fired at once against a real database (PGlite and PostgreSQL 15)
// and the embedded bucket: whichever wins, the file is either there for everyone (its link, its
// owner's list, its bytes) or gone for everyone (no link, no row, no object left in the bucket).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '../../functions/_shared/domain/admin-api-types.ts';
import type { CreatedUpload, DownloadTicket, FileDto, OwnedFiles } from '../../functions/_shared/domain/api-types.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { hashPassword } from '../../functions/_shared/admin-auth.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, complete, create, putParts } from './upload-helpers.ts';
import { MINUTE_MS } from '../../functions/_shared/domain/constants.ts';

/**
 * One trial per entry: both requests are fired together, the second after this many milliseconds,
 * so that the trials meet the first request at different steps of its work (reading the row,
 * joining the parts in the bucket, checking the object, recording the file).
 */
const STAGGER_MS = [0, 0, 1, 2, 3, 5, 8, 12];

interface Prepared extends CreatedUpload {
  storagePath: string;
  bytes: Uint8Array<ArrayBuffer>;
  parts: { partNumber: number; etag: string }[];
}

/** What a user and an operator can see of a file once the dust has settled. */
interface EndState {
  link: number;
  listed: boolean;
  object: boolean;
  rows: number;
}

describe.each(TARGETS)('racing requests on %s', (target) => {
  let p: TestPlatform;
  let adminToken = '';

  beforeAll(async () => {
    const password = 'racing-requests-admin-password';
    p = await startTestPlatform({
      target,
      config: { admin: { username: 'admin', passwordHash: await hashPassword(password) } },
    });
    const login = await p.call('POST', '/admin/login', { body: { username: 'admin', password } });
    expect(login.status).toBe(200);
    adminToken = (await body<AdminSession>(login)).token;
  });
  afterAll(async () => {
    await p?.close();
  });

  /** An upload with every part stored, ready to complete. */
  async function prepare(name: string, size = 3000): Promise<Prepared> {
    const bytes = bytesOf(size, size + name.length);
    const c = await create(p, { name, size });
    const [row] = await p.ctx.db.query<{ storage_path: string }>(
      'select storage_path from public.files where id = $1::uuid',
      [c.fileId],
    );
    return { ...c, storagePath: row?.storage_path ?? '', bytes, parts: await putParts(p, c, bytes) };
  }

  const owner = (u: Prepared) => ({ 'x-owner-token': u.ownerToken });
  const completeOf = (u: Prepared) => complete(p, u, u.parts);
  const abortOf = (u: Prepared) => p.call('POST', `/uploads/${u.fileId}/abort`, { headers: owner(u) });
  const deleteOf = (u: Prepared) => p.call('DELETE', `/shares/${u.shareId}`, { headers: owner(u) });
  const takeDownOf = (u: Prepared) =>
    p.call('POST', `/admin/shares/${u.shareId}/takedown`, {
      body: { reason: 'Copyright claim' },
      headers: { 'x-admin-token': adminToken },
    });

  /** Fires `first` and, `stagger` ms later, `second`; both at once when `stagger` is 0. */
  function race<A, B>(first: () => Promise<A>, second: () => Promise<B>, stagger: number): Promise<[A, B]> {
    const later = stagger === 0 ? second() : new Promise((r) => setTimeout(r, stagger)).then(second);
    return Promise.all([first(), later]);
  }

  /** The state after the race and one sweep: what the sweep will never clean up must be consistent. */
  async function endState(u: Prepared): Promise<EndState> {
    await sweepExpired(p.ctx);
    const link = (await p.call('GET', `/shares/${u.shareId}`)).status;
    const lookup = await p.call('POST', '/files/lookup', {
      body: { items: [{ shareId: u.shareId, ownerToken: u.ownerToken }] },
    });
    // Listed as a file the owner still has: a taken-down one stays in the list, flagged.
    const listed = (await body<OwnedFiles>(lookup)).files.some((f) => f.shareId === u.shareId && f.takenDown !== true);
    const object = (await p.storage?.headObject(u.storagePath)) != null;
    const [count] = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from public.files where id = $1', [
      u.fileId,
    ]);
    return { link, listed, object, rows: Number(count?.n ?? 0) };
  }

  /** The file is there: its link answers, its owner lists it and its bytes come back whole. */
  async function expectKept(u: Prepared, state: EndState): Promise<void> {
    expect(state).toEqual({ link: 200, listed: true, object: true, rows: 1 });
    const ticket = await p.call('POST', `/shares/${u.shareId}/download`);
    expect(ticket.status).toBe(200);
    const got = new Uint8Array(await (await fetch((await body<DownloadTicket>(ticket)).url)).arrayBuffer());
    expect(Buffer.from(got).equals(Buffer.from(u.bytes))).toBe(true);
  }

  /** The file is gone everywhere: no link, not listed, no row and no object left behind. */
  function expectGone(state: EndState, link = 404): void {
    expect(state).toEqual({ link, listed: false, object: false, rows: 0 });
  }

  it('two completes of one upload at once both answer 200 with the same file, which stays', async () => {
    for (const [trial, stagger] of STAGGER_MS.entries()) {
      const u = await prepare(`twice-${trial}.txt`);
      const answers = await race(
        () => completeOf(u),
        () => completeOf(u),
        stagger,
      );
      for (const answer of answers) expect(answer.status, await answer.clone().text()).toBe(200);
      const [a, b] = await Promise.all(answers.map((r) => body<FileDto>(r)));
      expect(a?.state).toBe('complete');
      expect(b).toEqual(a);
      // A retry whose first answer was lost gets the same answer.
      const again = await completeOf(u);
      expect(again.status).toBe(200);
      expect(await body<FileDto>(again)).toEqual(a);
      await expectKept(u, await endState(u));
    }
  });

  it('a cancel racing a complete either cancels the upload or loses to the finished file, never both', async () => {
    for (const [trial, stagger] of STAGGER_MS.entries()) {
      const u = await prepare(`cancel-${trial}.txt`);
      const [done, cancelled] = await race(
        () => completeOf(u),
        () => abortOf(u),
        stagger,
      );
      const state = await endState(u);
      if (done.status === 200) {
        expect(cancelled.status, await cancelled.clone().text()).toBe(409);
        expect((await body(cancelled)).code).toBe('upload_complete');
        await expectKept(u, state);
      } else {
        expect(cancelled.status).toBe(204);
        // Cancelled before the complete read the upload (404), or while it ran (409).
        const refusal = { status: done.status, code: (await body(done)).code };
        expect([
          { status: 404, code: 'upload_not_found' },
          { status: 409, code: 'upload_gone' },
        ]).toContainEqual(refusal);
        expectGone(state);
      }
    }
  });

  it('an owner deleting while the upload completes leaves the file gone, with nothing left in the bucket', async () => {
    for (const [trial, stagger] of STAGGER_MS.entries()) {
      const u = await prepare(`delete-${trial}.txt`);
      const [done, deleted] = await race(
        () => completeOf(u),
        () => deleteOf(u),
        stagger,
      );
      expect(deleted.status, await deleted.clone().text()).toBe(204);
      expect([200, 404, 409], await done.clone().text()).toContain(done.status);
      expectGone(await endState(u));
    }
  });

  it('a takedown while the upload completes leaves the link removed, with nothing left in the bucket', async () => {
    for (const [trial, stagger] of STAGGER_MS.entries()) {
      const u = await prepare(`takedown-${trial}.txt`);
      const [done, removed] = await race(
        () => completeOf(u),
        () => takeDownOf(u),
        stagger,
      );
      expect(removed.status, await removed.clone().text()).toBe(200);
      expect([200, 404, 409], await done.clone().text()).toContain(done.status);
      expectGone(await endState(u), 410);
    }
  });

  it('the sweep expiring an idle upload as it completes either keeps the finished file or removes it whole', async () => {
    for (const [trial, stagger] of STAGGER_MS.entries()) {
      const u = await prepare(`idle-${trial}.txt`);
      p.advanceTime(p.ctx.config.limits.staleUploadMs + MINUTE_MS);
      const [done, swept] = await race(
        () => completeOf(u),
        () => sweepExpired(p.ctx),
        stagger,
      );
      const state = await endState(u);
      if (done.status === 200) {
        expect(swept.abortedUploads).toBe(0);
        await expectKept(u, state);
      } else {
        const refusal = { status: done.status, code: (await body(done)).code };
        expect([
          { status: 404, code: 'upload_not_found' },
          { status: 409, code: 'upload_gone' },
        ]).toContainEqual(refusal);
        expect(swept.abortedUploads).toBe(1);
        expectGone(state);
      }
    }
  });
});
