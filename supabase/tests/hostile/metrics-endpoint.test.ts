// GET /metrics as an operator's scraper sees it on the real host (`npm start`'s program): after a
// share flow each counter has moved by exactly what happened, the gauges follow the database and
// the peer server, the sweep's runs and removals are counted; and nobody else can read it.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { DownloadTicket, FileDto } from '../../functions/_shared/domain/api-types.ts';
import { parseMetrics, sample } from '../metrics-text.ts';
import { createPg15Database } from '../targets.ts';
import { HOST_ANON_KEY, hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { cleanupAfterAll, createUpload, json, partUrl } from '../host/host-uploads.ts';

const METRICS_TOKEN = `metrics-${randomUUID()}`;
const cleanup = cleanupAfterAll();
/** Generous for a loaded 2-core machine; the sweep alone runs once a minute. */
const WAIT = { timeout: 150_000, interval: 500 };

async function scrape(host: HostProcess, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${host.origin}/metrics`, { headers });
}

async function scraped(host: HostProcess): Promise<Map<string, number>> {
  const res = await scrape(host, { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(await res.text());
}

/** Uploads `size` random bytes in one part and completes it; the file's answer. */
async function uploadFile(host: HostProcess, name: string, size: number): Promise<FileDto & { bytes: Buffer }> {
  const upload = await createUpload(host, name, size);
  const put = await fetch(await partUrl(host, upload, 1), { method: 'PUT', body: new Uint8Array(upload.bytes) });
  expect(put.status).toBe(200);
  const done = await hostCall(host, 'POST', `/uploads/${upload.fileId}/complete`, {
    body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    headers: { 'x-owner-token': upload.ownerToken },
  });
  expect(done.status).toBe(200);
  return { ...(await json<FileDto>(done)), bytes: upload.bytes };
}

function openPeer(host: HostProcess): Promise<WebSocket> {
  const ws = new WebSocket(
    `${host.origin.replace(/^http/, 'ws')}/peerjs/peerjs?key=peerjs&id=${randomUUID().slice(0, 8)}&token=${randomUUID()}`,
  );
  return new Promise((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type?: string }).type === 'OPEN') resolve(ws);
    });
    ws.on('error', reject);
  });
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let host: HostProcess;
  let databaseUrl: string;

  it('starts a host on PostgreSQL 15 with a metrics token and a small download burst', async () => {
    databaseUrl = await createPg15Database();
    host = await startHost({
      env: { METRICS_TOKEN, DATABASE_URL: databaseUrl, DOWNLOAD_TICKET_BURST: '2', DOWNLOAD_TICKETS_PER_MINUTE: '1' },
    });
    cleanup.push(() => host.stop());
  });

  it('refuses a scrape without the token, with a wrong one and with the anon key', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: `Bearer ${HOST_ANON_KEY}` },
      { apikey: HOST_ANON_KEY, authorization: `Bearer ${HOST_ANON_KEY}` },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const res = await scrape(host, headers);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('ulak_');
    }
    // The API's own paths do not serve it either.
    const viaApi = await hostCall(host, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(viaApi.status).toBe(404);
  });

  it('counts a share flow: each counter moves by what happened', async () => {
    const before = await scraped(host);
    const file = await uploadFile(host, 'report.bin', 3000);
    expect((await hostCall(host, 'GET', `/shares/${file.shareId}`)).status).toBe(200);
    const answers: Response[] = [];
    for (let i = 0; i < 3; i++) answers.push(await hostCall(host, 'POST', `/shares/${file.shareId}/download`));
    // The burst of two is spent: the third is a quota refusal.
    expect(answers.map((res) => res.status)).toEqual([200, 200, 429]);
    const ticket = await json<DownloadTicket>(answers[0]!);
    const downloaded = Buffer.from(await (await fetch(ticket.url)).arrayBuffer());
    expect(downloaded.equals(file.bytes)).toBe(true);
    const tooLarge = await hostCall(host, 'POST', '/uploads', {
      body: { name: 'huge.bin', size: 50 * 1024 ** 3, type: 'application/octet-stream' },
    });
    expect(tooLarge.status).toBe(413);
    expect((await json<{ code: string }>(tooLarge)).code).toBe('file_too_large');

    const moved = (after: Map<string, number>, name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    // The stored totals are read from the database at most every 15 s: wait for them.
    await vi.waitFor(async () => {
      const after = await scraped(host);
      expect(moved(after, 'ulak_stored_bytes')).toBe(3000);
      expect(moved(after, 'ulak_stored_files')).toBe(1);
      expect(moved(after, 'ulak_uploads_started_total')).toBe(1);
      expect(moved(after, 'ulak_uploads_completed_total')).toBe(1);
      expect(moved(after, 'ulak_downloads_total')).toBe(2);
      expect(moved(after, 'ulak_quota_refusals_total', { code: 'rate_limited' })).toBe(1);
      expect(moved(after, 'ulak_api_errors_total', { code: 'rate_limited' })).toBe(1);
      expect(moved(after, 'ulak_api_errors_total', { code: 'file_too_large' })).toBe(1);
      const downloads = { route: '/shares/:shareId/download', method: 'POST' };
      expect(moved(after, 'ulak_http_requests_total', { ...downloads, status: '200' })).toBe(2);
      expect(moved(after, 'ulak_http_requests_total', { ...downloads, status: '429' })).toBe(1);
      expect(moved(after, 'ulak_http_request_duration_seconds_count', downloads)).toBe(3);
      expect(moved(after, 'ulak_http_request_duration_seconds_bucket', { ...downloads, le: '+Inf' })).toBe(3);
      expect(moved(after, 'ulak_http_requests_total', { route: '/uploads', method: 'POST', status: '201' })).toBe(1);
      expect(moved(after, 'ulak_http_requests_total', { route: '/uploads', method: 'POST', status: '413' })).toBe(1);
    }, WAIT);
  });

  it("follows the peer server's open connections", async () => {
    const peers = await Promise.all([openPeer(host), openPeer(host)]);
    await vi.waitFor(async () => expect(sample(await scraped(host), 'ulak_peer_connections')).toBe(2), WAIT);
    for (const ws of peers) ws.close();
    await vi.waitFor(async () => expect(sample(await scraped(host), 'ulak_peer_connections')).toBe(0), WAIT);
  });

  it("counts the sweep's runs and the expired files it removed", async () => {
    const before = await scraped(host);
    const file = await uploadFile(host, 'old.bin', 1000);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update public.files set expires_at = now() - interval '1 minute' where share_id = ${file.shareId}`;
    } finally {
      await sql.end();
    }
    // The host sweeps once a minute.
    await vi.waitFor(async () => {
      const after = await scraped(host);
      expect(sample(after, 'ulak_sweep_removed_files_total', { reason: 'expired' })).toBe(
        sample(before, 'ulak_sweep_removed_files_total', { reason: 'expired' }) + 1,
      );
      expect(sample(after, 'ulak_sweep_runs_total', { outcome: 'completed' })).toBeGreaterThan(
        sample(before, 'ulak_sweep_runs_total', { outcome: 'completed' }),
      );
    }, WAIT);
    expect((await hostCall(host, 'GET', `/shares/${file.shareId}`)).status).toBe(404);
  });

  it('answers a flood of scrapes, and the API meanwhile', async () => {
    const headers = { authorization: `Bearer ${METRICS_TOKEN}` };
    const flood = Array.from({ length: 300 }, () => scrape(host, headers).then((res) => res.status));
    const health = await fetch(`${host.api}/health`);
    expect(health.status).toBe(200);
    expect(new Set(await Promise.all(flood))).toEqual(new Set([200]));
    expect(host.alive()).toBe(true);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers a scrape made on this machine, and nothing that came through a proxy', async () => {
    const host = await startHost();
    cleanup.push(() => host.stop());
    const local = await scrape(host);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('# TYPE ulak_uploads_started_total counter');
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of proxied) {
      const res = await scrape(host, headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('ulak_');
    }
  });
});
