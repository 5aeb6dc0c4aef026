// Where a download came from, resolved on the server so the browser never calls a third-party
// geolocation service (DESIGN §3, privacy). Failures are silent: analytics never break a download.
import type { ServerConfig } from './config.ts';

export interface Location {
  country: string;
  city: string;
}

const LOCAL: Location = { country: 'Local', city: 'Development' };
const UNKNOWN: Location = { country: 'Unknown', city: 'Unknown' };
const LOOKUP_TIMEOUT_MS = 2_000;

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

function countryName(code: string): string | null {
  const upper = code.trim().toUpperCase();
  // XX: unknown to Cloudflare; T1: Tor.
  if (!/^[A-Z]{2}$/.test(upper) || upper === 'XX' || upper === 'T1') return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
}

export async function resolveLocation(
  req: Request,
  ip: string,
  config: Pick<ServerConfig, 'geoLookupUrl'>,
): Promise<Location> {
  if (isLocalAddress(ip)) return LOCAL;
  const cfCountry = req.headers.get('cf-ipcountry');
  if (cfCountry) {
    const country = countryName(cfCountry);
    if (country) return { country, city: text(req.headers.get('cf-ipcity')) ?? 'Unknown' };
  }
  if (!config.geoLookupUrl) return UNKNOWN;
  try {
    const url = config.geoLookupUrl.replace('{ip}', encodeURIComponent(ip.trim()));
    const response = await fetch(url, {
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return UNKNOWN;
    const body = (await response.json()) as Record<string, unknown> | null;
    return { country: text(body?.country_name) ?? 'Unknown', city: text(body?.city) ?? 'Unknown' };
  } catch {
    return UNKNOWN;
  }
}
