// GET /metrics: the API's counters, the database's totals and the peer server's connections, in
// Prometheus text format, for the operator's scraper only. With METRICS_TOKEN set it answers a
// request carrying `Authorization: Bearer <METRICS_TOKEN>`, from anywhere; without it, only a
// request made on this machine straight to the host (a loopback socket, no proxy's forwarding
// header, no TRUST_PROXY), since a proxy on the same machine makes every visitor's request come
// from loopback. The public API's anon key opens nothing here. A scrape costs one render a second
// and one database read per STORED_TOTALS_CACHE_MS however many arrive, so a flood of them
// cannot load the database or hold the host up.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiMetrics } from '../functions/_shared/api-metrics.ts';
import type { Db } from '../functions/_shared/db.ts';
import { timingSafeEqual } from '../functions/_shared/http.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../functions/_shared/metrics.ts';
import { HostError } from './settings.ts';

export const METRICS_PATH = '/metrics';

/** The shortest METRICS_TOKEN the host accepts (16 characters): anything shorter can be guessed. */
const MIN_METRICS_TOKEN_LENGTH = 16;
/**
 * How long the stored files' totals, read from the database, are reused (default 15 s: the
 * usual scrape interval); a flood of scrapes reads the database at most once in that time.
 */
const STORED_TOTALS_CACHE_MS = 15_000;
/** The longest a scrape waits for those totals (default 2 s) before it answers with the last ones. */
const STORED_TOTALS_WAIT_MS = 2_000;
/** How long one rendered answer is sent again to every scrape (default 1 s). */
const RENDER_CACHE_MS = 1_000;

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** METRICS_TOKEN, or null when unset; a token too short to be a secret stops the start. */
export function readMetricsToken(env: Record<string, string | undefined>): string | null {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  if (token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new HostError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (for example: openssl rand -hex 32).`,
    );
  }
  return token;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export interface ScrapeRequest {
  remoteAddress: string | undefined;
  headers: IncomingMessage['headers'];
}

/** Why a scrape is refused (401 without the token, 404 from elsewhere), or null when it is answered. */
export function scrapeRefusal(req: ScrapeRequest, token: string | null, trustedProxies: number): 401 | 404 | null {
  if (token !== null) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    return bearer && timingSafeEqual(bearer, token) ? null : 401;
  }
  const forwarded = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
  return trustedProxies === 0 && !forwarded && isLoopback(req.remoteAddress) ? null : 404;
}

/** The complete files' count and bytes: one aggregate query. */
export async function storedTotals(db: Db): Promise<{ bytes: number; files: number }> {
  const [row] = await db.query<{ files: number; bytes: string | number }>(
    `select count(*)::int as files, coalesce(sum(size), 0)::bigint as bytes
     from public.files where upload_state = 'complete'`,
  );
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export interface MetricsEndpointOptions {
  metrics: ApiMetrics;
  token: string | null;
  trustedProxies: number;
  readStoredTotals: () => Promise<{ bytes: number; files: number }>;
  peerConnections: () => number;
  log: (message: string) => void;
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

export function createMetricsEndpoint(
  options: MetricsEndpointOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { metrics, token, trustedProxies, log } = options;
  let totalsReadAt = -Infinity;
  let totalsRead: Promise<void> | null = null;
  let rendered: { at: number; text: string } | null = null;
  let rendering: Promise<string> | null = null;

  // One read at a time; a failed read keeps the last totals and is tried again on the next scrape.
  const refreshTotals = (): Promise<void> => {
    totalsRead ??= options
      .readStoredTotals()
      .then((totals) => {
        metrics.setStored(totals);
        totalsReadAt = performance.now();
      })
      .catch((error: unknown) => log(`Metrics: could not read the stored totals: ${String(error)}`))
      .finally(() => (totalsRead = null));
    return totalsRead;
  };

  const render = async (): Promise<string> => {
    if (performance.now() - totalsReadAt >= STORED_TOTALS_CACHE_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        refreshTotals(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, STORED_TOTALS_WAIT_MS))),
      ]);
      clearTimeout(timer);
    }
    metrics.setPeerConnections(options.peerConnections());
    const text = metrics.render();
    rendered = { at: performance.now(), text };
    return text;
  };

  const body = (): Promise<string> => {
    if (rendered && performance.now() - rendered.at < RENDER_CACHE_MS) return Promise.resolve(rendered.text);
    rendering ??= render().finally(() => (rendering = null));
    return rendering;
  };

  return (req, res) => {
    // A scrape has no body; whatever is sent is drained, never kept.
    req.resume();
    const refusal = scrapeRefusal(
      { remoteAddress: req.socket.remoteAddress, headers: req.headers },
      token,
      trustedProxies,
    );
    if (refusal === 404) return plain(res, 404, 'Not found.\n');
    if (refusal === 401) {
      return plain(res, 401, 'This needs Authorization: Bearer <METRICS_TOKEN>.\n', {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return plain(res, 405, 'Only GET and HEAD.\n', { Allow: 'GET, HEAD' });
    }
    void body().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => plain(res, 500, 'The metrics could not be rendered.\n'),
    );
  };
}
