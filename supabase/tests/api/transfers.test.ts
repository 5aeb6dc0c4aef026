// @vitest-environment node
// Transfers end to end against a real database (PGlite and PostgreSQL 15) and the embedded bucket:
// what one visitor sends in one go has one link listing every file with its folder, a hostile
// folder path is refused and never stored, Download all gives a ticket per file whose bytes match,
// and the sender's delete leaves nothing behind.
import { describe, expect, it } from 'vitest';
import type {
  CreatedTransfer,
  ShareLookup,
  TransferDownload,
  TransferDto,
} from '../../functions/_shared/domain/api-types.ts';
import { DEFAULT_PART_SIZE, HOUR_MS, MAX_TRANSFER_FILES } from '../../functions/_shared/domain/constants.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import type { TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { adminPlatformForTests } from './admin-harness.ts';
import { createTransfer, joinTransfer, uploadInto } from './transfer-helpers.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

/** Hex SHA-256: comparing megabytes element by element is slow enough to time a test out. */
async function sha256(bytes: Uint8Array<ArrayBuffer> | undefined): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes ?? new Uint8Array(0));
  return Buffer.from(digest).toString('hex');
}

let visitorCounter = 0;

/** Each test is its own visitor, so the quotas of one do not leak into another. */
function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${visitorCounter}` };
}

async function fileRows(p: TestPlatform, transfer: CreatedTransfer): Promise<{ name: string; path: string }[]> {
  return p.ctx.db.query(
    `select f.name, f.path from public.files f join public.transfers t on t.id = f.transfer_id
     where t.share_id = $1 order by f.name`,
    [transfer.shareId],
  );
}

describe.each(TARGETS)('transfers on %s', (target) => {
  const { p, saveSettings } = adminPlatformForTests(target);

  it('gives what one visitor sends in one go one link that lists every file with its folder', async () => {
    const t = await createTransfer(p, { senderName: '  Ada  ', message: 'Photos from the trip.\nEnjoy!' });
    expect(Object.keys(t).sort()).toEqual(['ownerToken', 'shareId', 'shareUrl', 'transferId']);
    expect(t.shareId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(t.shareUrl).toBe(`http://app.test/s/${t.shareId}`);
    // Nothing in it yet, nothing on the way: nothing to show.
    expect((await p.call('GET', `/shares/${t.shareId}`)).status).toBe(404);

    const notes = await uploadInto(p, t, '', 'notes.txt', bytesOf(30, 1));
    await uploadInto(p, t, 'photos/2026', 'b.png', bytesOf(DEFAULT_PART_SIZE + 10, 2));
    await uploadInto(p, t, 'photos', 'a.png', bytesOf(20, 3));
    const pending = await joinTransfer(p, t, { name: 'c.png', size: 5, path: 'photos/2026' });
    expect(pending.status).toBe(201);

    const res = await p.call('GET', `/shares/${t.shareId}`);
    expect(res.status).toBe(200);
    const dto = await body<TransferDto>(res);
    expect(dto).toMatchObject({
      kind: 'transfer',
      shareId: t.shareId,
      senderName: 'Ada',
      message: 'Photos from the trip.\nEnjoy!',
      downloadCount: 0,
      viewCount: 1,
      pendingFiles: 1,
    });
    expect(dto.files.map((f) => [f.path, f.name, f.size])).toEqual([
      ['', 'notes.txt', 30],
      ['photos', 'a.png', 20],
      ['photos/2026', 'b.png', DEFAULT_PART_SIZE + 10],
    ]);
    expect(dto.expiresAt).toBe(
      dto.files
        .map((f) => f.expiresAt)
        .sort()
        .at(-1),
    );

    // Each file keeps its own link, and says which transfer it came in.
    const own = await body<ShareLookup>(await p.call('GET', `/shares/${notes.shareId}`));
    expect(own).toMatchObject({ kind: 'file', name: 'notes.txt', path: '', transferShareId: t.shareId });
    const alone = await upload(p, 'alone.txt', bytesOf(5));
    expect(await body(await p.call('GET', `/shares/${alone.shareId}`))).toMatchObject({
      kind: 'file',
      path: '',
      transferShareId: null,
    });
  });

  it('refuses a hostile folder path with 400 invalid_path and stores nothing of it', async () => {
    const t = await createTransfer(p);
    const hostile = ['../x', '/etc', 'a/../b', 'a\\b', 'a\u0000b', 'a\nb', 'a\u007fb', 'a//b', 'x'.repeat(600), 42];
    for (const path of hostile) {
      const res = await p.call('POST', '/uploads', {
        body: { name: 'evil.txt', size: 3, type: 'text/plain', path, transfer: t },
      });
      expect(res.status, JSON.stringify(path)).toBe(400);
      expect(await body(res)).toMatchObject({ code: 'invalid_path', params: { max: 512 } });
      // Alone too, without a transfer.
      const alone = await p.call('POST', '/uploads', { body: { name: 'evil.txt', size: 3, path } });
      expect(alone.status).toBe(400);
    }
    expect(await p.ctx.db.query(`select 1 from public.files where name = 'evil.txt'`)).toEqual([]);
    expect(await p.storage?.listMultipartUploads('uploads/')).not.toContainEqual(
      expect.objectContaining({ key: expect.stringContaining('evil') }),
    );
    // A safe folder is kept, with or without a transfer.
    const res = await p.call('POST', '/uploads', { body: { name: 'ok.txt', size: 3, path: 'docs/2026' } });
    expect(res.status).toBe(201);
    expect(await p.ctx.db.query(`select path from public.files where name = 'ok.txt'`)).toEqual([
      { path: 'docs/2026' },
    ]);
  });

  it("lets only the transfer's owner add to it: a wrong token is 403, an unknown transfer 404", async () => {
    const t = await createTransfer(p);
    const wrong = await joinTransfer(p, { shareId: t.shareId, ownerToken: 'x'.repeat(43) }, { name: 'a.txt', size: 1 });
    expect(wrong.status).toBe(403);
    expect(await body(wrong)).toMatchObject({ code: 'not_owner' });
    const unknown = await joinTransfer(
      p,
      { shareId: 'Nope1234', ownerToken: t.ownerToken },
      { name: 'a.txt', size: 1 },
    );
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toMatchObject({ code: 'transfer_not_found' });
    expect(await fileRows(p, t)).toEqual([]);
  });

  it(`holds at most ${MAX_TRANSFER_FILES} files: the next one is refused with 409 transfer_full`, async () => {
    const t = await createTransfer(p);
    // All but the last file, written directly: a thousand uploads through the API would say no more.
    await p.ctx.db.query(
      `insert into public.files (name, size, storage_path, share_id, owner_token_hash, transfer_id)
       select 'f' || n, 1, 'uploads/full/' || n || '-' || $2, substr(md5($2 || n), 1, 8), repeat('c', 64), $1::uuid
       from generate_series(1, $3::int) as n`,
      [t.transferId, t.shareId, MAX_TRANSFER_FILES - 1],
    );
    expect((await joinTransfer(p, t, { name: 'last.txt', size: 1 }, newVisitor())).status).toBe(201);
    const full = await joinTransfer(p, t, { name: 'one-too-many.txt', size: 1 }, newVisitor());
    expect(full.status).toBe(409);
    expect(await body(full)).toMatchObject({ code: 'transfer_full', params: { max: MAX_TRANSFER_FILES } });
    expect(await p.ctx.db.query(`select 1 from public.files where name = 'one-too-many.txt'`)).toEqual([]);
  });

  it('gives Download all one ticket per file whose bytes match, and counts it once', async () => {
    const t = await createTransfer(p);
    const files = [
      { path: 'b', name: 'two.bin', bytes: bytesOf(DEFAULT_PART_SIZE + 5, 7) },
      { path: '', name: 'one.txt', bytes: bytesOf(11, 8) },
      { path: 'b/c', name: 'three.txt', bytes: bytesOf(13, 9) },
    ];
    const created = [];
    for (const f of files) created.push(await uploadInto(p, t, f.path, f.name, f.bytes));
    const visitor = newVisitor();

    const res = await p.call('POST', `/shares/${t.shareId}/download`, { headers: visitor, body: {} });
    expect(res.status).toBe(200);
    const { tickets } = await body<TransferDownload>(res);
    expect(tickets.map((k) => [k.path, k.fileName, k.size])).toEqual([
      ['', 'one.txt', 11],
      ['b', 'two.bin', DEFAULT_PART_SIZE + 5],
      ['b/c', 'three.txt', 13],
    ]);
    for (const ticket of tickets) {
      const file = files.find((f) => f.name === ticket.fileName);
      expect(ticket.shareId).toBe(created[files.indexOf(file!)]?.shareId);
      const got = await fetch(ticket.url);
      expect(got.status).toBe(200);
      expect(await sha256(new Uint8Array(await got.arrayBuffer()))).toBe(await sha256(file?.bytes));
    }
    // Asked again by the same visitor: still one download.
    expect((await p.call('POST', `/shares/${t.shareId}/download`, { headers: visitor, body: {} })).status).toBe(200);
    const dto = await body<TransferDto>(await p.call('GET', `/shares/${t.shareId}`));
    expect(dto.downloadCount).toBe(1);
    expect(dto.files.map((f) => f.downloadCount)).toEqual([1, 1, 1]);
    const logged = await p.ctx.db.query<{ file_id: string | null; file_size: number | string }>(
      'select file_id, file_size from public.download_logs where share_id = $1',
      [t.shareId],
    );
    expect(logged.map((l) => [l.file_id, Number(l.file_size)])).toEqual([[null, DEFAULT_PART_SIZE + 5 + 11 + 13]]);
  });

  it("deletes the whole transfer with its owner's token: every object, row and upload in progress", async () => {
    const t = await createTransfer(p);
    await uploadInto(p, t, 'a', 'one.txt', bytesOf(10));
    await uploadInto(p, t, 'a/b', 'two.txt', bytesOf(20));
    const inProgress = await joinTransfer(p, t, { name: 'three.txt', size: 30, path: 'a' });
    expect(inProgress.status).toBe(201);
    const keys = await p.ctx.db.query<{ storage_path: string }>(
      'select storage_path from public.files where transfer_id = $1::uuid',
      [t.transferId],
    );
    expect(keys).toHaveLength(3);

    const wrong = await p.call('DELETE', `/shares/${t.shareId}`, { headers: { 'x-owner-token': 'y'.repeat(43) } });
    expect(wrong.status).toBe(403);
    const res = await p.call('DELETE', `/shares/${t.shareId}`, { headers: { 'x-owner-token': t.ownerToken } });
    expect(res.status).toBe(204);

    for (const { storage_path } of keys) expect(await p.storage?.headObject(storage_path)).toBeNull();
    const uploads = await p.storage?.listMultipartUploads('uploads/');
    expect(uploads?.filter((u) => keys.some((k) => k.storage_path === u.key))).toEqual([]);
    expect(await p.ctx.db.query('select 1 from public.files where transfer_id = $1::uuid', [t.transferId])).toEqual([]);
    expect(await p.ctx.db.query('select 1 from public.transfers where id = $1::uuid', [t.transferId])).toEqual([]);
    expect((await p.call('GET', `/shares/${t.shareId}`)).status).toBe(404);
    expect(
      (await p.call('DELETE', `/shares/${t.shareId}`, { headers: { 'x-owner-token': t.ownerToken } })).status,
    ).toBe(404);
  });

  it('is gone once its files have expired, and the sweep drops it and transfers left empty', async () => {
    const expiring = await createTransfer(p);
    await uploadInto(p, expiring, '', 'soon.txt', bytesOf(4));
    const empty = await createTransfer(p);
    p.advanceTime(4 * 24 * HOUR_MS);
    try {
      expect((await p.call('GET', `/shares/${expiring.shareId}`)).status).toBe(404);
      const swept = await sweepExpired(p.ctx);
      const left = await p.ctx.db.query('select share_id from public.transfers where share_id in ($1, $2)', [
        expiring.shareId,
        empty.shareId,
      ]);
      expect(left, JSON.stringify(swept)).toEqual([]);
    } finally {
      p.advanceTime(-4 * 24 * HOUR_MS);
    }
  });

  it("counts a transfer as one of the visitor's creates, and refuses new ones in maintenance", async () => {
    const creates = async () => {
      const [row] = await p.ctx.db.query<{ n: number | string }>(
        `select coalesce(sum(hits), 0)::int as n from public.rate_limits where action = 'upload_create'`,
      );
      return Number(row?.n);
    };
    const before = await creates();
    await createTransfer(p, {}, newVisitor());
    expect(await creates()).toBe(before + 1);
    const tooLong = await p.call('POST', '/transfers', { body: { senderName: 'n'.repeat(81) } });
    expect(tooLong.status).toBe(400);
    expect(await body(tooLong)).toMatchObject({ code: 'text_too_long', params: { field: 'senderName', max: 80 } });
    expect((await saveSettings({ maintenanceMode: true })).status).toBe(200);
    const res = await p.call('POST', '/transfers', { body: {}, headers: newVisitor() });
    expect(res.status).toBe(503);
    expect(await body(res)).toMatchObject({ code: 'maintenance' });
  });
});
