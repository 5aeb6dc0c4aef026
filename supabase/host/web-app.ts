// The web app in the one-machine host: built once with this data folder's public settings (rebuilt
// only when a source file or a setting changed), then served from the build folder; or Vite's dev
// server. A build goes to a folder of its own and is swapped in with renames, so a host that
// builds never serves (or leaves behind) half a build, and two hosts never write into one folder.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { SERVER_RENDER_DIR, type PageRenderer } from './page-render.ts';

export type WebHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'vite',
  'scripts/precompress.ts',
  'package-lock.json',
  'supabase/functions/_shared/domain',
];
const STAMP = '.ulak-build.json';
/** The manifest's share_target action (src/config/share-target.ts). */
const SHARE_TARGET_PATH = '/share-target';

function listInputs(root: string, rel: string, out: string[]): void {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) listInputs(root, path.join(rel, name), out);
  } else out.push(`${rel}:${stat.size}:${stat.mtimeMs}`);
}

function buildStamp(root: string, publicEnv: Record<string, string>): string {
  const inputs: string[] = [];
  for (const rel of BUILD_INPUTS) listInputs(root, rel, inputs);
  return createHash('sha256').update(JSON.stringify({ publicEnv, inputs })).digest('hex');
}

/** Builds dist/ unless it was built from the same sources and settings. */
export async function ensureBuilt(
  root: string,
  outDir: string,
  publicEnv: Record<string, string>,
  log: (m: string) => void,
): Promise<void> {
  const stamp = buildStamp(root, publicEnv);
  const built = (dir: string) => {
    const file = path.join(dir, STAMP);
    return existsSync(file) && readFileSync(file, 'utf8') === stamp;
  };
  if (built(outDir)) return;
  log('Building the web app (only when sources or settings changed)...');
  Object.assign(process.env, publicEnv);
  const { build } = await import('vite');
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const fresh = `${outDir}.building-${suffix}`;
  try {
    await build({ root, logLevel: 'warn', build: { outDir: fresh, emptyOutDir: true } });
    // The module that renders a first visit's page (page-render.ts), when the API is this host's:
    // its calls are answered in-process, so its backend address is only a placeholder.
    if (!publicEnv.VITE_SUPABASE_URL) {
      process.env.VITE_SUPABASE_URL = 'http://localhost';
      try {
        await build({
          root,
          logLevel: 'warn',
          build: { ssr: 'src/entry-server.tsx', outDir: path.join(fresh, SERVER_RENDER_DIR), emptyOutDir: true },
        });
      } finally {
        delete process.env.VITE_SUPABASE_URL;
      }
    }
    writeFileSync(path.join(fresh, STAMP), stamp);
    // Swap: the old build moves aside, the new one takes its name, the old one goes.
    const old = `${outDir}.old-${suffix}`;
    await rename(outDir, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(fresh, outDir).catch(async (error: NodeJS.ErrnoException) => {
      // Another host installed its build in between; if it is the same build, it will do.
      if (!built(outDir)) throw error;
    });
    await rm(old, { recursive: true, force: true });
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The encodings the build has copies for (scripts/precompress.ts), best first. */
const ENCODED_COPIES = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Whether an Accept-Encoding header accepts `name` (listed, or `*`, without q=0). */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const item of header.split(',')) {
    const [token = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const refused = q !== undefined && !(Number(q.slice(2)) > 0);
    if (token.trim() === name) return !refused;
    if (token.trim() === '*') wildcard = !refused;
  }
  return wildcard;
}

function fileStat(file: string): { size: number; mtimeMs: number } | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A rendered page (page-render.ts), compressed as the browser accepts: brotli at a fast quality. */
async function sendRendered(
  req: IncomingMessage,
  res: ServerResponse,
  html: string,
  headers: Record<string, string>,
): Promise<void> {
  // The same preference as the build's copies: brotli, then gzip.
  const encoding = ENCODED_COPIES.find((copy) => acceptsEncoding(req.headers['accept-encoding'], copy.name))?.name;
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? await gzipped(html)
        : Buffer.from(html);
  res
    .writeHead(200, {
      ...headers,
      // Made for this visit (its language, a share's state): revalidated, never kept by a shared cache.
      'Cache-Control': 'private, no-cache',
      Vary: 'Accept-Encoding, Accept-Language',
      'Content-Type': TYPES['.html'],
      'Content-Length': String(body.length),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
    .end(body);
}

/**
 * Serves the build: hashed assets cached for good, everything else revalidated (ETag), unknown
 * paths get the app; every answer carries `headers` (security-headers.ts). Text files go out as
 * the build's brotli or gzip copy when the browser accepts one, streamed from disk like the rest.
 * Files and folders whose names start with a dot (the build's stamp, its render module) are never
 * served. `render` gives a page with its markup (page-render.ts); where it gives none, the app's
 * pages get index.html as built.
 */
export function staticHandler(
  distDir: string,
  headers: Record<string, string>,
  render: PageRenderer | null = null,
): WebHandler {
  const root = path.resolve(distDir);
  return async (req, res) => {
    // The OS share sheet posts here; the service worker normally takes the POST. Should it reach
    // us (no worker yet, so the files are not kept), show the shared-files screen, not a 405.
    if (req.method === 'POST' && req.url?.split('?')[0] === SHARE_TARGET_PATH) {
      req.resume();
      res.writeHead(303, { Location: '/shared' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request.');
      return;
    }
    let file = path.resolve(root, `.${pathname}`);
    const hidden = path
      .relative(root, file)
      .split(path.sep)
      .some((part) => part.startsWith('.'));
    let stat = file.startsWith(root + path.sep) && !hidden ? fileStat(file) : null;
    if (stat === null) {
      const html = render ? await render(req, pathname) : null;
      if (html !== null) return sendRendered(req, res, html, headers);
      file = path.join(root, 'index.html');
      stat = fileStat(file);
      if (stat === null) {
        res
          .writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
          .end('The web app is not built.');
        return;
      }
    }
    // The copies exist only for text types, so only those answers vary by encoding.
    let varies = false;
    let encoding: string | null = null;
    for (const copy of ENCODED_COPIES) {
      const copyStat = fileStat(file + copy.suffix);
      // A copy older than its file is stale (the file was changed by hand after the build): skip it.
      if (copyStat === null || copyStat.mtimeMs < stat.mtimeMs) continue;
      varies = true;
      if (encoding === null && acceptsEncoding(req.headers['accept-encoding'], copy.name)) {
        encoding = copy.name;
        file += copy.suffix;
        stat = copyStat;
      }
    }
    const immutable = pathname.startsWith('/assets/');
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const common = {
      ...headers,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
      ...(varies ? { Vary: 'Accept-Encoding' } : {}),
    };
    if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
      res.writeHead(304, common).end();
      return;
    }
    res.writeHead(200, {
      ...common,
      'Content-Type':
        TYPES[path.extname(encoding ? file.slice(0, file.lastIndexOf('.')) : file)] ?? 'application/octet-stream',
      'Content-Length': String(stat.size),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // A build folder emptied under a running host must cost one failed request, not the process.
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

/** Vite's dev server as middleware on our server (HMR over the same port). */
export async function devHandler(
  root: string,
  server: Server,
  publicEnv: Record<string, string>,
): Promise<{ handle: WebHandler; close(): Promise<void> }> {
  Object.assign(process.env, publicEnv);
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  return { handle: (req, res) => vite.middlewares(req, res), close: () => vite.close() };
}
