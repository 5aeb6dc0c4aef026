// Where a download came from, resolved on the server only (DESIGN, turn 2): from a CDN's country
// header when the operator says one is in front (TRUSTED_COUNTRY_HEADER), or from a local
// GeoLite2 country database (GEOIP_DATABASE, opened by the host). Nothing else is asked: no
// third-party lookup, ever. With neither source the country is 'Unknown'.
import type { ServerConfig } from './config.ts';

export interface Location {
  country: string;
  city: string;
}

/** A country database opened once by the host; answers an ISO 3166 code, or null. */
export interface CountryDatabase {
  countryCode(ip: string): string | null;
}

export interface GeoSources {
  /** Lower-case header name set by a trusted CDN, e.g. cf-ipcountry; never trusted unconfigured. */
  trustedCountryHeader?: ServerConfig['trustedCountryHeader'];
  countryDatabase?: CountryDatabase;
}

const LOCAL: Location = { country: 'Local', city: 'Development' };
const UNKNOWN = 'Unknown';

/** Loopback, private, link-local and unknown addresses: nothing a lookup could place. */
export function isLocalAddress(ip: string): boolean {
  const addr = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  if (addr === '' || addr === 'unknown' || addr === 'localhost' || addr === '::1' || addr === '::') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(addr);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 192 && b === 168) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  // fc00::/7 unique local, fe80::/10 link local.
  return /^f[cd][0-9a-f]{2}:/.test(addr) || /^fe[89ab][0-9a-f]:/.test(addr);
}

/** An ISO 3166 alpha-2 code as an English country name; null for codes that name no country. */
export function countryName(code: string): string | null {
  const upper = code.trim().toUpperCase();
  // XX: unknown to Cloudflare; T1: Tor.
  if (!/^[A-Z]{2}$/.test(upper) || upper === 'XX' || upper === 'T1') return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** The country of a request: the trusted header first, then the database; 'Unknown' otherwise. */
export function resolveLocation(req: Request, ip: string, sources: GeoSources): Location {
  if (isLocalAddress(ip)) return LOCAL;
  if (sources.trustedCountryHeader) {
    const fromHeader = countryName(req.headers.get(sources.trustedCountryHeader) ?? '');
    if (fromHeader) return { country: fromHeader, city: UNKNOWN };
  }
  if (sources.countryDatabase) {
    let code: string | null = null;
    try {
      code = sources.countryDatabase.countryCode(ip.trim().replace(/^::ffff:(?=\d+\.)/i, ''));
    } catch {
      // Analytics never break a download (docs/product.md §8: failed location lookup gives 'Unknown').
    }
    const fromDatabase = code ? countryName(code) : null;
    if (fromDatabase) return { country: fromDatabase, city: UNKNOWN };
  }
  return { country: UNKNOWN, city: UNKNOWN };
}
