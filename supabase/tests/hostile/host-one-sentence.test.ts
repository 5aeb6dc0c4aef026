// @vitest-environment node
// What the host says when a request or its machine goes wrong: one line an operator can read, never
// a stack trace, "[object Object]" or silence. Against the real host process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onTmpfs } from '../faults/small-disk.ts';
import { hostCall, startHost, type HostProcess } from '../host/host-process.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Lines of a stack trace, in anything the host printed. */
const STACK_LINE = /^\s+at /m;

async function exitOf(host: HostProcess): Promise<number | null> {
  if (host.child.exitCode !== null) return host.child.exitCode;
  return new Promise((resolve) => host.child.once('exit', (code) => resolve(code)));
}

/** A stored file's download URL: a presigned GET of the embedded storage. */
async function downloadUrl(host: HostProcess): Promise<string> {
  const created = await hostCall(host, 'POST', '/uploads', { body: { name: 'a.bin', size: 10 } });
  const u = (await created.json()) as { fileId: string; shareId: string; ownerToken: string };
  const owner = { 'x-owner-token': u.ownerToken };
  const parts = await hostCall(host, 'POST', `/uploads/${u.fileId}/parts`, {
    body: { partNumbers: [1] },
    headers: owner,
  });
  const [part] = ((await parts.json()) as { urls: { url: string }[] }).urls;
  const put = await fetch(part!.url, { method: 'PUT', body: new Uint8Array(10) });
  const done = await hostCall(host, 'POST', `/uploads/${u.fileId}/complete`, {
    body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    headers: owner,
  });
  expect(done.status).toBe(200);
  const ticket = await hostCall(host, 'POST', `/shares/${u.shareId}/download`, { body: {} });
  return ((await ticket.json()) as { url: string }).url;
}

describe('one sentence, never a stack trace', () => {
  it('a storage URL with a signature parameter given twice gets a 400 and leaves the log as it was', async () => {
    const host = await startHost();
    cleanups.push(() => host.stop());
    const url = await downloadUrl(host);
    expect((await fetch(url)).status).toBe(200);
    const logged = host.output().length;
    for (const repeated of ['X-Amz-Expires=900', 'X-Amz-Algorithm=AWS4-HMAC-SHA256', 'x-amz-date=20260101T000000Z']) {
      const res = await fetch(`${url}&${repeated}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('<Code>AuthorizationQueryParametersError</Code>');
    }
    expect(host.output().slice(logged)).toBe('');
    expect((await fetch(url)).status).toBe(200);
  });

  it('DATA_DIR=/proc/x: the host says why in one sentence and exits with an error', async () => {
    const host = await startHost({ dataDir: '/proc/x', until: /\[ulak\] .*\n/ });
    cleanups.push(() => host.stop());
    expect(await exitOf(host)).toBe(1);
    expect(host.output().trim()).toMatch(
      /^\[ulak\] The data folder \/proc\/x cannot be read or written \(ENOENT\)\.[^\n]*$/,
    );
  }, 60_000);

  it.each([
    ['full', 0],
    ['20 MB from full', 20],
  ])(
    'a disk %s at the first start and at the next: each start says so in one sentence and exits',
    async (_, leaveMb) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-start-full-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const filler = `"$DATA_DIR/filler"`;
      const fill =
        leaveMb === 0
          ? `dd if=/dev/zero of=${filler} bs=1M 2>/dev/null`
          : `dd if=/dev/zero of=${filler} bs=1M count=$((64 - ${leaveMb})) 2>/dev/null`;
      const host = await startHost({
        dataDir,
        // Even with no reserve configured, the database keeps its own room.
        env: { STORAGE_MIN_FREE_MB: '0' },
        wrap: onTmpfs('64m', '"$DATA_DIR"', { setup: fill, runs: 2 }),
        until: /\[ulak\][^\n]*\n[\s\S]*\[ulak\][^\n]*\n/,
      });
      cleanups.push(() => host.stop({ keepData: true }));
      expect(await exitOf(host)).toBe(1);
      const out = host.output();
      expect(out).not.toMatch(STACK_LINE);
      expect(out).not.toContain('[object Object]');
      const lines = out.trim().split('\n');
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line).toMatch(/^\[ulak\] The disk holding \S+ has \d+ MB free, and Ulak keeps 24 MB free there/);
      }
    },
  );
});
