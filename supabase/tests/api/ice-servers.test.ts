// @vitest-environment node
// GET /p2p/ice-servers against a real database: TURN credentials are counted per visitor by the
// shared atomic rate limit, so nobody can harvest them from the public API in bulk.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIceConfig } from '../../functions/_shared/config.ts';
import { ICE_SERVERS_MAX_PER_WINDOW, ICE_SERVERS_WINDOW_MS } from '../../functions/_shared/domain/constants.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';

const TURN = readIceConfig({
  TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
  TURN_SECRET: 'coturn-static-auth-secret',
  TURN_TTL_SECONDS: '3600',
});

let visitorCounter = 0;

/** Each test is its own visitor, so the limit of one does not leak into another. */
function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${visitorCounter}` };
}

describe.each(TARGETS)('GET /p2p/ice-servers on %s', (target) => {
  let turn: TestPlatform;
  let stunOnly: TestPlatform;

  beforeAll(async () => {
    turn = await startTestPlatform({ target, config: { ice: TURN } });
    stunOnly = await startTestPlatform({ target });
  });

  afterAll(async () => {
    await turn?.close();
    await stunOnly?.close();
  });

  it('adds time-limited TURN credentials in coturn REST form', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await turn.call('GET', '/p2p/ice-servers', { headers: newVisitor() });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as {
      iceServers: { urls: string[]; username?: string; credential?: string }[];
      ttlSeconds: number;
    };
    const relay = body.iceServers[1];
    expect(relay?.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
    // The username is the expiry as a unix time; the password what coturn computes from its secret.
    const expiry = Number(relay?.username);
    expect(expiry).toBeGreaterThanOrEqual(before + 3600);
    expect(expiry).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(relay?.credential).toBe(
      createHmac('sha1', 'coturn-static-auth-secret').update(String(relay?.username)).digest('base64'),
    );
    expect(body.ttlSeconds).toBe(3600);
    expect(JSON.stringify(body)).not.toContain('coturn-static-auth-secret');
  });

  it(`hands a visitor TURN credentials ${ICE_SERVERS_MAX_PER_WINDOW} times an hour, then answers 429`, async () => {
    const visitor = newVisitor();
    const ask = () => turn.call('GET', '/p2p/ice-servers', { headers: visitor });
    for (let i = 0; i < ICE_SERVERS_MAX_PER_WINDOW; i++) {
      const res = await ask();
      expect(res.status).toBe(200);
      const body = (await res.json()) as { iceServers: { username?: string }[] };
      expect(body.iceServers.some((server) => server.username !== undefined)).toBe(true);
    }
    const refused = await ask();
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; code: string; params: Record<string, number> };
    expect(body.code).toBe('ice_rate_limited');
    expect(body.params.max).toBe(ICE_SERVERS_MAX_PER_WINDOW);
    expect(body.params.retryAfterSeconds).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('coturn-static-auth-secret');

    // Another visitor is not affected, and the limit lifts after the window.
    expect((await turn.call('GET', '/p2p/ice-servers', { headers: newVisitor() })).status).toBe(200);
    turn.advanceTime(ICE_SERVERS_WINDOW_MS + 1000);
    expect((await ask()).status).toBe(200);
    turn.advanceTime(-(ICE_SERVERS_WINDOW_MS + 1000));
  });

  it('holds under parallel requests: exactly the quota is handed out', async () => {
    const visitor = newVisitor();
    const answers = await Promise.all(
      Array.from({ length: ICE_SERVERS_MAX_PER_WINDOW + 10 }, () =>
        turn.call('GET', '/p2p/ice-servers', { headers: visitor }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ICE_SERVERS_MAX_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('does not count answers without TURN: public STUN addresses cost nothing', async () => {
    const visitor = newVisitor();
    for (let i = 0; i < ICE_SERVERS_MAX_PER_WINDOW + 1; i++) {
      expect((await stunOnly.call('GET', '/p2p/ice-servers', { headers: visitor })).status).toBe(200);
    }
  });
});
