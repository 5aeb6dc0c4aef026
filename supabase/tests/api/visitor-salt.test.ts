// @vitest-environment node
// The visitor hash's salt changes every UTC day, on a real database (PGlite and PostgreSQL 15):
// what a report stores the day after cannot be matched to the day before, a hash cannot be
// reversed with another day's salt, old salts are deleted, and quotas hold across midnight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS, REPORT_MAX_PER_WINDOW } from '../../functions/_shared/domain/constants.ts';
import { visitorHash } from '../../functions/_shared/visitor.ts';
import { readLimits } from '../../functions/_shared/config.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { bytesOf, upload } from './upload-helpers.ts';

const IN_FLIGHT_LIMIT = 1000;

describe.each(TARGETS)('the daily visitor salt on %s', (target) => {
  let p: TestPlatform;
  let subnet = 0;
  /** A visitor of its own per test, in a /24 small enough to try whole. */
  const freshVisitor = () => {
    subnet++;
    return { address: `10.${subnet}.0.77`, headers: { 'x-forwarded-for': `10.${subnet}.0.77` } };
  };

  /** Moves the API's clock to `minutes` before the next UTC midnight. */
  function beforeMidnight(minutes: number): void {
    const now = p.ctx.now().getTime();
    const midnight = Math.ceil((now + 1) / DAY_MS) * DAY_MS;
    p.advanceTime(midnight - minutes * MINUTE_MS - now);
  }

  const day = () => p.ctx.now().toISOString().slice(0, 10);
  const saltOf = async (utcDay: string) =>
    (await p.ctx.db.query<{ salt: string }>('select salt from public.visitor_salts where day = $1::date', [utcDay]))[0]
      ?.salt;
  const hashWith = (salt: string, address: string) => visitorHash(`${p.ctx.config.ipHashSalt}:${salt}`, address);

  async function report(shareId: string, headers: Record<string, string>): Promise<Response> {
    return p.call('POST', `/shares/${shareId}/report`, { body: { reason: 'other' }, headers });
  }
  async function reportedHashes(shareId: string): Promise<string[]> {
    const rows = await p.ctx.db.query<{ visitor_hash: string }>(
      'select visitor_hash from public.reports where share_id = $1 order by created_at',
      [shareId],
    );
    return rows.map((r) => r.visitor_hash);
  }

  beforeAll(async () => {
    p = await startTestPlatform({
      target,
      config: { limits: { ...readLimits({}), uploadInFlightBytes: IN_FLIGHT_LIMIT } },
    });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('stores another hash for the same visitor after midnight, and drops a salt after its last use', async () => {
    const file = await upload(p, 'reported.txt', bytesOf(10));
    const visitor = freshVisitor();
    beforeMidnight(2);
    const firstDay = day();
    expect((await report(file.shareId, visitor.headers)).status).toBe(201);
    p.advanceTime(4 * MINUTE_MS);
    expect(day()).not.toBe(firstDay);
    expect((await report(file.shareId, visitor.headers)).status).toBe(201);

    const [before, after] = await reportedHashes(file.shareId);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    expect(after).toMatch(/^[0-9a-f]{64}$/);
    expect(after).not.toBe(before);
    const firstSalt = await saltOf(firstDay);
    expect(firstSalt).toBeDefined();
    expect(await saltOf(day())).not.toBe(firstSalt);

    // The day after next, nothing looks the first day's hashes up any more: its salt is gone.
    p.advanceTime(DAY_MS);
    expect((await p.call('GET', `/shares/${file.shareId}`, { headers: visitor.headers })).status).toBe(200);
    expect((await report(file.shareId, freshVisitor().headers)).status).toBe(201);
    expect(await saltOf(firstDay)).toBeUndefined();
  });

  it("makes the next day's salt ahead, so the first request after midnight needs no write", async () => {
    const file = await upload(p, 'ahead.txt', bytesOf(10));
    beforeMidnight(30);
    expect((await report(file.shareId, freshVisitor().headers)).status).toBe(201);
    const nextDay = new Date(p.ctx.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    const madeAhead = await saltOf(nextDay);
    expect(madeAhead).toMatch(/^[0-9a-f]{64}$/);

    p.advanceTime(31 * MINUTE_MS);
    expect(day()).toBe(nextDay);
    const visitor = freshVisitor();
    expect((await report(file.shareId, visitor.headers)).status).toBe(201);
    const stored = (await reportedHashes(file.shareId)).at(-1);
    expect(stored).toBe(await hashWith(madeAhead!, visitor.address));
  });

  it("cannot be reversed with yesterday's salt: trying every address of the visitor's /24 finds nothing", async () => {
    const file = await upload(p, 'reversed.txt', bytesOf(10));
    const visitor = freshVisitor();
    beforeMidnight(1);
    const yesterday = day();
    expect((await report(file.shareId, visitor.headers)).status).toBe(201);
    p.advanceTime(2 * MINUTE_MS);
    expect((await report(file.shareId, visitor.headers)).status).toBe(201);
    const stored = (await reportedHashes(file.shareId)).at(-1)!;

    const candidates = Array.from({ length: 256 }, (_, i) => visitor.address.replace(/\.77$/, `.${i}`));
    const yesterdaysSalt = (await saltOf(yesterday))!;
    const withYesterday = await Promise.all(candidates.map((a) => hashWith(yesterdaysSalt, a)));
    expect(withYesterday).not.toContain(stored);
    // The same search with the salt of the hash's own day finds the visitor: the salt is what protects it.
    const todaysSalt = (await saltOf(day()))!;
    const withToday = await Promise.all(candidates.map((a) => hashWith(todaysSalt, a)));
    expect(candidates[withToday.indexOf(stored)]).toBe(visitor.address);
  });

  it('keeps a rate limit counted before midnight after it', async () => {
    const file = await upload(p, 'limited.txt', bytesOf(10));
    const visitor = freshVisitor();
    beforeMidnight(3);
    for (let i = 0; i < REPORT_MAX_PER_WINDOW; i++) {
      expect((await report(file.shareId, visitor.headers)).status).toBe(201);
    }
    p.advanceTime(6 * MINUTE_MS);
    const refused = await report(file.shareId, visitor.headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    // Another visitor is not held by it.
    expect((await report(file.shareId, freshVisitor().headers)).status).toBe(201);
  });

  it('keeps the bytes in flight announced before midnight counted after it', async () => {
    const visitor = freshVisitor();
    beforeMidnight(2);
    const first = await p.call('POST', '/uploads', {
      body: { name: 'big.bin', size: IN_FLIGHT_LIMIT - 100, type: 'text/plain' },
      headers: visitor.headers,
    });
    expect(first.status).toBe(201);
    p.advanceTime(4 * MINUTE_MS);
    const second = await p.call('POST', '/uploads', {
      body: { name: 'more.bin', size: 200, type: 'text/plain' },
      headers: visitor.headers,
    });
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ code: 'upload_quota' });
  });
});
