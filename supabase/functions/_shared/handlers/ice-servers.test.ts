// @vitest-environment node
// GET /p2p/ice-servers through the API router without TURN (no database needed), and the settings
// behind it. With TURN, credentials count against a quota: ../../../tests/api/ice-servers.test.ts.
import { describe, expect, it } from 'vitest';
import { createApiHandler } from '../api.ts';
import { ConfigError, DEFAULT_STUN_URLS, readIceConfig, type IceConfig, type ServerConfig } from '../config.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db.ts';

const ANON = 'sb_publishable_ice_test_0123456789abcdef';
const NOW = new Date('2026-11-21T10:00:00Z');

function api(ice: IceConfig): (req: Request) => Promise<Response> {
  const config = { anonKey: ANON, ice } as ServerConfig;
  const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('no database here')) }) as Db;
  const ctx: ApiContext = {
    config,
    db: unused,
    storage: null,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    now: () => NOW,
  };
  return createApiHandler(ctx);
}

const get = (headers: Record<string, string> = { apikey: ANON }) =>
  new Request('http://api.test/functions/v1/api/p2p/ice-servers', { headers });

describe('GET /p2p/ice-servers', () => {
  it('answers the two public STUN servers of docs/product.md and no TURN by default', async () => {
    const res = await api(readIceConfig({}))(get());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ iceServers: [{ urls: DEFAULT_STUN_URLS }] });
  });

  it('needs the anon key, like every public route', async () => {
    const handler = api(readIceConfig({}));
    for (const res of [await handler(get({})), await handler(get({ apikey: 'sb_publishable_wrong' }))]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'invalid_api_key' });
    }
  });

  it('answers a clear 4xx to what an attacker might send', async () => {
    const handler = api(readIceConfig({}));
    const base = 'http://api.test/functions/v1/api';
    const post = await handler(
      new Request(`${base}/p2p/ice-servers`, {
        method: 'POST',
        headers: { apikey: ANON },
        body: 'x'.repeat(5_000_000),
      }),
    );
    expect(post.status).toBe(405);
    expect(await post.json()).toMatchObject({ code: 'method_not_allowed' });
    for (const path of ['p2p/%E0%A4%A', 'p2p/ice-servers%00']) {
      const res = await handler(new Request(`${base}/${path}`, { headers: { apikey: ANON } }));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'no_such_endpoint' });
    }
    // Query strings are ignored rather than parsed.
    expect((await handler(new Request(`${base}/p2p/ice-servers?%zz=%00`, { headers: { apikey: ANON } }))).status).toBe(
      200,
    );
  });
});

describe('ICE settings', () => {
  it('takes STUN_URLS in place of the defaults', () => {
    expect(readIceConfig({ STUN_URLS: 'stun:stun.example.org:3478 stuns:stun.example.org' }).stunUrls).toEqual([
      'stun:stun.example.org:3478',
      'stuns:stun.example.org',
    ]);
  });

  it.each([
    [{ TURN_URLS: 'turn:t.example.org' }, /go together/],
    [{ TURN_SECRET: 'only-a-secret' }, /go together/],
    [{ STUN_URLS: 'http://stun.example.org' }, /STUN_URLS has an invalid entry/],
    [{ TURN_URLS: 'stun:t.example.org', TURN_SECRET: 's' }, /TURN_URLS has an invalid entry/],
    [{ TURN_URLS: 'turn:t.example.org\u0007', TURN_SECRET: 's' }, /TURN_URLS has an invalid entry/],
    [{ TURN_URLS: 'turn:t.example.org', TURN_SECRET: 's', TURN_TTL_SECONDS: '10' }, /TURN_TTL_SECONDS/],
    [{ TURN_URLS: 'turn:t.example.org', TURN_SECRET: 's', TURN_TTL_SECONDS: 'soon' }, /TURN_TTL_SECONDS/],
  ])('refuses %o with a sentence that says what to fix', (env, message) => {
    expect(() => readIceConfig(env)).toThrow(ConfigError);
    expect(() => readIceConfig(env)).toThrow(message);
  });
});
