// @vitest-environment node
// A create repeated with its upload key, against a real database (PGlite and PostgreSQL 15) and the
// embedded bucket: a sender's device whose answer to POST /uploads was lost (its tab closed while
// the answer was on its way) asks again and is handed the same upload, so its transfer never holds
// a second, unfinished copy of the file. The key names one file only, and the lost answer's owner
// token stops working.
import { describe, expect, it } from 'vitest';
import type { CreatedTransfer, CreatedUpload, TransferDto } from '../../functions/_shared/domain/api-types.ts';
import { DEFAULT_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import type { TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { adminPlatformForTests } from './admin-harness.ts';
import { createTransfer, joinTransfer } from './transfer-helpers.ts';
import { body, bytesOf, complete, putParts } from './upload-helpers.ts';

const KEY = '6f1c1f0e-8a4b-4c8e-9d51-2b7e3c0a9f10';

let visitorCounter = 0;

/** Each test is its own visitor, so the quotas of one do not leak into another. */
function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${200 + visitorCounter}` };
}

async function filesOf(p: TestPlatform, transfer: CreatedTransfer): Promise<string[]> {
  const rows = await p.ctx.db.query<{ id: string }>(
    'select id from public.files where transfer_id = $1::uuid and deleted_at is null',
    [transfer.transferId],
  );
  return rows.map((row) => row.id);
}

describe.each(TARGETS)('a repeated create on %s', (target) => {
  const { p } = adminPlatformForTests(target);
  const file = { name: 'clip.mp4', size: DEFAULT_PART_SIZE + 5, path: 'videos', uploadKey: KEY };

  it('hands the same upload to the sender who asks again with its key, and the first token stops working', async () => {
    const visitor = newVisitor();
    const t = await createTransfer(p, {}, visitor);
    const first = await joinTransfer(p, t, file, visitor);
    expect(first.status).toBe(201);
    const lost = await body<CreatedUpload>(first);

    const again = await joinTransfer(p, t, file, visitor);
    expect(again.status).toBe(200);
    const kept = await body<CreatedUpload>(again);
    expect(kept).toMatchObject({
      fileId: lost.fileId,
      shareId: lost.shareId,
      shareUrl: lost.shareUrl,
      partSize: lost.partSize,
      partCount: lost.partCount,
    });
    expect(kept.ownerToken).not.toBe(lost.ownerToken);
    expect(await filesOf(p, t)).toEqual([lost.fileId]);

    const stale = await p.call('POST', `/uploads/${lost.fileId}/parts`, {
      body: { partNumbers: [1] },
      headers: { 'x-owner-token': lost.ownerToken },
    });
    expect(stale.status).toBe(403);

    const bytes = bytesOf(file.size, 7);
    const done = await complete(p, kept, await putParts(p, kept, bytes));
    expect(done.status).toBe(200);
    const listed = await body<TransferDto>(await p.call('GET', `/shares/${t.shareId}`));
    expect(listed.files.map((f) => [f.path, f.name, f.size])).toEqual([['videos', 'clip.mp4', file.size]]);
    expect(listed.pendingFiles).toBe(0);

    // Finished, the key is spent: a create naming it again is refused, and adds nothing.
    const late = await joinTransfer(p, t, file, visitor);
    expect(late.status).toBe(409);
    expect(await body(late)).toMatchObject({ code: 'upload_key_used' });
    expect(await filesOf(p, t)).toEqual([lost.fileId]);
  });

  it('refuses the key for another file of the transfer, and takes a key only as a UUID with a transfer', async () => {
    const visitor = newVisitor();
    const t = await createTransfer(p, {}, visitor);
    expect((await joinTransfer(p, t, file, visitor)).status).toBe(201);
    for (const other of [
      { ...file, name: 'other.mp4' },
      { ...file, size: file.size + 1 },
      { ...file, path: '' },
    ]) {
      const res = await joinTransfer(p, t, other, visitor);
      expect(res.status).toBe(409);
      expect(await body(res)).toMatchObject({ code: 'upload_key_used' });
    }
    expect(await filesOf(p, t)).toHaveLength(1);

    // The same key in another transfer of the sender is another file.
    const t2 = await createTransfer(p, {}, visitor);
    expect((await joinTransfer(p, t2, file, visitor)).status).toBe(201);

    for (const uploadKey of ['not-a-uuid', 42, 'x'.repeat(5000)]) {
      const res = await joinTransfer(p, t, { ...file, uploadKey } as unknown as typeof file, visitor);
      expect(res.status).toBe(400);
      expect(await body(res)).toMatchObject({ code: 'bad_request' });
    }
    const alone = await p.call('POST', '/uploads', {
      body: { name: 'a.txt', size: 3, type: 'text/plain', uploadKey: KEY },
      headers: visitor,
    });
    expect(alone.status).toBe(400);
    expect(await body(alone)).toMatchObject({ code: 'bad_request' });
  });

  it('gives one file to the same create sent many times at once', async () => {
    const visitor = newVisitor();
    const t = await createTransfer(p, {}, visitor);
    const answers = await Promise.all(Array.from({ length: 6 }, () => joinTransfer(p, t, file, visitor)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The others are the same upload (200), or asked to come back while the bucket begins it (503).
    expect(statuses.every((status) => status === 200 || status === 201 || status === 503)).toBe(true);
    const ids = new Set<string>();
    for (const res of answers) if (res.status !== 503) ids.add((await body<CreatedUpload>(res)).fileId);
    expect(ids.size).toBe(1);
    expect(await filesOf(p, t)).toEqual([...ids]);
  });

  it('hands over again only what is still under way: a cancelled upload leaves the key free', async () => {
    const visitor = newVisitor();
    const t = await createTransfer(p, {}, visitor);
    const first = await body<CreatedUpload>(await joinTransfer(p, t, file, visitor));
    const abort = await p.call('POST', `/uploads/${first.fileId}/abort`, {
      headers: { 'x-owner-token': first.ownerToken },
    });
    expect(abort.status).toBe(204);
    const again = await joinTransfer(p, t, file, visitor);
    expect(again.status).toBe(201);
    expect((await body<CreatedUpload>(again)).fileId).not.toBe(first.fileId);
    expect(await filesOf(p, t)).toHaveLength(1);
  });
});
