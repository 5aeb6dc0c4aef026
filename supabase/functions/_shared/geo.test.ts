// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isLocalAddress, resolveLocation, type CountryDatabase } from './geo.ts';

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
  const req = (headers: Record<string, string> = {}) => new Request('http://api.test/', { headers });
  const unknown = { country: 'Unknown', city: 'Unknown' };
  const database: CountryDatabase = { countryCode: (ip) => (ip === '203.0.113.7' ? 'TR' : null) };

  it('places local addresses in Local / Development', () => {
    expect(
      resolveLocation(req({ 'cf-ipcountry': 'DE' }), '127.0.0.1', { trustedCountryHeader: 'cf-ipcountry' }),
    ).toEqual({
      country: 'Local',
      city: 'Development',
    });
  });

  it('never believes a country header nobody configured', () => {
    expect(resolveLocation(req({ 'cf-ipcountry': 'DE' }), '203.0.113.9', {})).toEqual(unknown);
  });

  it('reads the configured header, and ignores codes that name no country', () => {
    const sources = { trustedCountryHeader: 'cf-ipcountry' };
    expect(resolveLocation(req({ 'cf-ipcountry': 'de' }), '203.0.113.9', sources)).toEqual({
      country: 'Germany',
      city: 'Unknown',
    });
    expect(resolveLocation(req({ 'cf-ipcountry': 'XX' }), '203.0.113.9', sources)).toEqual(unknown);
    expect(resolveLocation(req({ 'cf-ipcountry': '<script>' }), '203.0.113.9', sources)).toEqual(unknown);
  });

  it('falls back to the country database, and to Unknown when it does not know the address', () => {
    const sources = { trustedCountryHeader: 'cf-ipcountry', countryDatabase: database };
    expect(resolveLocation(req(), '203.0.113.7', sources)).toEqual({ country: 'Türkiye', city: 'Unknown' });
    expect(resolveLocation(req(), '::ffff:203.0.113.7', sources).country).toBe('Türkiye');
    expect(resolveLocation(req(), '198.51.100.1', sources)).toEqual(unknown);
  });

  it('answers Unknown when the database fails', () => {
    const broken: CountryDatabase = {
      countryCode: () => {
        throw new Error('corrupt');
      },
    };
    expect(resolveLocation(req(), '203.0.113.7', { countryDatabase: broken })).toEqual(unknown);
  });
});
