// @vitest-environment node
// End-to-end encrypted transfers as the server sees them, against a real database (PGlite and
// PostgreSQL 15) and the embedded bucket: only well-formed public values are stored, a file
// announces its stored size and people see its plaintext size, the size limit counts what was
// sent (a 2 GiB file fits), and a password's verifier never leaves the server.
import { describe, expect, it } from 'vitest';
import type { CreatedUpload, FileDto, ShareLookup, TransferDto } from '../../functions/_shared/domain/api-types.ts';
import { GIB } from '../../functions/_shared/domain/constants.ts';
import { ciphertextSize } from '../../functions/_shared/domain/encrypted-size.ts';
import { TARGETS } from '../targets.ts';
import { adminPlatformForTests, ok } from './admin-harness.ts';
import { createTransferWith, newVisitor, passwordValues, randomB64, uploadSized } from './share-access-helpers.ts';
import { joinTransfer } from './transfer-helpers.ts';
import { body } from './upload-helpers.ts';

describe.each(TARGETS)('end-to-end encrypted transfers on %s', (target) => {
  const { p, admin } = adminPlatformForTests(target);

  it('refuses encryption values of any other form with 400 invalid_encryption, and stores nothing', async () => {
    const keyCheck = randomB64(16);
    const password = passwordValues();
    const refused: unknown[] = [
      'yes',
      [],
      { version: 2, keyCheck },
      { keyCheck },
      { version: 1 },
      { version: 1, keyCheck: keyCheck.slice(1) },
      { version: 1, keyCheck: `${keyCheck}A` },
      { version: 1, keyCheck: `${keyCheck.slice(0, 21)}B` }, // spare bits set: not an encoder's spelling
      { version: 1, keyCheck: `${keyCheck.slice(0, 21)}=` },
      { version: 1, keyCheck, key: randomB64(32) },
      { version: 1, keyCheck, password: { salt: password.salt } },
      { version: 1, keyCheck, password: { ...password, iterations: 1 } },
      { version: 1, keyCheck, password: { salt: password.salt, verifier: password.verifier.slice(1) } },
      { version: 1, keyCheck, password: 'hunter2' },
    ];
    const before = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from public.transfers');
    for (const encryption of refused) {
      const res = await p.call('POST', '/transfers', { body: { encryption }, headers: newVisitor() });
      expect(res.status, JSON.stringify(encryption)).toBe(400);
      const answer = await body<{ code: string; error: string }>(res);
      expect(answer.code).toBe('invalid_encryption');
      expect(answer.error).not.toContain('\n');
    }
    expect(await p.ctx.db.query('select count(*)::int as n from public.transfers')).toEqual(before);
  });

  it('takes a stored size and shows the plaintext size; a size no file encrypts to is refused', async () => {
    const keyCheck = randomB64(16);
    const t = await createTransferWith(p, { encryption: { version: 1, keyCheck } });
    const created = await uploadSized(p, t, 'notes.txt', 100_000, true);

    const page = await ok<TransferDto>(p.call('GET', `/shares/${t.shareId}`));
    expect(page.encryption).toEqual({ version: 1, keyCheck });
    expect(page.files.map((f) => [f.name, f.size, f.storedSize])).toEqual([
      ['notes.txt', 100_000, ciphertextSize(100_000)],
    ]);
    const file = await ok<ShareLookup>(p.call('GET', `/shares/${created.shareId}`));
    expect(file).toMatchObject({ kind: 'file', size: 100_000, storedSize: 100_032, encryption: { keyCheck } });
    // The sender's list and the admin's details show what was sent, too.
    const owned = await ok<{ transfers: { files: FileDto[] }[] }>(
      p.call('POST', '/files/lookup', { body: { items: [{ shareId: t.shareId, ownerToken: t.ownerToken }] } }),
    );
    expect(owned.transfers[0]?.files.map((f) => [f.size, f.storedSize])).toEqual([[100_000, 100_032]]);
    const details = await ok<{ size: number }>(admin('GET', `/admin/shares/${created.shareId}`));
    expect(details.size).toBe(100_000);
    // Taken down, it is still listed to its sender at the size that was sent.
    expect((await admin('POST', `/admin/shares/${created.shareId}/takedown`, { reason: 'Copyright' })).status).toBe(
      200,
    );
    const after = await ok<{ transfers: { size: number; files: FileDto[] }[] }>(
      p.call('POST', '/files/lookup', { body: { items: [{ shareId: t.shareId, ownerToken: t.ownerToken }] } }),
    );
    expect(after.transfers[0]?.files.map((f) => [f.size, f.takenDown])).toEqual([[100_000, true]]);
    expect(after.transfers[0]?.size).toBe(100_000);

    // 1 to 16 bytes past whole records, or fewer than a tag: no encrypted file is that long.
    for (const size of [0, 15, 65_536 + 1, 65_536 + 16, 2 * 65_536 + 3]) {
      const res = await joinTransfer(p, t, { name: `x${size}.bin`, size }, newVisitor());
      expect(res.status, String(size)).toBe(400);
      expect((await body<{ code: string }>(res)).code).toBe('invalid_size');
    }
  });

  it('checks the size limit against the plaintext: a 2 GiB file fits, one byte more does not', async () => {
    const t = await createTransferWith(p, { encryption: { version: 1, keyCheck: randomB64(16) } });
    const plain = await createTransferWith(p, {});
    const fits = await joinTransfer(p, t, { name: 'film.mkv', size: ciphertextSize(2 * GIB) }, newVisitor());
    expect(fits.status, JSON.stringify(await fits.clone().json())).toBe(201);
    const over = await joinTransfer(p, t, { name: 'big.mkv', size: ciphertextSize(2 * GIB + 1) }, newVisitor());
    expect(over.status).toBe(413);
    // The same stored size, sent as is, is over the limit.
    const asIs = await joinTransfer(p, plain, { name: 'film.mkv', size: ciphertextSize(2 * GIB) }, newVisitor());
    expect(asIs.status).toBe(413);
    // The bucket gets the stored bytes: the parts are planned over them.
    const c = await body<CreatedUpload>(fits);
    expect(c.partSize * c.partCount).toBeGreaterThanOrEqual(ciphertextSize(2 * GIB));
    const abort = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(abort.status).toBeLessThan(300);
  });

  it('shows the key check of a password transfer before any proof, so a changed link is told apart, and never the verifier', async () => {
    const keyCheck = randomB64(16);
    const password = passwordValues();
    const t = await createTransferWith(p, { encryption: { version: 1, keyCheck, password } });
    const file = await uploadSized(p, t, 'secret.pdf', 5_000, true);

    for (const shareId of [t.shareId, file.shareId]) {
      const res = await p.call('GET', `/shares/${shareId}`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(text).not.toContain(password.verifier);
      expect((JSON.parse(text) as ShareLookup).encryption).toEqual({
        version: 1,
        keyCheck,
        password: { salt: password.salt, iterations: 600_000 },
      });
    }
    const admin1 = await admin('GET', `/admin/shares/${t.shareId}`);
    expect(await admin1.text()).not.toContain(password.verifier);

    const unlock = (proof: unknown, shareId = t.shareId) =>
      p.call('POST', `/shares/${shareId}/unlock`, { body: { proof }, headers: newVisitor() });
    const wrong = await unlock(randomB64(32));
    expect(wrong.status).toBe(403);
    expect((await body<{ code: string }>(wrong)).code).toBe('wrong_password');
    for (const malformed of ['', 'short', `${password.verifier}A`, 42, null]) {
      const res = await unlock(malformed);
      expect(res.status, String(malformed)).toBe(400);
      expect((await body<{ code: string }>(res)).code).toBe('invalid_proof');
    }
    expect(await ok(unlock(password.verifier))).toEqual({ keyCheck });
    // A file's link unlocks under its transfer's password.
    expect(await ok(unlock(password.verifier, file.shareId))).toEqual({ keyCheck });
    // A transfer with no password has nothing to unlock.
    const open = await createTransferWith(p, { encryption: { version: 1, keyCheck: randomB64(16) } });
    await uploadSized(p, open, 'a.txt', 10, true);
    expect((await body<{ code: string }>(await unlock(password.verifier, open.shareId))).code).toBe('no_password');
  });

  it('hands out no ticket or preview of a password transfer without the right proof', async () => {
    const password = passwordValues();
    const t = await createTransferWith(p, { encryption: { version: 1, keyCheck: randomB64(16), password } });
    const file = await uploadSized(p, t, 'secret.pdf', 5_000, true);
    const ask = (path: string, proof?: string) =>
      p.call('POST', path, { body: {}, headers: { ...newVisitor(), ...(proof ? { 'x-share-proof': proof } : {}) } });
    const paths = [
      `/shares/${t.shareId}/download`,
      `/shares/${file.shareId}/download`,
      `/shares/${file.shareId}/preview`,
    ];
    for (const path of paths) {
      const none = await ask(path);
      expect(none.status, path).toBe(403);
      expect((await body<{ code: string }>(none)).code).toBe('password_required');
      const wrong = await ask(path, randomB64(32));
      expect(wrong.status, path).toBe(403);
      expect((await body<{ code: string }>(wrong)).code).toBe('wrong_password');
      const right = await ask(path, password.verifier);
      expect(right.status, path).toBe(200);
    }
    // A transfer's Download all gives the sizes people see and the bytes to fetch.
    const all = await ok<{ tickets: { size: number; storedSize: number }[] }>(ask(paths[0]!, password.verifier));
    expect(all.tickets.map((x) => [x.size, x.storedSize])).toEqual([[5_000, 5_016]]);
  });
});
