// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptDb } from '../functions/_shared/postgres-db.ts';
import { freshDatabase, TARGETS } from './targets.ts';

const HASH = 'a'.repeat(64);

describe.each(TARGETS)('database functions on %s', (target) => {
  let db: ScriptDb;

  beforeAll(async () => {
    db = (await freshDatabase(target)).db;
  });

  beforeEach(async () => {
    await db.exec(
      'truncate public.download_logs, public.reports, public.files, public.system_logs, public.daily_analytics',
    );
  });

  async function addFile(
    shareId: string,
    size: number,
    opts: { state?: 'uploading' | 'complete'; createdAt?: string; name?: string } = {},
  ): Promise<string> {
    const state = opts.state ?? 'complete';
    const rows = await db.query<{ id: string }>(
      `insert into public.files (name, size, storage_path, share_id, owner_token_hash, upload_state, created_at, expires_at)
       values ($1, $2, 'uploads/' || $3 || '/f', $3, $4, $5, coalesce($6::timestamptz, now()),
               case when $5 = 'complete' then now() + interval '3 days' end)
       returning id`,
      [opts.name ?? `${shareId}.bin`, size, shareId, HASH, state, opts.createdAt ?? null],
    );
    return rows[0]!.id;
  }

  async function logDownload(args: {
    fileId: string | null;
    shareId: string;
    visitor?: string;
    referrer?: string | null;
    size?: number;
    country?: string;
    city?: string;
    fileName?: string;
  }): Promise<string> {
    const rows = await db.query<{ id: string }>(
      `select public.log_download(
         p_file_id => $1, p_share_id => $2, p_visitor_hash => $3, p_user_agent => 'test-agent',
         p_referrer => $4, p_file_size => $5, p_country => coalesce($6, 'Unknown'),
         p_city => coalesce($7, 'Unknown'), p_file_name => $8) as id`,
      [
        args.fileId,
        args.shareId,
        args.visitor ?? 'visitor-1',
        args.referrer ?? null,
        args.size ?? 10,
        args.country ?? null,
        args.city ?? null,
        args.fileName ?? null,
      ],
    );
    return rows[0]!.id;
  }

  async function setDownloadedAt(id: string, at: string): Promise<void> {
    await db.query('update public.download_logs set downloaded_at = $2 where id = $1', [id, at]);
  }

  it('counts views and downloads of the one file with that share id', async () => {
    await addFile('Share001', 5);
    await addFile('Share002', 5);
    await db.query('select public.increment_view_count($1)', ['Share001']);
    await db.query('select public.increment_view_count($1)', ['Share001']);
    await db.query('select public.increment_download_count($1)', ['Share002']);
    await db.query('select public.increment_view_count($1)', ['NoSuch00']);
    const rows = await db.query<{ share_id: string; view_count: number; download_count: number }>(
      'select share_id, view_count, download_count from public.files order by share_id',
    );
    expect(rows).toEqual([
      { share_id: 'Share001', view_count: 2, download_count: 0 },
      { share_id: 'Share002', view_count: 0, download_count: 1 },
    ]);
  });

  it('logs a download with referrer "direct" when none was given, and keeps the log after the file is gone', async () => {
    const fileId = await addFile('Share003', 1234, { name: 'Rapor Şubat.pdf' });
    const none = await logDownload({ fileId, shareId: 'Share003', referrer: null });
    const empty = await logDownload({ fileId, shareId: 'Share003', referrer: '  ' });
    const given = await logDownload({
      fileId,
      shareId: 'Share003',
      referrer: 'https://example.org/',
      fileName: 'x.pdf',
    });
    const rows = await db.query<{
      id: string;
      referrer: string;
      country: string;
      city: string;
      file_name: string;
      file_size: number;
    }>('select id, referrer, country, city, file_name, file_size from public.download_logs');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(none)).toMatchObject({
      referrer: 'direct',
      country: 'Unknown',
      city: 'Unknown',
      file_name: 'Rapor Şubat.pdf',
      file_size: 10,
    });
    expect(byId.get(empty)?.referrer).toBe('direct');
    expect(byId.get(given)).toMatchObject({ referrer: 'https://example.org/', file_name: 'x.pdf' });

    await db.query('delete from public.files where id = $1', [fileId]);
    const kept = await db.query<{ file_id: string | null; share_id: string }>(
      'select file_id, share_id from public.download_logs',
    );
    expect(kept).toHaveLength(3);
    expect(kept.every((r) => r.file_id === null && r.share_id === 'Share003')).toBe(true);
  });

  it('lists recent downloads newest first, with the file name, up to the limit', async () => {
    const fileId = await addFile('Share004', 7, { name: 'photo.jpg' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await logDownload({ fileId, shareId: 'Share004' });
      await setDownloadedAt(id, `2026-11-0${i + 1}T12:00:00Z`);
      ids.push(id);
    }
    const recent = await db.query<{ id: string; file_name: string; downloaded_at: Date; file_size: number }>(
      'select * from public.get_recent_downloads(3)',
    );
    expect(recent.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(recent[0]).toMatchObject({ file_name: 'photo.jpg', file_size: 10 });
    expect(recent[0]?.downloaded_at).toBeInstanceOf(Date);
    expect(await db.query('select * from public.get_recent_downloads()')).toHaveLength(5);
  });

  it('ranks countries by downloads within the window', async () => {
    const fileId = await addFile('Share005', 1);
    for (const country of ['Türkiye', 'Germany', 'Türkiye', 'Türkiye', 'Germany', 'Japan']) {
      await logDownload({ fileId, shareId: 'Share005', country });
    }
    const old = await logDownload({ fileId, shareId: 'Share005', country: 'Japan' });
    await db.query(`update public.download_logs set downloaded_at = now() - interval '40 days' where id = $1`, [old]);
    await logDownload({ fileId, shareId: 'Share005', country: 'Japan' }).then((id) =>
      db.query(`update public.download_logs set downloaded_at = now() - interval '40 days' where id = $1`, [id]),
    );

    const top = await db.query<{ country: string; download_count: number }>('select * from public.get_top_countries()');
    expect(top).toEqual([
      { country: 'Türkiye', download_count: 3 },
      { country: 'Germany', download_count: 2 },
      { country: 'Japan', download_count: 1 },
    ]);
    const wide = await db.query<{ country: string; download_count: number }>(
      'select * from public.get_top_countries(60)',
    );
    expect(wide[0]).toEqual({ country: 'Japan', download_count: 3 });
  });

  it('computes a UTC day of analytics and never lowers it after files are deleted', async () => {
    const day = '2026-11-10';
    const a = await addFile('Share006', 1000, { createdAt: `${day}T00:00:00Z` });
    await addFile('Share007', 2000, { createdAt: `${day}T23:59:59Z` });
    await addFile('Share008', 4000, { createdAt: `${day}T12:00:00Z`, state: 'uploading' });
    await addFile('Share009', 8000, { createdAt: '2026-11-11T00:00:00Z' });
    for (const [visitor, at] of [
      ['v1', `${day}T01:00:00Z`],
      ['v1', `${day}T02:00:00Z`],
      ['v2', `${day}T03:00:00Z`],
      ['v3', '2026-11-09T23:59:59Z'],
    ] as const) {
      const id = await logDownload({ fileId: a, shareId: 'Share006', visitor, size: 1000 });
      await setDownloadedAt(id, at);
    }

    await db.query('select public.update_daily_analytics($1)', [day]);
    const expected = { uploads: 2, bytes_uploaded: 3000, downloads: 3, bytes_downloaded: 3000, unique_visitors: 2 };
    const [row] = await db.query<Record<string, unknown>>('select * from public.get_daily_analytics($1)', [day]);
    expect(row).toMatchObject(expected);
    expect(typeof row?.bytes_uploaded).toBe('number');

    // The sweep deletes the files and the logs lose nothing: recomputing keeps the day as it was.
    await db.exec('delete from public.files');
    await db.query('select public.update_daily_analytics($1)', [day]);
    const [after] = await db.query<Record<string, unknown>>('select * from public.get_daily_analytics($1)', [day]);
    expect(after).toMatchObject(expected);

    // A later download on that day still raises it.
    const late = await logDownload({ fileId: null, shareId: 'Share006', visitor: 'v4', size: 500 });
    await setDownloadedAt(late, `${day}T20:00:00Z`);
    await db.query('select public.update_daily_analytics($1)', [day]);
    const [raised] = await db.query<Record<string, unknown>>('select * from public.get_daily_analytics($1)', [day]);
    expect(raised).toMatchObject({ uploads: 2, downloads: 4, bytes_downloaded: 3500, unique_visitors: 3 });

    expect(await db.query('select * from public.get_daily_analytics($1)', ['2026-11-12'])).toEqual([]);
  });

  it('analyses today when no date is given', async () => {
    await addFile('Share010', 42);
    await db.query('select public.update_daily_analytics()');
    const rows = await db.query<{ uploads: number; bytes_uploaded: number }>(
      'select uploads, bytes_uploaded from public.get_daily_analytics()',
    );
    expect(rows).toEqual([{ uploads: 1, bytes_uploaded: 42 }]);
  });
});
