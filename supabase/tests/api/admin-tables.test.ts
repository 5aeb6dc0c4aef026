// @vitest-environment node
// What the admin's dashboard and tables read, against a real database (PGlite and PostgreSQL 15)
// and the embedded bucket: counts that follow uploads and downloads, the uploads table's paging,
// search, filters and sorting, the download log, visitors, storage and system status.
import { describe, expect, it } from 'vitest';
import { issueSession } from '../../functions/_shared/admin-auth.ts';
import type {
  AdminFileDto,
  DashboardDto,
  DownloadsPage,
  PageOf,
  StorageDto,
  SystemDto,
  SystemLogsPage,
  UploadsSummaryDto,
  VisitorDto,
} from '../../functions/_shared/domain/admin-api-types.ts';
import { DAY_MS } from '../../functions/_shared/domain/constants.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { TARGETS } from '../targets.ts';
import { ok, adminPlatformForTests } from './admin-harness.ts';
import { body, bytesOf, create, upload } from './upload-helpers.ts';

describe.each(TARGETS)('admin dashboard and tables on %s', (target) => {
  const { p, admin, renewSession } = adminPlatformForTests(target);

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
      await renewSession();
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
