// @vitest-environment node
// The GeoLite2 path against the real reader (@maxmind/geoip2-node), on a tiny database this test
// writes itself in the MaxMind DB format.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLocation } from '../functions/_shared/geo.ts';
import { tinyCountryMmdb } from '../tests/fixtures/tiny-mmdb.ts';
import { openCountryDatabase } from './geoip.ts';

describe('GEOIP_DATABASE', () => {
  let dir = '';
  let file = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ulak-geoip-'));
    file = path.join(dir, 'GeoLite2-Country.mmdb');
    await writeFile(file, tinyCountryMmdb({ '203.0.113.0/24': 'DE', '198.51.100.0/25': 'TR' }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('places addresses of the database in their country, and others nowhere', async () => {
    const database = await openCountryDatabase(file);
    expect(database.countryCode('203.0.113.77')).toBe('DE');
    expect(database.countryCode('198.51.100.5')).toBe('TR');
    expect(database.countryCode('198.51.100.200')).toBeNull();
    expect(database.countryCode('not an address')).toBeNull();
    const req = new Request('http://api.test/');
    expect(resolveLocation(req, '203.0.113.77', { countryDatabase: database }).country).toBe('Germany');
  });

  it('refuses a file that is not a MaxMind database, saying what to do', async () => {
    const bogus = path.join(dir, 'bogus.mmdb');
    await writeFile(bogus, 'not a database');
    await expect(openCountryDatabase(bogus)).rejects.toThrow(
      /GEOIP_DATABASE .* cannot be opened.*GeoLite2-Country\.mmdb/,
    );
  });
});
