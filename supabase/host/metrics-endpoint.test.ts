// @vitest-environment node
// Who may read GET /metrics, for the cases a test on this machine cannot make over a socket: a
// caller on another machine, and a host behind a proxy of its own (TRUST_PROXY).
import { describe, expect, it } from 'vitest';
import { readMetricsToken, scrapeRefusal } from './metrics-endpoint.ts';
import { HostError } from './settings.ts';

const TOKEN = 'a-metrics-token-of-32-characters';

describe('who may scrape /metrics', () => {
  it('without a token, answers loopback only, and nothing a proxy forwarded', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect(scrapeRefusal({ remoteAddress: address, headers: {} }, null, 0)).toBeNull();
    }
    for (const address of ['10.0.0.5', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', 'fe80::1', undefined]) {
      expect(scrapeRefusal({ remoteAddress: address, headers: {} }, null, 0)).toBe(404);
    }
    expect(scrapeRefusal({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }, null, 0)).toBe(
      404,
    );
    // Behind a proxy of the operator's, every visitor arrives from the proxy's address.
    expect(scrapeRefusal({ remoteAddress: '127.0.0.1', headers: {} }, null, 1)).toBe(404);
  });

  it('with a token, answers its bearer from anywhere and nobody else, loopback included', () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect(scrapeRefusal({ remoteAddress: '203.0.113.9', headers: bearer }, TOKEN, 2)).toBeNull();
    expect(scrapeRefusal({ remoteAddress: '127.0.0.1', headers: {} }, TOKEN, 0)).toBe(401);
    expect(scrapeRefusal({ remoteAddress: '127.0.0.1', headers: { authorization: TOKEN } }, TOKEN, 0)).toBe(401);
    expect(
      scrapeRefusal({ remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${TOKEN.slice(1)}` } }, TOKEN, 0),
    ).toBe(401);
  });

  it('takes no METRICS_TOKEN shorter than 16 characters', () => {
    expect(readMetricsToken({})).toBeNull();
    expect(readMetricsToken({ METRICS_TOKEN: '  ' })).toBeNull();
    expect(readMetricsToken({ METRICS_TOKEN: TOKEN })).toBe(TOKEN);
    expect(() => readMetricsToken({ METRICS_TOKEN: 'short' })).toThrow(HostError);
  });
});
