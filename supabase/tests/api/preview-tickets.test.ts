// @vitest-environment node
// POST /shares/{id}/preview: what the recipient's page previews with. It reads the file's bytes
// like a download ticket, is rate-limited with the download tickets, and is never a download:
// no count, no log row. Against a real database (PGlite and PostgreSQL 15) and bucket.
import { describe, expect, it } from 'vitest';
import { readLimits } from '../../functions/_shared/config.ts';
import type { DownloadTicket } from '../../functions/_shared/domain/api-types.ts';
import { platformForTests, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { createTransfer, uploadInto } from './transfer-helpers.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

/** Small, so the limit is reached in a few calls (the default burst is hundreds). */
const TICKET_BURST = 3;

/** Each test's visitors are its own, so one test's tickets do not limit another's. */
const visitors = (() => {
  let last = 0;
  return () => ({ 'x-forwarded-for': `203.0.113.${++last}` });
})();

/** The file's download count and its download log rows, as the database holds them. */
async function counted(p: TestPlatform, shareId: string): Promise<{ downloads: number; logs: number }> {
  const [file] = await p.ctx.db.query<{ download_count: number }>(
    'select download_count from public.files where share_id = $1',
    [shareId],
  );
  const logs = await p.ctx.db.query('select 1 from public.download_logs where share_id = $1', [shareId]);
  return { downloads: Number(file?.download_count), logs: logs.length };
}

describe.each(TARGETS)('preview tickets on %s', (target) => {
  const p = platformForTests({
    target,
    config: { limits: { ...readLimits({}), downloadTicketBurst: TICKET_BURST } },
  });

  it('reads the file’s bytes, by range too, and counts no download until one is made', async () => {
    const bytes = bytesOf(5_000);
    const c = await upload(p, 'clip.mp4', bytes, 'video/mp4');
    const visitor = visitors();
    for (let i = 0; i < 2; i++) {
      const res = await p.call('POST', `/shares/${c.shareId}/preview`, { headers: visitor });
      expect(res.status).toBe(200);
      const ticket = await body<DownloadTicket>(res);
      expect(ticket.fileName).toBe('clip.mp4');
      expect(ticket.expiresInSeconds).toBeGreaterThan(0);
      const ranged = await fetch(ticket.url, { headers: { range: 'bytes=1000-1999' } });
      expect(ranged.status).toBe(206);
      expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));
    }
    expect(await counted(p, c.shareId)).toEqual({ downloads: 0, logs: 0 });

    // The same visitor's download is still the first one, and counts.
    expect((await p.call('POST', `/shares/${c.shareId}/download`, { headers: visitor })).status).toBe(200);
    expect(await counted(p, c.shareId)).toEqual({ downloads: 1, logs: 1 });
  });

  it('shares the download tickets’ limit: a burst, then 429 with Retry-After, for previews and downloads alike', async () => {
    const c = await upload(p, 'notes.txt', bytesOf(100));
    const visitor = visitors();
    // The clock stands still, so however slow this machine is, no slot comes back meanwhile.
    p.holdTime(true);
    try {
      for (let i = 0; i < TICKET_BURST; i++) {
        expect(
          (await p.call('POST', `/shares/${c.shareId}/preview`, { headers: visitor })).status,
          `preview ${i}`,
        ).toBe(200);
      }
      const refused = await p.call('POST', `/shares/${c.shareId}/preview`, { headers: visitor });
      expect(refused.status).toBe(429);
      expect(await body(refused)).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await p.call('POST', `/shares/${c.shareId}/download`, { headers: visitor })).status).toBe(429);
      // Another visitor is not held back.
      expect((await p.call('POST', `/shares/${c.shareId}/preview`, { headers: visitors() })).status).toBe(200);
    } finally {
      p.holdTime(false);
    }
    expect((await counted(p, c.shareId)).downloads).toBe(0);
  });

  it('previews files only: a transfer’s id, an unknown id and a malformed one are refused', async () => {
    const transfer = await createTransfer(p);
    await uploadInto(p, transfer, '', 'a.txt', bytesOf(10));
    const visitor = visitors();
    const asTransfer = await p.call('POST', `/shares/${transfer.shareId}/preview`, { headers: visitor });
    expect(asTransfer.status).toBe(404);
    expect(await body(asTransfer)).toMatchObject({ code: 'file_not_found' });
    expect((await p.call('POST', '/shares/Zz9Zz9Zz/preview', { headers: visitor })).status).toBe(404);
    const malformed = await p.call('POST', '/shares/short/preview', { headers: visitor });
    expect(malformed.status).toBe(400);
  });
});
