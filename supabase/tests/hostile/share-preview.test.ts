// @vitest-environment node
// POST /shares/{id}/preview under hostile traffic. In the API on PGlite and PostgreSQL 15 (a pool
// of connections, where races are real): parallel previews past the ticket limit, and every kind
// of gone link. On the real host (`npm start`'s program): bodies the preview must not read whole,
// and a full disk, under which a preview (a read) must still work.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../functions/_shared/admin-auth.ts';
import { readLimits } from '../../functions/_shared/config.ts';
import type { DownloadTicket } from '../../functions/_shared/domain/api-types.ts';
import { GIB, MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import { fillDisk, onTmpfs, seenBy } from '../faults/small-disk.ts';
import { HOST_ANON_KEY, hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { rss, sendUntilAnswered } from '../host/raw-requests.ts';
import { body, bytesOf, upload, type ApiCaller } from '../api/upload-helpers.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';

/** Small, so 30 parallel previews are far past it (the default burst is hundreds). */
const TICKET_BURST = 5;

/** Each test's visitor is its own, so one test's previews do not limit another's. */
const visitor = (() => {
  let last = 0;
  return () => ({ 'x-forwarded-for': `192.0.2.${++last}` });
})();

describe.each(TARGETS)('a file’s preview under hostile traffic on %s', (target) => {
  const p = platformForTests({
    target,
    config: { limits: { ...readLimits({}), downloadTicketBurst: TICKET_BURST } },
  });

  it('30 parallel previews from one visitor: the burst gets its tickets, the rest 429 with Retry-After, none a 5xx', async () => {
    const c = await upload(p, 'photo.png', bytesOf(200), 'image/png');
    const headers = visitor();
    // The clock stands still, so however slow this machine is, no slot comes back meanwhile.
    p.holdTime(true);
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => p.call('POST', `/shares/${c.shareId}/preview`, { headers })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(TICKET_BURST);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - TICKET_BURST);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await body(refused)).toMatchObject({ code: 'rate_limited' });
      }
    } finally {
      p.holdTime(false);
    }
    expect(p.logs.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('a taken-down file’s preview says it was removed; an expired, a deleted and an unknown one are not found', async () => {
    const takenDown = await upload(p, 'claimed.pdf', bytesOf(50), 'application/pdf');
    const { token } = await issueSession(p.ctx.db, p.ctx.config, p.ctx.now());
    const takedown = await p.call('POST', `/admin/shares/${takenDown.shareId}/takedown`, {
      body: { reason: 'Copyright claim' },
      headers: { 'x-admin-token': token },
    });
    expect(takedown.status).toBe(200);
    const removed = await p.call('POST', `/shares/${takenDown.shareId}/preview`, { headers: visitor() });
    expect(removed.status).toBe(410);
    expect(await body(removed)).toMatchObject({ code: 'file_removed' });

    const deleted = await upload(p, 'mine.txt', bytesOf(50));
    const deleting = await p.call('DELETE', `/shares/${deleted.shareId}`, {
      headers: { 'x-owner-token': deleted.ownerToken },
    });
    expect(deleting.status).toBe(204);
    const unknown = 'Zz9Zz9Zz';
    for (const shareId of [deleted.shareId, unknown]) {
      const gone = await p.call('POST', `/shares/${shareId}/preview`, { headers: visitor() });
      expect(gone.status, shareId).toBe(404);
      expect(await body(gone)).toMatchObject({ code: 'file_not_found' });
    }

    const expired = await upload(p, 'old.txt', bytesOf(50));
    p.advanceTime(RETENTION_MS + MINUTE_MS);
    try {
      const gone = await p.call('POST', `/shares/${expired.shareId}/preview`, { headers: visitor() });
      expect(gone.status).toBe(404);
      expect(await body(gone)).toMatchObject({ code: 'file_not_found' });
    } finally {
      p.advanceTime(-(RETENTION_MS + MINUTE_MS));
    }
  });
});

describe('a file’s preview on the real host', () => {
  let host: HostProcess;
  let dataDir = '';
  let shareId = '';
  const bytes = bytesOf(3_000, 7);
  const caller: ApiCaller = {
    call: (method, apiPath, init) => hostCall(host, method, apiPath, init),
    get bucketUrl() {
      return host.origin;
    },
  };
  const preview = (init: { body?: unknown } = {}) => hostCall(host, 'POST', `/shares/${shareId}/preview`, init);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-preview-'));
    host = await startHost({ dataDir, env: { STORAGE_MIN_FREE_MB: '16' }, wrap: onTmpfs('256m', '"$DATA_DIR"') });
    shareId = (await upload(caller, 'picture.png', bytes, 'image/png')).shareId;
  }, 300_000);
  afterAll(async () => {
    await host?.stop({ keepData: true, signal: 'SIGKILL' });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a body that is not JSON gets a 400 with one line, and the preview works without one', async () => {
    const malformed = await fetch(`${host.api}/shares/${shareId}/preview`, {
      method: 'POST',
      headers: { apikey: HOST_ANON_KEY, 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(malformed.status).toBe(400);
    expect(await body(malformed)).toMatchObject({ code: 'bad_request', error: expect.stringMatching(/^[^\n]+$/) });
    const ticket = await preview();
    expect(ticket.status).toBe(200);
    expect((await body<DownloadTicket>(ticket)).fileName).toBe('picture.png');
  });

  it('a body announced as 3 GB is refused unread, and a 1 GB chunked one is stopped at the limit: 413, the host does not grow', async () => {
    const url = `${host.api}/shares/${shareId}/preview`;
    const headers = { apikey: HOST_ANON_KEY, 'content-type': 'application/json' };
    const before = await rss(host.pid);
    const announced = await sendUntilAnswered(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(3 * GIB) },
      fill: 0x20,
    });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.text)).toMatchObject({ code: 'body_too_large' });
    expect(announced.sent).toBeLessThan(256 * 1024 * 1024);
    const chunked = await sendUntilAnswered(url, { method: 'POST', headers, fill: 0x20, limit: GIB });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text)).toMatchObject({ code: 'body_too_large' });
    expect(chunked.sent).toBeLessThan(GIB);
    expect(await rss(host.pid)).toBeLessThan(before + 100 * 1024 * 1024);
    expect(host.alive()).toBe(true);
  });

  it('with the disk full, where writes get 507, a preview still answers and its URL gives the file’s bytes', async () => {
    await fillDisk(seenBy(host.pid, path.join(dataDir, 'filler')));
    const write = await hostCall(host, 'POST', '/uploads', { body: { name: 'more.bin', size: 10 } });
    expect(write.status).toBe(507);
    const answers = await Promise.all(Array.from({ length: 10 }, () => preview()));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const { url } = await body<DownloadTicket>(answers[0]!);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    expect(host.alive()).toBe(true);
    expect(host.output()).not.toMatch(/Unexpected error|No space left on device/);
  });
});
