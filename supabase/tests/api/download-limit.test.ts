// @vitest-environment node
// A transfer that deletes itself after 1, 5 or 20 downloads, against a real database (PGlite and
// PostgreSQL 15) and the embedded bucket: each Download all and each single file's download counts
// one against the transfer, previews never do, the limit holds against parallel requests, a used-up
// link says so, and its bytes are deleted only once the last ticket handed out has expired.
import { describe, expect, it } from 'vitest';
import type {
  DownloadTicket,
  ShareLookup,
  TransferDownload,
  TransferDto,
} from '../../functions/_shared/domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../../functions/_shared/domain/constants.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { TARGETS } from '../targets.ts';
import { adminPlatformForTests, ok } from './admin-harness.ts';
import { createTransferWith, newVisitor, uploadSized } from './share-access-helpers.ts';
import { body } from './upload-helpers.ts';

describe.each(TARGETS)('the download limit on %s', (target) => {
  const { p } = adminPlatformForTests(target);
  const ask = (path: string) => p.call('POST', path, { body: {}, headers: newVisitor() });
  const codeOf = async (res: Response) => (await body<{ code: string }>(res)).code;

  it('refuses any limit but 1, 5 or 20 with 400 invalid_max_downloads', async () => {
    for (const maxDownloads of [0, 2, 21, -1, 1.5, '1', true, [1], 1e9]) {
      const res = await p.call('POST', '/transfers', { body: { maxDownloads }, headers: newVisitor() });
      expect(res.status, JSON.stringify(maxDownloads)).toBe(400);
      expect(await codeOf(res)).toBe('invalid_max_downloads');
    }
    const open = await createTransferWith(p, { maxDownloads: null });
    await uploadSized(p, open, 'a.txt', 10, false);
    expect(await ok<ShareLookup>(p.call('GET', `/shares/${open.shareId}`))).toMatchObject({
      maxDownloads: null,
      downloadsLeft: null,
      encryption: null,
    });
  });

  it('lets exactly one of many parallel downloads through a limit of 1; previews never count', async () => {
    const t = await createTransferWith(p, { maxDownloads: 1 });
    const a = await uploadSized(p, t, 'a.txt', 1_000, false);
    await uploadSized(p, t, 'b.txt', 2_000, false);
    expect(await ok<TransferDto>(p.call('GET', `/shares/${t.shareId}`))).toMatchObject({
      maxDownloads: 1,
      downloadsLeft: 1,
    });
    for (let i = 0; i < 3; i++) expect((await ask(`/shares/${a.shareId}/preview`)).status).toBe(200);
    expect((await ok<TransferDto>(p.call('GET', `/shares/${t.shareId}`))).downloadsLeft).toBe(1);

    // Ten visitors at once, Download all and single files mixed: one ticket in all.
    const paths = Array.from({ length: 10 }, (_, i) =>
      i % 2 ? `/shares/${t.shareId}/download` : `/shares/${a.shareId}/download`,
    );
    const answers = await Promise.all(paths.map(ask));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(410)]);
    for (const r of answers.filter((r) => r.status === 410)) expect(await codeOf(r)).toBe('download_limit_reached');
    const granted = await body<DownloadTicket | TransferDownload>(answers.find((r) => r.status === 200)!);
    expect(granted.downloadsLeft).toBe(0);

    // The next visitor is told the downloads are used up, on the page and on a preview.
    for (const shareId of [t.shareId, a.shareId]) {
      const page = await p.call('GET', `/shares/${shareId}`);
      expect(page.status).toBe(410);
      expect(await codeOf(page)).toBe('download_limit_reached');
    }
    expect(await codeOf(await ask(`/shares/${a.shareId}/preview`))).toBe('download_limit_reached');
    const [row] = await p.ctx.db.query<{ downloads_used: number }>(
      'select downloads_used from public.transfers where share_id = $1',
      [t.shareId],
    );
    expect(row?.downloads_used).toBe(1);
  });

  it("counts a single file's download against its transfer, and a Download all once", async () => {
    const t = await createTransferWith(p, { maxDownloads: 5 });
    const a = await uploadSized(p, t, 'a.txt', 10, false);
    await uploadSized(p, t, 'b.txt', 20, false);
    expect((await ok<DownloadTicket>(ask(`/shares/${a.shareId}/download`))).downloadsLeft).toBe(4);
    expect((await ok<TransferDownload>(ask(`/shares/${t.shareId}/download`))).downloadsLeft).toBe(3);
    expect((await ok<TransferDto>(p.call('GET', `/shares/${t.shareId}`))).downloadsLeft).toBe(3);
    expect((await ok<ShareLookup>(p.call('GET', `/shares/${a.shareId}`))).downloadsLeft).toBe(3);
  });

  it('gives no file of a used-up transfer out while the sweep is deleting it', async () => {
    const t = await createTransferWith(p, { maxDownloads: 1 });
    const a = await uploadSized(p, t, 'a.txt', 10, false);
    expect((await ask(`/shares/${t.shareId}/download`)).status).toBe(200);
    // The sweep's first step: the transfer is marked deleted, its files not yet claimed.
    await p.ctx.db.query('update public.transfers set deleted_at = $2::timestamptz where share_id = $1', [
      t.shareId,
      p.ctx.now().toISOString(),
    ]);
    for (const path of [`/shares/${a.shareId}/download`, `/shares/${a.shareId}/preview`]) {
      expect((await ask(path)).status, path).toBe(404);
    }
    expect((await p.call('GET', `/shares/${a.shareId}`)).status).toBe(404);
  });

  it('keeps the bytes until the last ticket has expired, then the sweep deletes the transfer', async () => {
    const t = await createTransferWith(p, { maxDownloads: 1 });
    await uploadSized(p, t, 'a.txt', 3_000, false);
    const { tickets } = await ok<TransferDownload>(ask(`/shares/${t.shareId}/download`));
    const url = tickets[0]!.url;

    // A download still running when the sweep passes goes on.
    await sweepExpired(p.ctx);
    const running = await fetch(url);
    expect(running.status).toBe(200);
    expect((await running.arrayBuffer()).byteLength).toBe(3_000);
    const kept = await p.ctx.db.query<{ storage_path: string }>(
      'select f.storage_path from public.files f join public.transfers t on t.id = f.transfer_id where t.share_id = $1',
      [t.shareId],
    );
    expect(kept).toHaveLength(1);
    const key = kept[0]!.storage_path;
    expect(await p.storage!.headObject(key)).not.toBeNull();

    p.advanceTime(DOWNLOAD_URL_TTL_SECONDS * 1000 + 1_000);
    try {
      await sweepExpired(p.ctx);
      expect(await p.storage!.headObject(key)).toBeNull();
      expect(await p.ctx.db.query('select 1 from public.transfers where share_id = $1', [t.shareId])).toEqual([]);
      expect((await p.call('GET', `/shares/${t.shareId}`)).status).toBe(404);
    } finally {
      p.advanceTime(-(DOWNLOAD_URL_TTL_SECONDS * 1000 + 1_000));
    }
  });
});
