// @vitest-environment node
// The admin's settings and their effect on the public API, against a real database (PGlite and
// PostgreSQL 15) and the embedded bucket: bounds with a clear error, the size limit, the allowed
// types, maintenance, retention, analytics and notifications.
import { describe, expect, it } from 'vitest';
import type { AdminSettingsDto, NotificationsDto } from '../../functions/_shared/domain/admin-api-types.ts';
import type { PublicSettings } from '../../functions/_shared/domain/api-types.ts';
import { DAY_MS, GIB } from '../../functions/_shared/domain/constants.ts';
import { DEFAULT_SETTINGS, type ServiceSettings } from '../../functions/_shared/domain/service-settings.ts';
import { TARGETS } from '../targets.ts';
import { ok, adminPlatformForTests } from './admin-harness.ts';
import { body, bytesOf, create, upload } from './upload-helpers.ts';

describe.each(TARGETS)('admin settings on %s', (target) => {
  const { p, admin, saveSettings, adminLogs } = adminPlatformForTests(target);

  it('start at the product defaults and refuse values out of bounds with a clear error', async () => {
    const settings = await ok<AdminSettingsDto>(admin('GET', '/admin/settings'));
    expect(settings).toMatchObject(DEFAULT_SETTINGS);
    const cases: [Partial<ServiceSettings> | Record<string, unknown>, Record<string, unknown>][] = [
      [{ maxFileSizeGb: 0 }, { field: 'maxFileSizeGb', min: 1, max: 10 }],
      [{ maxFileSizeGb: 11 }, { field: 'maxFileSizeGb', min: 1, max: 10 }],
      [{ maxFileSizeGb: 1.5 }, { field: 'maxFileSizeGb', min: 1, max: 10 }],
      [{ maxFileSizeGb: '2' }, { field: 'maxFileSizeGb', min: 1, max: 10 }],
      [{ autoDeleteDays: 31 }, { field: 'autoDeleteDays', min: 1, max: 30 }],
      [{ autoDeleteDays: 0 }, { field: 'autoDeleteDays', min: 1, max: 30 }],
      [{ allowedFileTypes: 'videos' }, { field: 'allowedFileTypes' }],
      [{ allowedFileTypes: 'custom', customFileTypes: [] }, { field: 'customFileTypes' }],
      [
        { allowedFileTypes: 'custom', customFileTypes: ['<script>'] },
        { field: 'customFileTypes', entry: '<script>' },
      ],
      [{ maintenanceMode: 'yes' }, { field: 'maintenanceMode' }],
    ];
    for (const [change, params] of cases) {
      const res = await saveSettings(change as Partial<ServiceSettings>);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await body(res)).toMatchObject({ code: 'invalid_setting', params });
    }
    expect(await ok<AdminSettingsDto>(admin('GET', '/admin/settings'))).toMatchObject(DEFAULT_SETTINGS);
  });

  it('maxFileSize: a smaller limit refuses larger uploads with 413 and the limit; public settings show it', async () => {
    const saved = await ok<AdminSettingsDto>(saveSettings({ maxFileSizeGb: 1 }));
    expect(saved).toMatchObject({ maxFileSizeGb: 1, updatedBy: 'admin' });
    const refused = await p.call('POST', '/uploads', {
      body: { name: 'big.iso', size: 1.5 * GIB, type: 'application/x-iso9660-image' },
    });
    expect(refused.status).toBe(413);
    expect(await body(refused)).toEqual({
      error: 'This file is larger than 1 GB, the limit per file.',
      code: 'file_too_large',
      params: { maxBytes: GIB, maxGb: 1 },
    });
    expect((await ok<PublicSettings>(p.call('GET', '/settings'))).maxFileSize).toBe(GIB);
    const atLimit = await create(p, { name: 'ok.iso', size: GIB });
    // Unfinished uploads count against the visitor's bytes in flight: let this one go.
    await p.call('POST', `/uploads/${atLimit.fileId}/abort`, { headers: { 'x-owner-token': atLimit.ownerToken } });

    // Above the 2 GB default, up to 10 GB, once the admin allows it.
    await ok(saveSettings({ maxFileSizeGb: 10 }));
    const big = await create(p, { name: 'ten.iso', size: 10 * GIB });
    expect(big.partCount * big.partSize).toBeGreaterThanOrEqual(10 * GIB);
    expect(big.partCount).toBeLessThanOrEqual(10_000);
    await p.call('POST', `/uploads/${big.fileId}/abort`, { headers: { 'x-owner-token': big.ownerToken } });
    const [logged] = await adminLogs('admin_settings_saved');
    expect(logged?.eventData).toEqual({ admin: 'admin', changed: { maxFileSizeGb: 10 } });
  });

  it('allowedFileTypes: refuses other types at create time and tells the picker what to accept', async () => {
    await ok(saveSettings({ allowedFileTypes: 'images' }));
    const text = await p.call('POST', '/uploads', { body: { name: 'a.txt', size: 1, type: 'text/plain' } });
    expect(text.status).toBe(415);
    expect(await body(text)).toMatchObject({
      code: 'type_not_allowed',
      params: { type: 'text/plain', allowed: 'images' },
    });
    expect((await p.call('POST', '/uploads', { body: { name: 'a.png', size: 1, type: 'image/png' } })).status).toBe(
      201,
    );
    expect(await ok<PublicSettings>(p.call('GET', '/settings'))).toMatchObject({
      allowedFileTypes: 'images',
      accept: 'image/*',
    });

    await ok(saveSettings({ allowedFileTypes: 'documents' }));
    expect(
      (await p.call('POST', '/uploads', { body: { name: 'a.pdf', size: 1, type: 'application/pdf' } })).status,
    ).toBe(201);
    expect((await p.call('POST', '/uploads', { body: { name: 'a.docx', size: 1, type: '' } })).status).toBe(201);
    expect((await p.call('POST', '/uploads', { body: { name: 'a.png', size: 1, type: 'image/png' } })).status).toBe(
      415,
    );

    await ok(saveSettings({ allowedFileTypes: 'custom', customFileTypes: ['.ZIP', 'audio/*'] }));
    expect((await p.call('POST', '/uploads', { body: { name: 'x.zip', size: 1, type: '' } })).status).toBe(201);
    expect((await p.call('POST', '/uploads', { body: { name: 'x.mp3', size: 1, type: 'audio/mpeg' } })).status).toBe(
      201,
    );
    expect(
      (await p.call('POST', '/uploads', { body: { name: 'x.pdf', size: 1, type: 'application/pdf' } })).status,
    ).toBe(415);
    expect(await ok<PublicSettings>(p.call('GET', '/settings'))).toMatchObject({
      customFileTypes: ['.zip', 'audio/*'],
      accept: '.zip,audio/*',
    });
  });

  it('maintenanceMode: refuses new uploads with 503 while downloads keep working', async () => {
    const c = await upload(p, 'before maintenance.txt', bytesOf(20));
    await ok(saveSettings({ maintenanceMode: true }));
    const refused = await p.call('POST', '/uploads', { body: { name: 'a.txt', size: 1, type: 'text/plain' } });
    expect(refused.status).toBe(503);
    expect(await body(refused)).toMatchObject({ code: 'maintenance' });
    expect((await ok<PublicSettings>(p.call('GET', '/settings'))).maintenanceMode).toBe(true);
    expect((await p.call('GET', `/shares/${c.shareId}`)).status).toBe(200);
    const download = await ok<{ url: string }>(p.call('POST', `/shares/${c.shareId}/download`));
    expect((await fetch(download.url)).status).toBe(200);
  });

  it('autoDeleteDays: sets the expiry of new uploads only', async () => {
    const before = await upload(p, 'three days.txt', bytesOf(5));
    await ok(saveSettings({ autoDeleteDays: 7 }));
    const after = await upload(p, 'seven days.txt', bytesOf(5));
    const expiry = async (shareId: string) =>
      Date.parse((await ok<{ expiresAt: string }>(p.call('GET', `/shares/${shareId}`))).expiresAt) - Date.now();
    expect(await expiry(after.shareId)).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(await expiry(after.shareId)).toBeLessThanOrEqual(7 * DAY_MS);
    expect(await expiry(before.shareId)).toBeLessThanOrEqual(3 * DAY_MS);
    expect((await ok<PublicSettings>(p.call('GET', '/settings'))).retentionDays).toBe(7);
  });

  it('enableAnalytics off: downloads are neither logged nor placed, but still counted on the file', async () => {
    const c = await upload(p, 'quiet.txt', bytesOf(5));
    await ok(saveSettings({ enableAnalytics: false }));
    await ok(
      p.call('POST', `/shares/${c.shareId}/download`, {
        headers: { 'cf-ipcountry': 'FR', 'x-forwarded-for': '203.0.113.9' },
      }),
    );
    expect(await p.ctx.db.query('select 1 from public.download_logs where share_id = $1', [c.shareId])).toEqual([]);
    expect((await ok<{ downloadCount: number }>(p.call('GET', `/shares/${c.shareId}`))).downloadCount).toBe(1);
    await ok(saveSettings({ enableAnalytics: true }));
    // Another visitor: the same one is counted once a day.
    await ok(
      p.call('POST', `/shares/${c.shareId}/download`, {
        headers: { 'cf-ipcountry': 'FR', 'x-forwarded-for': '203.0.113.19' },
      }),
    );
    expect(await p.ctx.db.query('select country from public.download_logs where share_id = $1', [c.shareId])).toEqual([
      { country: 'France' },
    ]);
  });

  it('enableNotifications: the bell lists new reports and takedowns only while on', async () => {
    const c = await upload(p, 'notify me.txt', bytesOf(5));
    const reported = await p.call('POST', `/shares/${c.shareId}/report`, {
      body: { reason: 'abuse' },
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(reported.status).toBe(201);
    await ok(admin('POST', `/admin/shares/${c.shareId}/takedown`));
    const on = await ok<NotificationsDto>(admin('GET', '/admin/notifications'));
    expect(on.enabled).toBe(true);
    expect(on.items.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'takedown', shareId: c.shareId, fileName: 'notify me.txt' }),
      expect.objectContaining({ kind: 'report', shareId: c.shareId, fileName: 'notify me.txt' }),
    ]);
    await ok(saveSettings({ enableNotifications: false }));
    expect(await ok<NotificationsDto>(admin('GET', '/admin/notifications'))).toEqual({ enabled: false, items: [] });
  });
});
