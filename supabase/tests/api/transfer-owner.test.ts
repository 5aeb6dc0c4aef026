// @vitest-environment node
// A transfer as its sender sees it, against a real database (PGlite and PostgreSQL 15), the
// embedded bucket and the outbox folder the one-machine host writes mail to: the Transfers list
// groups files under their transfer and tells the sender when an admin took one down, the mail
// carries the one transfer link and never claims to be sent when it only reached the outbox, and
// admin System warns about that.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminShareDetailsDto,
  PageOf,
  ReportDto,
  SystemDto,
} from '../../functions/_shared/domain/admin-api-types.ts';
import type { OwnedFiles, SendResult } from '../../functions/_shared/domain/api-types.ts';
import { createOutboxMailer } from '../../host/outbox-mailer.ts';
import { TEST_PUBLIC_ORIGIN } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { adminPlatformForTests, ok } from './admin-harness.ts';
import { createTransfer, uploadInto } from './transfer-helpers.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

describe.each(TARGETS)('a transfer as its sender sees it on %s', (target) => {
  const { p, admin } = adminPlatformForTests(target);
  let outbox = '';
  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'ulak-outbox-'));
    p.ctx.mailer = createOutboxMailer(outbox, 'Ulak <no-reply@app.test>', () => {});
    p.ctx.mailTransport = 'outbox';
  });
  afterAll(async () => {
    await rm(outbox, { recursive: true, force: true });
  });

  const lookup = async (items: { shareId: string; ownerToken: string }[]) =>
    ok<OwnedFiles>(p.call('POST', '/files/lookup', { body: { items } }));

  it('lists a transfer with its files, and a file taken down stays listed, flagged', async () => {
    const t = await createTransfer(p, { senderName: 'Ada' });
    const kept = await uploadInto(p, t, 'docs', 'kept.txt', bytesOf(10));
    const bad = await uploadInto(p, t, 'docs/old', 'bad.txt', bytesOf(20));
    const alone = await upload(p, 'alone.txt', bytesOf(5));
    expect((await admin('POST', `/admin/shares/${bad.shareId}/takedown`, { reason: 'Copyright' })).status).toBe(200);

    // The device holds the transfer's token and one file's own: the transfer's files are under it.
    const owned = await lookup([t, kept, alone].map(({ shareId, ownerToken }) => ({ shareId, ownerToken })));
    expect(owned.files.map((f) => f.name)).toEqual(['alone.txt']);
    expect(owned.files[0]).toMatchObject({ transferShareId: null, takenDown: false, path: '' });
    expect(owned.transfers).toHaveLength(1);
    const [listed] = owned.transfers;
    expect(listed).toMatchObject({
      shareId: t.shareId,
      shareUrl: `${TEST_PUBLIC_ORIGIN}/s/${t.shareId}`,
      senderName: 'Ada',
      takenDown: false,
    });
    expect(listed?.files.map((f) => [f.path, f.name, f.takenDown, f.transferShareId])).toEqual([
      ['docs', 'kept.txt', false, t.shareId],
      ['docs/old', 'bad.txt', true, t.shareId],
    ]);

    // With only the file's own token, the file is listed alone, flagged too.
    const own = await lookup([{ shareId: bad.shareId, ownerToken: bad.ownerToken }]);
    expect(own.files).toEqual([expect.objectContaining({ shareId: bad.shareId, takenDown: true, size: 20 })]);
    expect(own.transfers).toEqual([]);
    // Someone else's token shows nothing.
    expect(await lookup([{ shareId: bad.shareId, ownerToken: kept.ownerToken }])).toEqual({ files: [], transfers: [] });
  });

  it('takes a whole transfer down: its link answers 410 and its sender is told', async () => {
    const t = await createTransfer(p);
    const one = await uploadInto(p, t, '', 'one.txt', bytesOf(3));
    // A recipient reports the whole transfer; the admin sees the report under its id.
    const report = await p.call('POST', `/shares/${t.shareId}/report`, {
      body: { reason: 'abuse' },
      headers: { 'x-forwarded-for': '192.0.2.88' },
    });
    expect(report.status).toBe(201);
    const reports = await ok<PageOf<ReportDto>>(admin('GET', '/admin/reports?status=open'));
    expect(reports.items).toContainEqual(
      expect.objectContaining({ shareId: t.shareId, reason: 'abuse', fileAvailable: true }),
    );
    // The report's details are the transfer's: its files, with their folders, and the report.
    const two = await uploadInto(p, t, 'docs', 'two.txt', bytesOf(5));
    const details = await ok<AdminShareDetailsDto>(admin('GET', `/admin/shares/${t.shareId}`));
    expect(details).toMatchObject({ kind: 'transfer', shareId: t.shareId, size: 8 });
    expect(details.kind === 'transfer' && details.files.map((f) => [f.path, f.name, f.shareId])).toEqual([
      ['', 'one.txt', one.shareId],
      ['docs', 'two.txt', two.shareId],
    ]);
    expect(details.reports).toEqual([expect.objectContaining({ reason: 'abuse' })]);
    expect((await admin('POST', `/admin/shares/${t.shareId}/takedown`, { reason: 'Abuse' })).status).toBe(200);
    expect((await admin('GET', `/admin/shares/${t.shareId}`)).status).toBe(404);
    const closed = await ok<PageOf<ReportDto>>(admin('GET', '/admin/reports?status=all'));
    expect(closed.items).toContainEqual(expect.objectContaining({ shareId: t.shareId, fileAvailable: false }));
    for (const res of [
      await p.call('GET', `/shares/${t.shareId}`),
      await p.call('POST', `/shares/${t.shareId}/download`, { body: {} }),
      await p.call('GET', `/shares/${one.shareId}`),
    ]) {
      expect(res.status).toBe(410);
      expect(await body(res)).toMatchObject({ code: 'file_removed' });
    }
    const owned = await lookup([{ shareId: t.shareId, ownerToken: t.ownerToken }]);
    expect(owned.transfers).toEqual([
      expect.objectContaining({
        shareId: t.shareId,
        takenDown: true,
        files: [
          expect.objectContaining({ name: 'one.txt', takenDown: true }),
          expect.objectContaining({ name: 'two.txt', takenDown: true }),
        ],
      }),
    ]);
    // Nothing joins it any more.
    const join = await p.call('POST', '/uploads', { body: { name: 'x.txt', size: 1, transfer: t } });
    expect(join.status).toBe(404);
  });

  it('mails ONE link for a transfer, with its file count, size and the sender quoted, and says outbox', async () => {
    const t = await createTransfer(p, { message: 'From the trip' });
    await uploadInto(p, t, 'photos', 'a.txt', bytesOf(1024));
    await uploadInto(p, t, 'photos/2026', 'b.txt', bytesOf(1024));
    const res = await p.call('POST', '/send', {
      headers: { 'x-forwarded-for': '192.0.2.77' },
      body: {
        recipients: ['bob@example.com'],
        senderName: 'Ada <ada@evil.com>',
        message: 'Here they are.',
        items: [{ shareId: t.shareId, ownerToken: t.ownerToken }],
      },
    });
    expect(res.status).toBe(200);
    expect(await body<SendResult>(res)).toEqual({ accepted: ['bob@example.com'], delivery: 'outbox' });
    const [file] = await readdir(outbox);
    const mail = await readFile(path.join(outbox, file ?? ''), 'utf8');
    const links = mail.match(new RegExp(`${TEST_PUBLIC_ORIGIN}/s/[A-Za-z0-9]{8}`, 'g')) ?? [];
    expect(new Set(links)).toEqual(new Set([`${TEST_PUBLIC_ORIGIN}/s/${t.shareId}`]));
    expect(mail).toContain('2 files, 2 KB');
    expect(mail).toContain('Subject: Ulak: 2 files were shared with you');
    expect(mail).toContain('> Name they gave: Ada <ada@[link removed]>');
    expect(mail).toContain('> Here they are.');
  });

  it('shows admin System a warning, not OK, while mail only lands in the outbox', async () => {
    const system = await ok<SystemDto>(admin('GET', '/admin/system'));
    expect(system.mail).toEqual({
      ok: false,
      warning: true,
      status: 'outbox',
      detail: "Mail is not configured: the send card's mails only land in the outbox (SMTP_URL)",
    });
  });
});
