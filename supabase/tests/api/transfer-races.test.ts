// @vitest-environment node
// Hostile timing on transfers, against a real database (PGlite and PostgreSQL 15) and the embedded
// bucket: files joining one transfer at once (from many visitors, so no visitor lock orders them)
// never pass its cap or lose a row, and a delete racing the joins leaves no file row, no object
// and no multipart upload behind. Each scenario runs twice at once.
import { describe, expect, it } from 'vitest';
import type { CreatedTransfer, CreatedUpload } from '../../functions/_shared/domain/api-types.ts';
import { MAX_TRANSFER_FILES } from '../../functions/_shared/domain/constants.ts';
import type { TestPlatform } from '../platform.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { createTransfer, joinTransfer, uploadInto } from './transfer-helpers.ts';
import { body, bytesOf } from './upload-helpers.ts';

/** Joins launched at once into one transfer. */
const AT_ONCE = 8;

let visitorCounter = 0;

/** A visitor of its own for each request. */
function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `10.9.${visitorCounter}.1` };
}

async function filesIn(p: TestPlatform, transfer: CreatedTransfer): Promise<number> {
  const [row] = await p.ctx.db.query<{ n: number | string }>(
    'select count(*)::int as n from public.files where transfer_id = $1::uuid',
    [transfer.transferId],
  );
  return Number(row?.n);
}

/** A transfer holding all but `room` of its files (written directly: that many uploads would say no more). */
async function nearlyFull(p: TestPlatform, room: number): Promise<CreatedTransfer> {
  const t = await createTransfer(p, {}, newVisitor());
  await p.ctx.db.query(
    `insert into public.files (name, size, storage_path, share_id, owner_token_hash, transfer_id)
     select 'f' || n, 1, 'uploads/race/' || $2 || '-' || n, substr(md5($2 || n), 1, 8), repeat('d', 64), $1::uuid
     from generate_series(1, $3::int) as n`,
    [t.transferId, t.shareId, MAX_TRANSFER_FILES - room],
  );
  return t;
}

async function joinAtOnce(p: TestPlatform, t: CreatedTransfer, tag: string): Promise<Response[]> {
  return Promise.all(
    Array.from({ length: AT_ONCE }, (_, i) =>
      joinTransfer(p, t, { name: `${tag}-${i}.txt`, size: 10, path: 'at/once' }, newVisitor()),
    ),
  );
}

describe.each(TARGETS)('transfers under parallel requests on %s', (target) => {
  const p = platformForTests({ target });

  it('keeps every file that joins at once, and never passes the cap', async () => {
    const room = 3;
    const [open, full1, full2] = [
      await createTransfer(p, {}, newVisitor()),
      await nearlyFull(p, room),
      await nearlyFull(p, room),
    ];
    const [intoOpen, into1, into2] = await Promise.all([
      joinAtOnce(p, open, 'open'),
      joinAtOnce(p, full1, 'one'),
      joinAtOnce(p, full2, 'two'),
    ]);
    expect(intoOpen.map((r) => r.status)).toEqual(Array(AT_ONCE).fill(201));
    const created = await Promise.all(intoOpen.map((r) => body<CreatedUpload>(r)));
    expect(await filesIn(p, open)).toBe(AT_ONCE);
    expect(new Set(created.map((c) => c.shareId)).size).toBe(AT_ONCE);
    for (const [t, answers] of [
      [full1, into1],
      [full2, into2],
    ] as const) {
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(room).fill(201), ...Array(AT_ONCE - room).fill(409)]);
      expect(await filesIn(p, t)).toBe(MAX_TRANSFER_FILES);
    }
  });

  it('leaves no row, object or upload behind when a delete races files joining', async () => {
    const race = async (tag: string) => {
      const t = await createTransfer(p, {}, newVisitor());
      await uploadInto(p, t, '', `${tag}-first.txt`, bytesOf(7));
      const [deleted, ...joins] = await Promise.all([
        p.call('DELETE', `/shares/${t.shareId}`, { headers: { 'x-owner-token': t.ownerToken } }),
        ...Array.from({ length: AT_ONCE }, (_, i) =>
          joinTransfer(p, t, { name: `${tag}-${i}.txt`, size: 10 }, newVisitor()),
        ),
      ]);
      expect(deleted?.status).toBe(204);
      // Each join either got in before the delete (and went with it) or found the transfer gone.
      for (const res of joins) expect([201, 404]).toContain(res.status);
      return t;
    };
    const transfers = await Promise.all([race('left'), race('right')]);
    for (const t of transfers) {
      expect(await filesIn(p, t)).toBe(0);
      expect(await p.ctx.db.query('select 1 from public.transfers where id = $1::uuid', [t.transferId])).toEqual([]);
    }
    // Every object key of these files had the tag in its name.
    const uploads = (await p.storage?.listMultipartUploads('uploads/')) ?? [];
    expect(uploads.filter((u) => /\/(left|right)-/.test(u.key))).toEqual([]);
  });
});
