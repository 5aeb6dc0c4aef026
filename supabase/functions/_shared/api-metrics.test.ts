// @vitest-environment node
// What the router records for an operator's scrape, through the real API on PGlite and the
// embedded bucket: route patterns (never the paths callers send), refusals by code, and uploads
// counted once however often a client repeats a call.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics, sample, seriesOf } from '../../tests/metrics-text.ts';
import { platformForTests } from '../../tests/platform.ts';
import { bytesOf, complete, create, putParts } from '../../tests/api/upload-helpers.ts';
import { ApiMetrics, COUNTED_ROUTES, UNMATCHED_ROUTE } from './api-metrics.ts';
import { ROUTES } from './routes.ts';

describe('the API metrics', () => {
  const p = platformForTests();
  const metrics = new ApiMetrics();
  beforeAll(() => {
    p.ctx.metrics = metrics;
  });
  const read = () => parseMetrics(metrics.render());

  it('counts an upload started and completed once, though its complete is sent twice', async () => {
    const before = read();
    const bytes = bytesOf(1000);
    const created = await create(p, { name: 'twice.txt', size: bytes.length });
    const parts = await putParts(p, created, bytes);
    expect((await complete(p, created, parts)).status).toBe(200);
    expect((await complete(p, created, parts)).status).toBe(200);
    const after = read();
    expect(sample(after, 'ulak_uploads_started_total') - sample(before, 'ulak_uploads_started_total')).toBe(1);
    expect(sample(after, 'ulak_uploads_completed_total') - sample(before, 'ulak_uploads_completed_total')).toBe(1);
    const completes = { route: '/uploads/:fileId/complete', method: 'POST', status: '200' };
    expect(sample(after, 'ulak_http_requests_total', completes)).toBe(
      sample(before, 'ulak_http_requests_total', completes) + 2,
    );
  });

  it('labels requests by route pattern, so a hundred share ids make one series', async () => {
    const ids = Array.from({ length: 100 }, () => randomBytes(8).toString('hex').slice(0, 8));
    for (const id of ids) expect((await p.call('GET', `/shares/${id}`)).status).toBe(404);
    const text = metrics.render();
    for (const id of ids) expect(text).not.toContain(id);
    const samples = parseMetrics(text);
    expect(
      sample(samples, 'ulak_http_requests_total', { route: '/shares/:shareId', method: 'GET', status: '404' }),
    ).toBe(100);
    expect(sample(samples, 'ulak_api_errors_total', { code: 'file_not_found' })).toBe(100);
    expect(
      sample(samples, 'ulak_http_request_duration_seconds_count', { route: '/shares/:shareId', method: 'GET' }),
    ).toBe(100);
  });

  it('puts unknown paths and methods under one label each, whatever the caller sent', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await p.call('GET', `/no-such-thing/${randomBytes(8).toString('hex')}`)).status).toBe(404);
      expect((await p.call('PATCH', '/uploads')).status).toBe(405);
    }
    const samples = parseMetrics(metrics.render());
    expect(sample(samples, 'ulak_http_requests_total', { route: UNMATCHED_ROUTE, method: 'GET', status: '404' })).toBe(
      20,
    );
    expect(sample(samples, 'ulak_http_requests_total', { route: '/uploads', method: 'other', status: '405' })).toBe(20);
    expect(sample(samples, 'ulak_api_errors_total', { code: 'method_not_allowed' })).toBe(20);
    expect(seriesOf(samples, 'ulak_http_requests_total').length).toBeLessThan(10);
  });

  it('counts a refused anon key under its code, and not as a quota refusal', async () => {
    const res = await p.handler(new Request('http://api.test/functions/v1/api/settings'));
    expect(res.status).toBe(401);
    const samples = parseMetrics(metrics.render());
    expect(sample(samples, 'ulak_api_errors_total', { code: 'invalid_api_key' })).toBe(1);
    expect(seriesOf(samples, 'ulak_quota_refusals_total')).toEqual([]);
  });

  it('names only routes that are in the route table among the counted ones', () => {
    const rows = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.values(COUNTED_ROUTES)) expect(rows).toContain(key);
  });
});
