// @vitest-environment node
// The admin API against a real database (PGlite and PostgreSQL 15) and the embedded bucket: the
// session check on every admin path, what each admin screen reads, the takedown, reports, pages,
// and every setting's effect on the public API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueSession } from '../../functions/_shared/admin-auth.ts';
import type {
  AdminFileDetailsDto,
  AdminFileDto,
  AdminPageDto,
  AdminSettingsDto,
  DashboardDto,
  DownloadsPage,
  NotificationsDto,
  PageOf,
  ReportDto,
  StorageDto,
  SystemDto,
  SystemLogDto,
  SystemLogsPage,
  UploadsSummaryDto,
  VisitorDto,
} from '../../functions/_shared/domain/admin-api-types.ts';
import type { PublicPageDto, PublicSettings } from '../../functions/_shared/domain/api-types.ts';
import {
  ADMIN_SESSION_TTL_SECONDS,
  DAY_MS,
  GIB,
  REPORT_MAX_PER_WINDOW,
} from '../../functions/_shared/domain/constants.ts';
import { DEFAULT_SETTINGS, type ServiceSettings } from '../../functions/_shared/domain/service-settings.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { startTestPlatform, TEST_ANON_KEY, type TestPlatform } from '../platform.ts';
import { ADMIN_ENDPOINTS } from '../admin-endpoints.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, create, upload } from './upload-helpers.ts';

describe.each(TARGETS)('admin API on %s', (target) => {
  let p: TestPlatform;
  let token = '';

  const admin = (method: string, path: string, requestBody?: unknown) =>
    p.call(method, path, { body: requestBody, headers: { 'x-admin-token': token } });

  async function ok<T>(res: Response | Promise<Response>): Promise<T> {
    const r = await res;
    expect(
      r.status,
      JSON.stringify(
        await r
          .clone()
          .json()
          .catch(() => null),
      ),
    ).toBe(200);
    return body<T>(r);
  }

  async function saveSettings(change: Partial<ServiceSettings>): Promise<Response> {
    return admin('POST', '/admin/settings', { ...DEFAULT_SETTINGS, ...change });
  }

  async function adminLogs(eventType: string): Promise<SystemLogDto[]> {
    return (await ok<PageOf<SystemLogDto>>(admin('GET', `/admin/system/logs?type=${eventType}`))).items;
  }

  beforeAll(async () => {
    p = await startTestPlatform({ target, config: { trustedCountryHeader: 'cf-ipcountry' } });
    token = (await issueSession(p.ctx.db, p.ctx.config, p.ctx.now())).token;
  });
  afterAll(async () => {
    await p?.close();
  });
  beforeEach(async () => {
    expect((await saveSettings({})).status).toBe(200);
  });

  describe('sessions', () => {
    it.each(ADMIN_ENDPOINTS)(
      '%s %s answers 401 without a session, with a forged one and with an expired one',
      async (method, path) => {
        const expired = await issueSession(
          p.ctx.db,
          p.ctx.config,
          new Date(Date.now() - (ADMIN_SESSION_TTL_SECONDS + 60) * 1000),
        );
        const forged = await issueSession(
          p.ctx.db,
          { ...p.ctx.config, sessionSecret: 'not-the-server-secret' },
          new Date(),
        );
        const [id, exp, signature] = token.split('.');
        const tampered = `${id}.${Number(exp) + 1}.${signature}`;
        for (const header of [undefined, forged.token, expired.token, tampered, 'garbage', 'a.b.c']) {
          const res = await p.call(method, path, { headers: header === undefined ? {} : { 'x-admin-token': header } });
          expect(res.status, `${method} ${path} with ${header ?? 'no token'}`).toBe(401);
          expect(await body(res)).toEqual({
            error: 'Admin session missing, invalid or expired. Please sign in again.',
            code: 'unauthorized',
          });
        }
      },
    );

    it('wants the anon key too, and keeps sign-in open', async () => {
      const res = await p.handler(
        new Request('http://api.test/functions/v1/api/admin/dashboard', { headers: { 'x-admin-token': token } }),
      );
      expect(res.status).toBe(401);
      expect(await body(res)).toMatchObject({ code: 'invalid_api_key' });
      const login = await p.call('POST', '/admin/login', { body: { username: 'admin', password: 'wrong' } });
      expect(login.status).toBe(401);
      expect(await body(login)).toMatchObject({ code: 'invalid_credentials' });
    });

    it('serves a genuine session', async () => {
      expect((await admin('GET', '/admin/settings')).status).toBe(200);
    });
  });

  describe('dashboard and tables', () => {
    it('counts an upload, a download, a visitor and a country on the dashboard', async () => {
      const before = await ok<DashboardDto>(admin('GET', '/admin/dashboard'));
      const c = await upload(p, 'dash board.pdf', bytesOf(1000), 'application/pdf');
      const res = await p.call('POST', `/shares/${c.shareId}/download`, {
        headers: { 'x-forwarded-for': '203.0.113.50', 'cf-ipcountry': 'TR' },
      });
      expect(res.status).toBe(200);
      const after = await ok<DashboardDto>(admin('GET', '/admin/dashboard'));
      expect(after.totalUploads).toBe(before.totalUploads + 1);
      expect(after.activeUploads).toBe(before.activeUploads + 1);
      expect(after.totalDownloads).toBe(before.totalDownloads + 1);
      expect(after.storageUsed).toBe(before.storageUsed + 1000);
      expect(after.uniqueVisitors).toBeGreaterThan(before.uniqueVisitors);
      expect(after.uploadsDestroyed).toBe(after.totalUploads - after.activeUploads);
      expect(after.topCountries).toContainEqual({ country: 'Türkiye', downloadCount: 1 });
      expect(after.recentDownloads[0]).toMatchObject({
        shareId: c.shareId,
        fileName: 'dash board.pdf',
        country: 'Türkiye',
      });
      expect(after.recentDownloads[0]?.visitor).toMatch(/^[0-9a-f]{12}$/);
      expect(after.daily).toHaveLength(30);
      const today = after.daily.at(-1);
      expect(today?.date).toBe(new Date().toISOString().slice(0, 10));
      expect(today?.uploads).toBeGreaterThanOrEqual(1);
      expect(today?.storageBytes).toBe(after.storageUsed);

      const analytics = await ok<{ days: unknown[] }>(admin('GET', '/admin/analytics?days=7'));
      expect(analytics.days).toHaveLength(7);
      expect((await admin('GET', '/admin/analytics?days=1000')).status).toBe(400);
    });

    it('pages, searches, filters and sorts the uploads table, with a real summary', async () => {
      const names = ['Zebra report.pdf', 'zebra photo.png', 'holiday video.mp4', '50%_off.txt'];
      const types = ['application/pdf', 'image/png', 'video/mp4', 'text/plain'];
      const shares = [];
      for (const [i, name] of names.entries()) shares.push(await upload(p, name, bytesOf(100 + i), types[i]));

      const zebras = await ok<PageOf<AdminFileDto>>(admin('GET', '/admin/uploads?q=ZEBRA&sort=name&dir=asc'));
      expect(zebras.items.map((f) => f.name)).toEqual(['Zebra report.pdf', 'zebra photo.png']);
      expect(zebras.total).toBe(2);
      const images = await ok<PageOf<AdminFileDto>>(admin('GET', '/admin/uploads?q=zebra&type=images'));
      expect(images.items.map((f) => f.name)).toEqual(['zebra photo.png']);
      const videos = await ok<PageOf<AdminFileDto>>(admin('GET', '/admin/uploads?type=videos'));
      expect(videos.items.map((f) => f.name)).toContain('holiday video.mp4');
      // LIKE's own characters are taken literally.
      const percent = await ok<PageOf<AdminFileDto>>(admin('GET', `/admin/uploads?q=${encodeURIComponent('50%_')}`));
      expect(percent.items.map((f) => f.name)).toEqual(['50%_off.txt']);
      const byShareId = await ok<PageOf<AdminFileDto>>(admin('GET', `/admin/uploads?q=${shares[2]?.shareId}`));
      expect(byShareId.items.map((f) => f.name)).toEqual(['holiday video.mp4']);

      const page1 = await ok<PageOf<AdminFileDto>>(admin('GET', '/admin/uploads?pageSize=2&sort=size&dir=desc'));
      const page2 = await ok<PageOf<AdminFileDto>>(admin('GET', '/admin/uploads?pageSize=2&page=2&sort=size&dir=desc'));
      expect(page1.items).toHaveLength(2);
      expect(page1.total).toBeGreaterThanOrEqual(4);
      const sizes = [...page1.items, ...page2.items].map((f) => f.size);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      expect(new Set([...page1.items, ...page2.items].map((f) => f.fileId)).size).toBe(4);

      for (const bad of [
        'sort=size;drop table files',
        'dir=sideways',
        'type=everything',
        'page=0',
        'pageSize=1000',
        'page=abc',
      ]) {
        const res = await admin('GET', `/admin/uploads?${bad}`);
        expect(res.status, bad).toBe(400);
        expect(await body(res)).toMatchObject({ code: 'invalid_query' });
      }
      expect((await admin('GET', `/admin/uploads?q=${encodeURIComponent('a\u0000b')}`)).status).toBe(400);

      const summary = await ok<UploadsSummaryDto>(admin('GET', '/admin/uploads/summary'));
      const all = await ok<PageOf<AdminFileDto>>(admin('GET', '/admin/uploads?pageSize=100'));
      expect(summary.totalFiles).toBe(all.total);
      expect(summary.totalSize).toBe(all.items.reduce((n, f) => n + f.size, 0));
      expect(summary.totalDownloads).toBe(all.items.reduce((n, f) => n + f.downloadCount, 0));
      expect(summary.expiringSoon).toBe(0);
      p.advanceTime(2.5 * DAY_MS);
      try {
        const later = await ok<UploadsSummaryDto>(
          p.call('GET', '/admin/uploads/summary', {
            headers: { 'x-admin-token': (await issueSession(p.ctx.db, p.ctx.config, p.ctx.now())).token },
          }),
        );
        expect(later.expiringSoon).toBe(later.totalFiles);
      } finally {
        p.advanceTime(-2.5 * DAY_MS);
        // The sign-in 2.5 days on deleted the sessions that had expired by then, this file's too.
        token = (await issueSession(p.ctx.db, p.ctx.config, p.ctx.now())).token;
      }
    });

    it('lists downloads, visitors, storage and system status', async () => {
      const c = await upload(p, 'logged file.txt', bytesOf(64));
      await p.call('POST', `/shares/${c.shareId}/download`, {
        headers: { 'x-forwarded-for': '198.51.100.20', 'cf-ipcountry': 'DE' },
      });
      const downloads = await ok<DownloadsPage>(admin('GET', '/admin/downloads?q=logged&country=Germany'));
      expect(downloads.items).toEqual([expect.objectContaining({ shareId: c.shareId, country: 'Germany' })]);
      expect(downloads.countries).toContain('Germany');

      const visitors = await ok<PageOf<VisitorDto>>(admin('GET', '/admin/visitors?sort=downloads&dir=desc'));
      expect(visitors.total).toBeGreaterThan(0);
      expect(visitors.items.every((v) => /^[0-9a-f]{12}$/.test(v.visitor))).toBe(true);
      expect(visitors.items.some((v) => v.downloads > 0)).toBe(true);
      expect(visitors.items.some((v) => v.uploads > 0)).toBe(true);

      const started = await create(p, { name: 'unfinished.bin', size: 5000 });
      const storage = await ok<StorageDto>(admin('GET', '/admin/storage'));
      expect(storage.objects).toBeGreaterThan(0);
      expect(storage.unfinishedUploads).toBeGreaterThanOrEqual(1);
      expect(storage.unfinishedBytes).toBeGreaterThanOrEqual(5000);
      expect(storage.bucketMultipartUploads).toBeGreaterThanOrEqual(1);
      const sizes = storage.largestFiles.map((f) => f.size);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      await p.call('POST', `/uploads/${started.fileId}/abort`, { headers: { 'x-owner-token': started.ownerToken } });

      await sweepExpired(p.ctx);
      const system = await ok<SystemDto>(admin('GET', '/admin/system'));
      expect(system).toMatchObject({
        version: '0.0.0-test',
        database: { ok: true, status: 'ok' },
        storage: { ok: true, status: 'ok' },
        mail: { ok: false, status: 'missing_config' },
        peer: { status: 'external' },
      });
      expect(system.lastSweep?.deletedFiles).toBe(0);
      expect(Date.now() - Date.parse(system.lastSweep?.at ?? '')).toBeLessThan(60_000);
      const logs = await ok<SystemLogsPage>(admin('GET', '/admin/system/logs'));
      expect(logs.eventTypes).toContain('file_uploaded');
    });
  });

  describe('takedown and reports', () => {
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
      // An expired or owner-deleted file keeps SPEC's "not found".
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

  describe('settings', () => {
    it('start at SPEC defaults and refuse values out of bounds with a clear error', async () => {
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
      expect(await p.ctx.db.query('select country from public.download_logs where share_id = $1', [c.shareId])).toEqual(
        [{ country: 'France' }],
      );
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

  describe('pages', () => {
    it('serves published Markdown only, per language, and logs who saved it', async () => {
      const publicAbout = (lang: string) => p.call('GET', `/pages/about?lang=${lang}`);
      expect(await ok<PublicPageDto>(publicAbout('en'))).toEqual({
        slug: 'about',
        language: 'en',
        content: null,
        updatedAt: null,
      });

      const draft = await ok<AdminPageDto>(
        admin('POST', '/admin/pages/about/en', { content: '# Draft', status: 'draft' }),
      );
      expect(draft).toMatchObject({ slug: 'about', language: 'en', status: 'draft', updatedBy: 'admin' });
      expect((await ok<PublicPageDto>(publicAbout('en'))).content).toBeNull();

      await ok(
        admin('POST', '/admin/pages/about/en', { content: '# About us\r\n\r\nWe **share**.', status: 'published' }),
      );
      expect(await ok<PublicPageDto>(publicAbout('en'))).toMatchObject({ content: '# About us\n\nWe **share**.' });
      expect((await ok<PublicPageDto>(publicAbout('tr'))).content).toBeNull();

      const { pages } = await ok<{ pages: AdminPageDto[] }>(admin('GET', '/admin/pages'));
      expect(pages).toHaveLength(6);
      expect(pages.find((x) => x.slug === 'about' && x.language === 'en')).toMatchObject({ status: 'published' });
      expect(pages.find((x) => x.slug === 'home' && x.language === 'tr')).toMatchObject({
        content: '',
        updatedAt: null,
      });
      expect((await adminLogs('admin_page_saved'))[0]?.eventData).toMatchObject({
        admin: 'admin',
        slug: 'about',
        language: 'en',
        status: 'published',
      });

      expect((await p.call('GET', '/pages/contact?lang=en')).status).toBe(404);
      expect((await p.call('GET', '/pages/about?lang=de')).status).toBe(400);
      expect((await admin('POST', '/admin/pages/about/de', { content: 'x', status: 'draft' })).status).toBe(400);
      expect((await admin('POST', '/admin/pages/about/en', { content: 'x', status: 'live' })).status).toBe(400);
      expect((await admin('POST', '/admin/pages/about/en', { content: 'a\u0000b', status: 'draft' })).status).toBe(400);
      const tooLong = await admin('POST', '/admin/pages/about/en', { content: 'x'.repeat(20_001), status: 'draft' });
      expect(tooLong.status).toBe(400);
      expect(await body(tooLong)).toMatchObject({ code: 'text_too_long', params: { max: 20_000 } });
    });
  });

  it('refuses a huge settings body without reading it whole', async () => {
    const res = await p.handler(
      new Request('http://api.test/functions/v1/api/admin/settings', {
        method: 'POST',
        headers: { apikey: TEST_ANON_KEY, 'x-admin-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ ...DEFAULT_SETTINGS, pad: 'x'.repeat(100_000) }),
      }),
    );
    expect(res.status).toBe(413);
  });
});
