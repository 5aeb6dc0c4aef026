// The headers every page of the web app is served with, in one place: the Node host sends them
// (web-app.ts) and the build writes them to dist/_headers for static hosts (Cloudflare Pages,
// Netlify), so the app cannot be framed and runs only its own scripts wherever it is served. The
// Node host adds hostHeaders to every answer it gives, the API's included.

export interface CspSources {
  /** Origins the page may fetch from besides its own: the API, the bucket, the peer server. */
  connect: string[];
}

/** The origin of a URL (scheme, host, port), or null for anything that is not an http(s) URL. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** http(s) origins and their WebSocket twins (the PeerJS signalling socket). */
function withSockets(origins: string[]): string[] {
  const all = new Set<string>();
  for (const origin of origins) {
    all.add(origin);
    all.add(origin.replace(/^http/, 'ws'));
  }
  return [...all];
}

/**
 * The Content-Security-Policy of the app's pages:
 * - scripts only from the app's own origin (the build has no inline script);
 * - styles from the app and inline: Mantine writes its CSS variables into a <style> element at
 *   run time and components set style attributes, and a static page cannot carry a per-request nonce;
 * - images from the app, data: (QR codes) and blob: (previews of picked files);
 * - connections to the app's origin, the API, the bucket and the peer server (ws/wss included);
 * - media from the app and those same origins: a video or audio preview plays the bucket's
 *   presigned URL in the browser's player, which reads it by ranges (images go through blob:);
 * - the web app manifest under default-src 'self': a manifest-src of its own would say the same,
 *   and WebKit warns "Unrecognized Content-Security-Policy directive" about it on every page;
 * - no plugin, no framing by anyone (clickjacking of Transfers' delete buttons), no <base> games.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const connect = ["'self'", ...withSockets(sources.connect.filter(Boolean))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `media-src ${[...new Set(["'self'", ...sources.connect.filter(Boolean)])].join(' ')}`,
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What the app may use of the browser's powerful features, and the rest denied to it and to
 * anything it embeds: copying a link (clipboard-write), and for media previews fullscreen,
 * picture-in-picture and autoplay. Reading the clipboard stays with this origin, behind the
 * browser's own permission prompt: a person (or a browser test) can check what Copy link wrote. The share sheet (web-share) keeps its default, the page's own
 * origin. Only names Chromium 156 knows: it warns about an unknown one (web-share on Linux,
 * ambient-light-sensor, bluetooth) on every page.
 */
export const PERMISSIONS_POLICY = [
  'clipboard-write=(self)',
  'clipboard-read=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'autoplay=(self)',
  ...[
    'accelerometer',
    'browsing-topics',
    'camera',
    'display-capture',
    'encrypted-media',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * HSTS lifetime (default a year, the figure browsers' preload lists ask for): once a browser has
 * seen the app over https, it never tries plain http to it for that long. Subdomains are left
 * out: they may be the operator's other sites.
 */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The headers of every answer of the Node host (pages, API, storage, peer server): the
 * Permissions-Policy, and Strict-Transport-Security when the public origin is https (over plain
 * http a browser ignores it, and a test host must stay reachable over http).
 */
export function hostHeaders(publicOrigin: string): Record<string, string> {
  return {
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(originOf(publicOrigin)?.startsWith('https:')
      ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}` }
      : {}),
  };
}

/** The security headers of every page and asset of the web app. */
export function pageHeaders(sources: CspSources): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** The same headers as a Cloudflare Pages / Netlify `_headers` file; hashed assets cached for good. */
export function headersFile(sources: CspSources): string {
  const lines = [
    '/*',
    ...Object.entries(pageHeaders(sources)).map(([name, value]) => `  ${name}: ${value}`),
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
  ];
  return `${lines.join('\n')}\n`;
}
