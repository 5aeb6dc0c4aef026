// @vitest-environment node
// The embedded storage's multipart uploads, through an S3 client and presigned URLs as the API and
// the page use them: parts assembled into the object with its original name, a completed object
// kept as its parts (ranges, S3's ETag), aborts, overlapping sends of one part, refused completes.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { BUCKET, bytes, md5, ORIGIN, embeddedStorageForTests, waitUntil } from './embedded-storage-fixture.ts';

const env = embeddedStorageForTests();

describe('embedded storage', () => {
  it('creates the bucket on start, so the API storage check passes', async () => {
    await expect(env.storage.check()).resolves.toBeUndefined();
  });

  it('assembles a multipart upload from presigned part PUTs and keeps the original name for download', async () => {
    const key = 'uploads/AbC12345/Ca_va_gus (1).txt';
    const originalName = 'Ça va ğüş (1) 😀.txt';
    const uploadId = await env.storage.createMultipartUpload(key, {
      contentType: 'text/plain',
      originalName,
      uploadDate: '2026-11-21T06:00:00.000Z',
    });
    const bodies = [bytes(MIN_PART_SIZE, 1), bytes(MIN_PART_SIZE, 2), bytes(1234, 3)];
    const etags: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const res = await env.putPart(key, uploadId, i + 1, body);
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag');
      expect(etag).toBe(`"${md5(body)}"`);
      // the page reads the part ETag cross-origin
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
      etags.push(etag!);
    }

    const listed = await env.storage.listParts(key, uploadId);
    expect(listed).toEqual(bodies.map((b, i) => ({ partNumber: i + 1, etag: `"${md5(b)}"`, size: b.length })));
    const uploads = await env.storage.listMultipartUploads('uploads/AbC12345/');
    expect(uploads.map((u) => u.uploadId)).toContain(uploadId);

    await env.storage.completeMultipartUpload(
      key,
      uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    );

    const total = bodies.reduce((n, b) => n + b.length, 0);
    const head = await env.storage.headObject(key);
    expect(head?.size).toBe(total);
    expect(head?.contentDisposition).toContain('attachment;');
    expect(head?.contentDisposition).toContain(
      "filename*=UTF-8''%C3%87a%20va%20%C4%9F%C3%BC%C5%9F%20%281%29%20%F0%9F%98%80.txt",
    );
    expect(head?.metadata['original-name']).toBe(originalName);
    expect(head?.metadata['upload-date']).toBe('2026-11-21T06:00:00.000Z');

    const url = await env.storage.presignGet(key, 60, { fileName: originalName, contentType: 'text/plain' });
    expect(url.startsWith('http://localhost:')).toBe(true);
    const download = await fetch(url, { headers: { Origin: ORIGIN } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;.*filename\*=UTF-8''/);
    expect(download.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const got = Buffer.from(await download.arrayBuffer());
    expect(got.length).toBe(total);
    expect(md5(got)).toBe(md5(Buffer.concat(bodies)));

    await env.storage.deleteObject(key);
    expect(await env.storage.headObject(key)).toBeNull();
  });

  it("keeps a completed upload as its parts: ranges across them, S3's multipart ETag, nothing left once deleted", async () => {
    const key = 'uploads/Parted01/a.bin';
    const bodies = [bytes(MIN_PART_SIZE, 7), bytes(MIN_PART_SIZE, 8), bytes(777, 9)];
    const complete = async (parts: Uint8Array<ArrayBuffer>[]) => {
      const uploadId = await env.startUpload(key);
      for (const [i, body] of parts.entries()) expect((await env.putPart(key, uploadId, i + 1, body)).status).toBe(200);
      await env.storage.completeMultipartUpload(
        key,
        uploadId,
        parts.map((body, i) => ({ partNumber: i + 1, etag: `"${md5(body)}"` })),
      );
    };
    // A first upload of the key, replaced by a second one.
    await complete([bytes(1000, 1)]);
    await complete(bodies);
    const whole = Buffer.concat(bodies);
    const url = await env.storage.presignGet(key, 60, { fileName: 'a.bin', contentType: 'application/octet-stream' });

    const all = await fetch(url);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-length')).toBe(String(whole.length));
    const partsEtag = createHash('md5')
      .update(Buffer.concat(bodies.map((body) => Buffer.from(md5(body), 'hex'))))
      .digest('hex');
    expect(all.headers.get('etag')).toBe(`"${partsEtag}-3"`);
    expect(md5(Buffer.from(await all.arrayBuffer()))).toBe(md5(whole));

    // From the end of part 1 into part 3; then the last bytes alone; then past the end.
    const from = MIN_PART_SIZE - 5;
    const to = 2 * MIN_PART_SIZE + 10;
    const range = await fetch(url, { headers: { Range: `bytes=${from}-${to}` } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes ${from}-${to}/${whole.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(whole.subarray(from, to + 1))).toBe(true);
    const tail = await fetch(url, { headers: { Range: `bytes=${whole.length - 3}-` } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 3))).toBe(true);
    expect((await fetch(url, { headers: { Range: `bytes=${whole.length}-` } })).status).toBe(416);
    expect((await env.storage.headObject(key))?.size).toBe(whole.length);

    await env.storage.deleteObject(key);
    expect(await env.storage.headObject(key)).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    // Neither object's parts are left on disk.
    expect(await readdir(path.join(env.dataDir, 'storage', BUCKET, 'uploads')).catch(() => [])).not.toContain(
      'Parted01',
    );
  });

  it('aborting removes the upload and its parts', async () => {
    const key = 'uploads/Abort001/a.bin';
    const uploadId = await env.startUpload(key);
    expect((await env.putPart(key, uploadId, 1, bytes(2048, 1))).status).toBe(200);
    await env.storage.abortMultipartUpload(key, uploadId);
    await expect(env.storage.listParts(key, uploadId)).rejects.toMatchObject({ code: 'upload_not_found' });
    expect((await env.storage.listMultipartUploads()).map((u) => u.uploadId)).not.toContain(uploadId);
    const left = await readdir(path.join(env.dataDir, 'storage', BUCKET, '._S3rver_uploads')).catch(() => []);
    expect(left).not.toContain(uploadId);
    // a late part for an aborted upload is refused, not silently stored
    expect((await env.putPart(key, uploadId, 2, bytes(10, 1))).status).toBe(404);
    // aborting twice is not an error (the sweep may race the page)
    await expect(env.storage.abortMultipartUpload(key, uploadId)).resolves.toBeUndefined();
  });

  it('keeps a part whole when an earlier send of it is cut off after the next one finished', async () => {
    // What a service worker handing its uploads over does: its request for part 1 is cut off
    // while the new worker sends part 1 again. The storage must end up with the whole part.
    const key = 'uploads/Twice001/a.bin';
    const uploadId = await env.startUpload(key);
    const dir = path.join(env.dataDir, 'storage', BUCKET, '._S3rver_uploads', uploadId);
    const partFiles = async () => (await readdir(dir)).filter((name) => name !== 'key' && name !== 'metadata');
    const body = bytes(MIN_PART_SIZE, 7);
    const url = await env.storage.presignUploadPart(key, uploadId, 1, body.length, 300);
    const first = request(url, { method: 'PUT', headers: { 'content-length': body.length } });
    const firstDone = new Promise<void>((resolve) => {
      first.on('error', () => resolve());
      first.on('response', () => resolve());
    });
    first.write(body.subarray(0, body.length / 2));
    // The storage has begun writing the first send before the second one starts.
    await waitUntil(async () => (await partFiles()).length > 0);

    const second = await env.putPart(key, uploadId, 1, body);
    expect(second.status).toBe(200);
    first.destroy();
    await firstDone;
    // The first send's failure has been handled: only the part and its checksum are left.
    await waitUntil(async () => (await partFiles()).every((name) => name === '1' || name === '1.md5'));

    expect(await env.storage.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: `"${md5(body)}"`, size: body.length },
    ]);
    await env.storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: `"${md5(body)}"` }]);
    const download = await env.storage.presignGet(key, 60, {
      fileName: 'a.bin',
      contentType: 'application/octet-stream',
    });
    const got = Buffer.from(await (await fetch(download)).arrayBuffer());
    expect(md5(got)).toBe(md5(body));
    await env.storage.deleteObject(key);
  });

  it('refuses to complete with a missing part, a wrong ETag or a short middle part', async () => {
    const key = 'uploads/Missing1/a.bin';
    const uploadId = await env.startUpload(key);
    const p1 = bytes(MIN_PART_SIZE, 1);
    const p3 = bytes(100, 3);
    expect((await env.putPart(key, uploadId, 1, p1)).status).toBe(200);
    expect((await env.putPart(key, uploadId, 3, p3)).status).toBe(200);

    await expect(
      env.storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 1, etag: `"${md5(p1)}"` },
        { partNumber: 2, etag: `"${md5(p1)}"` },
        { partNumber: 3, etag: `"${md5(p3)}"` },
      ]),
    ).rejects.toMatchObject({ code: 'invalid_part', s3Code: 'InvalidPart' });
    await expect(
      env.storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 1, etag: '"00000000000000000000000000000000"' },
        { partNumber: 3, etag: `"${md5(p3)}"` },
      ]),
    ).rejects.toMatchObject({ s3Code: 'InvalidPart' });
    await expect(
      env.storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 3, etag: `"${md5(p3)}"` },
        { partNumber: 4, etag: `"${md5(p3)}"` },
      ]),
    ).rejects.toMatchObject({ code: 'invalid_part' });
    expect(await env.storage.headObject(key)).toBeNull();

    // the upload survives a refused completion and completes once it is right
    await env.storage.completeMultipartUpload(key, uploadId, [
      { partNumber: 1, etag: `"${md5(p1)}"` },
      { partNumber: 3, etag: `"${md5(p3)}"` },
    ]);
    expect((await env.storage.headObject(key))?.size).toBe(p1.length + p3.length);
    await env.storage.deleteObject(key);
  });
});
