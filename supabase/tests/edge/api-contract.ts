// The API's contract as a caller sees it over HTTP, one set of cases for every way the API runs:
// the in-process platform (../api/share-flow.test.ts; with radosgw as its bucket in
// ../second-s3/storage-contract.test.ts), the Node host and the Edge entry under Deno
// (edge-entry.test.ts). Each case reads only answers and bucket bytes, never the database,
// so it holds wherever the API is.
import { expect, it } from 'vitest';
import { DEFAULT_PART_SIZE, MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import type { FinishedPart } from '../../functions/_shared/domain/api-types.ts';
import { body, bytesOf, complete, create, putParts, upload } from '../api/upload-helpers.ts';
import type { HttpApi } from './http-api.ts';

const gone = { error: 'File not found or has expired', code: 'file_not_found' };

/** Registers the contract's cases in the calling describe, against the API `target()` gives. */
export function apiContractCases(target: () => HttpApi): void {
  it('refuses calls without the anon key, or with a wrong one', async () => {
    const { api } = target();
    const res = await fetch(`${api}/shares/AbCd1234`);
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({ error: 'Invalid API key', code: 'invalid_api_key' });
    const wrong = await fetch(`${api}/uploads`, { method: 'POST', headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
  });

  it('uploads in parts, shows the exact name, counts a view, and downloads the same bytes', async () => {
    const p = target();
    const name = 'Ünlü dosya — çalışma 📄.txt';
    const bytes = bytesOf(DEFAULT_PART_SIZE + 1000);
    const c = await create(p, { name, size: bytes.length, type: 'text/plain' });
    // Exactly the documented answer: nothing of the storage's own (its upload id) leaks out.
    expect(Object.keys(c).sort()).toEqual(['fileId', 'ownerToken', 'partCount', 'partSize', 'shareId', 'shareUrl']);
    expect(c.partCount).toBe(2);
    expect(c.partSize).toBe(DEFAULT_PART_SIZE);
    expect(c.shareId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(c.shareUrl).toMatch(new RegExp(`^https?://[^/]+/s/${c.shareId}$`));
    expect(c.ownerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Not visible while uploading.
    expect((await p.call('GET', `/shares/${c.shareId}`)).status).toBe(404);

    const startedAt = Date.now();
    const done = await complete(p, c, await putParts(p, c, bytes));
    expect(done.status).toBe(200);
    const dto = await body(done);
    expect(dto).toMatchObject({
      fileId: c.fileId,
      shareId: c.shareId,
      shareUrl: c.shareUrl,
      name,
      size: bytes.length,
      type: 'text/plain',
      downloadCount: 0,
      viewCount: 0,
      state: 'complete',
    });
    const expiresIn = new Date(dto.expiresAt as string).getTime() - startedAt;
    expect(expiresIn).toBeGreaterThan(RETENTION_MS - MINUTE_MS);
    expect(expiresIn).toBeLessThanOrEqual(RETENTION_MS + MINUTE_MS);

    const share = await p.call('GET', `/shares/${c.shareId}`);
    expect(share.status).toBe(200);
    expect(await body(share)).toMatchObject({ shareId: c.shareId, name, size: bytes.length, viewCount: 1 });
    expect(await body(await p.call('GET', `/shares/${c.shareId}`))).toMatchObject({ viewCount: 2 });

    const download = await p.call('POST', `/shares/${c.shareId}/download`);
    expect(download.status).toBe(200);
    const ticket = await body<{ url: string; fileName: string; expiresInSeconds: number }>(download);
    expect(ticket.fileName).toBe(name);
    expect(ticket.expiresInSeconds).toBe(3600);
    expect(ticket.url.startsWith(p.bucketUrl)).toBe(true);
    const got = await fetch(ticket.url);
    expect(got.status).toBe(200);
    // Buffer.equals, not toEqual: a deep compare of 8 MiB element by element takes minutes.
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const disposition = got.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment;/);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '')).toBe(name);

    expect(await body(await p.call('GET', `/shares/${c.shareId}`))).toMatchObject({ downloadCount: 1, viewCount: 3 });
  });

  it('resumes from the parts the bucket holds, sending none of them again', async () => {
    const p = target();
    const name = 'rapor ğüş.pdf';
    const file = bytesOf(DEFAULT_PART_SIZE + 3000, 9);
    const c = await create(p, { name, size: file.length, type: 'application/pdf' });
    const [first] = await putParts(p, c, file, [1]);
    const owner = { 'x-owner-token': c.ownerToken };
    const listed = await body<{ parts: FinishedPart[] }>(
      await p.call('GET', `/uploads/${c.fileId}/parts`, { headers: owner }),
    );
    expect(listed.parts.map((x) => [x.partNumber, x.etag.replaceAll('"', '')])).toEqual([
      [1, first?.etag.replaceAll('"', '')],
    ]);
    const done = await complete(p, c, [...listed.parts, ...(await putParts(p, c, file, [2]))]);
    expect(done.status, await done.clone().text()).toBe(200);
    const { url } = await body<{ url: string }>(await p.call('POST', `/shares/${c.shareId}/download`));
    const got = await fetch(url);
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(file))).toBe(true);
    const disposition = got.headers.get('content-disposition') ?? '';
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '')).toBe(name);
  });

  it('uploads an empty file', async () => {
    const p = target();
    const c = await upload(p, 'empty.txt', new Uint8Array(0));
    const { url } = await body<{ url: string }>(await p.call('POST', `/shares/${c.shareId}/download`));
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a repeated complete with the same file', async () => {
    const p = target();
    const bytes = bytesOf(100, 7);
    const c = await create(p, { name: 'twice.txt', size: bytes.length });
    const parts = await putParts(p, c, bytes);
    const first = await body(await complete(p, c, parts));
    const again = await complete(p, c, parts);
    expect(again.status).toBe(200);
    expect(await body(again)).toEqual(first);
  });

  it('lets the owner abort an upload, and no one else', async () => {
    const p = target();
    const c = await create(p, { name: 'abort.txt', size: 10 });
    await putParts(p, c, bytesOf(10));
    const stranger = await p.call('POST', `/uploads/${c.fileId}/abort`, {
      headers: { 'x-owner-token': 'x'.repeat(43) },
    });
    expect(stranger.status).toBe(403);
    const res = await p.call('POST', `/uploads/${c.fileId}/abort`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(res.status).toBe(204);
    const parts = await p.call('GET', `/uploads/${c.fileId}/parts`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(parts.status).toBe(404);
  });

  it('lets the owner delete a file; its link and its bytes are then gone', async () => {
    const p = target();
    const c = await upload(p, 'delete-me.txt', bytesOf(20));
    const { url } = await body<{ url: string }>(await p.call('POST', `/shares/${c.shareId}/download`));
    expect((await fetch(url)).status).toBe(200);
    const res = await p.call('DELETE', `/shares/${c.shareId}`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(res.status).toBe(204);
    expect((await fetch(url)).status).toBe(404);
    const share = await p.call('GET', `/shares/${c.shareId}`);
    expect(share.status).toBe(404);
    expect(await body(share)).toEqual(gone);
    const again = await p.call('DELETE', `/shares/${c.shareId}`, { headers: { 'x-owner-token': c.ownerToken } });
    expect(again.status).toBe(404);
  });

  it('answers a malformed share id with 400 and an unknown one with 404', async () => {
    const p = target();
    const bad = await p.call('GET', '/shares/short');
    expect(bad.status).toBe(400);
    expect(await body(bad)).toEqual({ error: 'Invalid share link', code: 'invalid_share_link' });
    const unknown = await p.call('POST', '/shares/Zzzzzzz1/download');
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toEqual(gone);
  });

  it('runs the sweep over HTTP only with the sweep secret', async () => {
    const p = target();
    const none = await p.call('POST', '/sweep');
    expect(none.status).toBe(401);
    const wrong = await p.call('POST', '/sweep', { headers: { authorization: `Bearer ${p.anonKey}` } });
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toEqual({ error: 'Invalid sweep secret', code: 'unauthorized' });
    const ok = await fetch(`${p.api}/sweep`, { method: 'POST', headers: { authorization: `Bearer ${p.sweepSecret}` } });
    expect(ok.status).toBe(200);
    expect(await body(ok)).toMatchObject({ deletedFiles: expect.any(Number), abortedUploads: expect.any(Number) });
  });
}
