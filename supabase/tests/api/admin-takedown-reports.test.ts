// @vitest-environment node
// A takedown and visitors' reports, against a real database (PGlite and PostgreSQL 15) and the
// embedded bucket: a file taken down is gone everywhere and its link says so; reports are bounded,
// rate-limited, listed and dismissed, and every admin action is logged.
import { describe, expect, it } from 'vitest';
import type { AdminFileDetailsDto, PageOf, ReportDto } from '../../functions/_shared/domain/admin-api-types.ts';
import { REPORT_MAX_PER_WINDOW } from '../../functions/_shared/domain/constants.ts';
import { TARGETS } from '../targets.ts';
import { ok, adminPlatformForTests } from './admin-harness.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

describe.each(TARGETS)('admin takedown and reports on %s', (target) => {
  const { p, admin, adminLogs } = adminPlatformForTests(target);

  it('takes a file down: object and row gone, its link says removed, the action logged, its reports closed', async () => {
    const c = await upload(p, 'bad file.txt', bytesOf(77));
    const report = await p.call('POST', `/shares/${c.shareId}/report`, {
      body: { reason: 'copyright', text: 'My book, copied.' },
    });
    expect(report.status).toBe(201);
    const details = await ok<AdminFileDetailsDto>(admin('GET', `/admin/shares/${c.shareId}`));
    expect(details).toMatchObject({
      name: 'bad file.txt',
      size: 77,
      storagePath: `uploads/${c.shareId}/bad_file.txt`,
    });
    expect(details.reports).toEqual([expect.objectContaining({ reason: 'copyright', details: 'My book, copied.' })]);

    expect((await admin('POST', `/admin/shares/${c.shareId}/takedown`, { reason: 'Copyright claim' })).status).toBe(
      200,
    );

    for (const res of [
      await p.call('GET', `/shares/${c.shareId}`),
      await p.call('POST', `/shares/${c.shareId}/download`),
      await p.call('POST', `/shares/${c.shareId}/report`, { body: { reason: 'other' } }),
    ]) {
      expect(res.status).toBe(410);
      expect(await body(res)).toEqual({ error: 'This file was removed by the administrator.', code: 'file_removed' });
    }
    expect(await p.storage?.headObject(details.storagePath)).toBeNull();
    expect(await p.ctx.db.query('select 1 from public.files where share_id = $1', [c.shareId])).toEqual([]);
    expect((await admin('GET', `/admin/shares/${c.shareId}`)).status).toBe(404);
    expect((await admin('POST', `/admin/shares/${c.shareId}/takedown`)).status).toBe(404);

    const [logged] = await adminLogs('admin_takedown');
    expect(logged?.eventData).toMatchObject({
      admin: 'admin',
      shareId: c.shareId,
      fileName: 'bad file.txt',
      reason: 'Copyright claim',
    });
    const removed = await ok<PageOf<ReportDto>>(admin('GET', '/admin/reports?status=removed'));
    expect(removed.items).toContainEqual(
      expect.objectContaining({ shareId: c.shareId, status: 'removed', resolvedBy: 'admin', fileAvailable: false }),
    );
    // An expired or owner-deleted file still answers "not found".
    expect((await p.call('GET', '/shares/Zzzzzzz9')).status).toBe(404);
  });

  it('takes reports with a reason and bounded text, lists them, dismisses one, and rate-limits a visitor', async () => {
    const c = await upload(p, 'reported.txt', bytesOf(12));
    const visitor = { 'x-forwarded-for': '192.0.2.77' };
    const report = (reportBody: unknown, headers = visitor) =>
      p.call('POST', `/shares/${c.shareId}/report`, { body: reportBody, headers });

    const bad = await report({ reason: 'because' });
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ code: 'report_reason_invalid' });
    const long = await report({ reason: 'other', text: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(await body(long)).toMatchObject({ code: 'text_too_long', params: { field: 'text', max: 1000 } });
    expect((await p.call('POST', '/shares/Zzzzzzz8/report', { body: { reason: 'other' } })).status).toBe(404);
    expect((await p.call('POST', '/shares/bad!/report', { body: { reason: 'other' } })).status).toBe(400);

    const first = await report({ reason: 'malware', text: '  <b>virus</b>\u0007 inside  ' });
    expect(first.status).toBe(201);
    const { id } = await body<{ id: string }>(first);
    const open = await ok<PageOf<ReportDto>>(admin('GET', '/admin/reports'));
    expect(open.items[0]).toMatchObject({
      id,
      shareId: c.shareId,
      fileName: 'reported.txt',
      reason: 'malware',
      details: '<b>virus</b> inside',
      status: 'open',
      fileAvailable: true,
    });

    for (let i = 1; i < REPORT_MAX_PER_WINDOW; i++) expect((await report({ reason: 'other' })).status).toBe(201);
    const limited = await report({ reason: 'other' });
    expect(limited.status).toBe(429);
    expect(await body(limited)).toMatchObject({ code: 'rate_limited' });
    // Another visitor is not limited by the first one.
    expect((await report({ reason: 'other' }, { 'x-forwarded-for': '192.0.2.78' })).status).toBe(201);

    expect((await admin('POST', `/admin/reports/${id}/dismiss`)).status).toBe(200);
    expect((await admin('POST', `/admin/reports/${id}/dismiss`)).status).toBe(404);
    expect((await admin('POST', '/admin/reports/not-a-uuid/dismiss')).status).toBe(400);
    const dismissed = await ok<PageOf<ReportDto>>(admin('GET', '/admin/reports?status=dismissed'));
    expect(dismissed.items).toContainEqual(expect.objectContaining({ id, status: 'dismissed', resolvedBy: 'admin' }));
    expect((await adminLogs('admin_report_dismissed'))[0]?.eventData).toMatchObject({ admin: 'admin', reportId: id });
    // The file is still there.
    expect((await p.call('GET', `/shares/${c.shareId}`)).status).toBe(200);
  });
});
