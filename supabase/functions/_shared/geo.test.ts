// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalAddress, resolveLocation } from './geo.ts';

describe('isLocalAddress', () => {
  it.each<[string, boolean]>([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['192.168.1.10', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['169.254.1.1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['unknown', true],
    ['', true],
    ['203.0.113.7', false],
    ['2001:db8::1', false],
  ])('%s → %s', (ip, expected) => {
    expect(isLocalAddress(ip)).toBe(expected);
  });
});

describe('resolveLocation', () => {
  let server: Server;
  let lookupUrl = '';
  let delayMs = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      setTimeout(() => {
        if (req.url?.includes('198.51.100.9')) {
          res.writeHead(500).end();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ country_name: 'Germany', city: 'Berlin' }));
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    lookupUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/json/{ip}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const req = (headers: Record<string, string> = {}) => new Request('http://api.test/', { headers });

  it('places local addresses in Local / Development without a lookup', async () => {
    expect(await resolveLocation(req(), '127.0.0.1', { geoLookupUrl: lookupUrl })).toEqual({
      country: 'Local',
      city: 'Development',
    });
    expect(seen).toEqual([]);
  });

  it('reads Cloudflare headers first', async () => {
    const location = await resolveLocation(req({ 'cf-ipcountry': 'DE', 'cf-ipcity': 'Hamburg' }), '203.0.113.7', {
      geoLookupUrl: lookupUrl,
    });
    expect(location).toEqual({ country: 'Germany', city: 'Hamburg' });
    expect(seen).toEqual([]);
  });

  it('asks the configured lookup service otherwise', async () => {
    expect(await resolveLocation(req(), '203.0.113.7', { geoLookupUrl: lookupUrl })).toEqual({
      country: 'Germany',
      city: 'Berlin',
    });
    expect(seen).toEqual(['/json/203.0.113.7']);
  });

  it('answers Unknown without a service, on a failing one, and on a slow one', async () => {
    const unknown = { country: 'Unknown', city: 'Unknown' };
    expect(await resolveLocation(req(), '203.0.113.7', {})).toEqual(unknown);
    expect(await resolveLocation(req({ 'cf-ipcountry': 'XX' }), '203.0.113.7', {})).toEqual(unknown);
    expect(await resolveLocation(req(), '198.51.100.9', { geoLookupUrl: lookupUrl })).toEqual(unknown);
    delayMs = 3_000;
    const started = Date.now();
    expect(await resolveLocation(req(), '203.0.113.8', { geoLookupUrl: lookupUrl })).toEqual(unknown);
    expect(Date.now() - started).toBeLessThan(2_900);
  });
});
