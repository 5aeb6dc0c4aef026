// @vitest-environment node
// The real host killed (SIGKILL) while a part of an upload is arriving: the part's bytes so far lie
// in a partial file beside the upload's parts. The next start removes it, and the upload resumes
// and completes with no partial file left, in its folder or in the object it becomes.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '../../functions/_shared/domain/constants.ts';
import { hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { cleanupAfterAll, createUpload, json, partUrl, slice, type HostUpload } from '../host/host-uploads.ts';
import { waitFor } from '../wait-for.ts';

const cleanups = cleanupAfterAll();

/** Every partial write (a `.tmp` file) under the host's storage, as paths within it. */
async function partialWrites(dataDir: string): Promise<string[]> {
  const storage = path.join(dataDir, 'storage');
  const files = await readdir(storage, { recursive: true });
  return files.filter((f) => f.endsWith('.tmp'));
}

async function putPart(host: HostProcess, u: HostUpload, n: number): Promise<{ partNumber: number; etag: string }> {
  const put = await fetch(await partUrl(host, u, n), { method: 'PUT', body: new Uint8Array(slice(u, n)) });
  expect(put.status).toBe(200);
  return { partNumber: n, etag: put.headers.get('etag') ?? '' };
}

describe('partial writes after a crash', () => {
  it('the host killed mid-part: the next start removes the partial file, and the upload completes', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-fault-partial-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await startHost({ dataDir });
    cleanups.push(() => first.stop({ keepData: true }));
    const size = DEFAULT_PART_SIZE + 1024 * 1024;
    const u = await createUpload(first, 'cut.bin', size);
    const part1 = await putPart(first, u, 1);

    // Part 2 is arriving: half of it sent, held open, and the host killed once it is on disk.
    const url = new URL(await partUrl(first, u, 2));
    const part2 = slice(u, 2);
    const req = request({
      host: url.hostname,
      port: url.port,
      method: 'PUT',
      path: url.pathname + url.search,
      headers: { 'content-length': String(part2.length) },
    });
    req.on('error', () => {});
    req.write(part2.subarray(0, part2.length / 2));
    const partial = await waitFor(
      async () => (await partialWrites(dataDir)).find((f) => /part-2-/.test(f)),
      'the partial part on disk',
    );
    first.child.kill('SIGKILL');
    await first.stop({ keepData: true });
    expect(first.child.signalCode).toBe('SIGKILL');
    req.destroy();
    expect(await partialWrites(dataDir)).toContain(partial);

    const second = await startHost({ dataDir });
    cleanups.push(() => second.stop({ keepData: true }));
    expect(await partialWrites(dataDir)).toEqual([]);

    // The upload goes on from the part that was stored, and completes.
    const parts = [part1, await putPart(second, u, 2)];
    const done = await hostCall(second, 'POST', `/uploads/${u.fileId}/complete`, {
      body: { parts },
      headers: { 'x-owner-token': u.ownerToken },
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const ticket = await hostCall(second, 'POST', `/shares/${u.shareId}/download`);
    const got = Buffer.from(await (await fetch((await json<{ url: string }>(ticket)).url)).arrayBuffer());
    expect(got.equals(u.bytes)).toBe(true);
    expect(await partialWrites(dataDir)).toEqual([]);
    expect(second.alive()).toBe(true);
  });
});
