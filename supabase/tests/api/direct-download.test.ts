// @vitest-environment node
// GET /shares/{id} of a plain file: the URL the page downloads on the first tap without asking for
// a ticket, and the shares that must not get one. Against a real database (PGlite and PostgreSQL
// 15) and bucket.
import { describe, expect, it } from 'vitest';
import type { FileShareDto } from '../../functions/_shared/domain/api-types.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../../functions/_shared/domain/constants.ts';
import { platformForTests, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { createTransferWith, passwordValues, randomB64, uploadSized } from './share-access-helpers.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

async function pageOf(p: TestPlatform, shareId: string): Promise<FileShareDto> {
  const res = await p.call('GET', `/shares/${shareId}`);
  expect(res.status).toBe(200);
  return body<FileShareDto>(res);
}

async function downloads(p: TestPlatform, shareId: string): Promise<number> {
  const [file] = await p.ctx.db.query<{ download_count: number }>(
    'select download_count from public.files where share_id = $1',
    [shareId],
  );
  return Number(file?.download_count);
}

describe.each(TARGETS)('a plain file’s direct download URL on %s', (target) => {
  const p = platformForTests({ target });

  it('downloads the file’s bytes under its name, and counts nothing by itself', async () => {
    const bytes = bytesOf(70_000);
    const c = await upload(p, 'quarterly report.pdf', bytes, 'application/pdf');
    const { directDownload } = await pageOf(p, c.shareId);
    expect(directDownload?.expiresInSeconds).toBe(DOWNLOAD_URL_TTL_SECONDS);
    const res = await fetch(directDownload!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('content-disposition')).toContain('quarterly report.pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    // The page's tap asks for a ticket beside it: that is what counts.
    expect(await downloads(p, c.shareId)).toBe(0);
    expect((await p.call('POST', `/shares/${c.shareId}/download`)).status).toBe(200);
    expect(await downloads(p, c.shareId)).toBe(1);
  });

  it('lasts no longer than the file, and is not given in the file’s last two minutes', async () => {
    const c = await upload(p, 'notes.txt', bytesOf(100));
    const { expiresAt } = await pageOf(p, c.shareId);
    const toEnd = new Date(expiresAt!).getTime() - Date.now();
    p.holdTime(true);
    let moved = 0;
    try {
      moved = toEnd - 600_000;
      p.advanceTime(moved);
      const late = await pageOf(p, c.shareId);
      expect(late.directDownload?.expiresInSeconds).toBeLessThanOrEqual(600);
      expect(late.directDownload?.expiresInSeconds).toBeGreaterThan(500);
      p.advanceTime(540_000);
      moved += 540_000;
      expect((await pageOf(p, c.shareId)).directDownload).toBeNull();
    } finally {
      p.advanceTime(-moved);
      p.holdTime(false);
    }
  });

  it('is given for an encrypted file, whose URL gives only its ciphertext', async () => {
    const t = await createTransferWith(p, { encryption: { version: 1, keyCheck: randomB64(16) } });
    const file = await uploadSized(p, t, 'photo.jpg', 1_000, true);
    const { directDownload, storedSize } = await pageOf(p, file.shareId);
    const res = await fetch(directDownload!.url);
    expect((await res.arrayBuffer()).byteLength).toBe(storedSize);
  });

  it('is not given for a file that needs its ticket: behind a password, or download-limited', async () => {
    const keyCheck = randomB64(16);
    const kinds = [
      { encryption: { version: 1 as const, keyCheck, password: passwordValues() }, encrypted: true },
      { maxDownloads: 5 as const, encrypted: false },
    ];
    for (const { encrypted, ...request } of kinds) {
      const t = await createTransferWith(p, request);
      const file = await uploadSized(p, t, 'photo.jpg', 1_000, encrypted);
      const page = await pageOf(p, file.shareId);
      expect(page.directDownload, JSON.stringify(request)).toBeNull();
    }
  });
});
