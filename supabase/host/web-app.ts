// The web app in the one-machine host: built once with this data folder's public settings (rebuilt
// only when a source file or a setting changed), then served from the build folder; or Vite's dev
// server. A build goes to a folder of its own and is swapped in with renames, so a host that
// builds never serves (or leaves behind) half a build, and two hosts never write into one folder.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';

export type WebHandler = (req: IncomingMessage, res: ServerResponse) => void;

const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'supabase/functions/_shared/domain',
];
const STAMP = '.ulak-build.json';
/** The manifest's share_target action (vite.config.ts). */
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

/**
 * Serves the build: hashed assets cached for good, everything else revalidated, unknown paths get
 * the app; every answer carries `headers` (security-headers.ts).
 */
export function staticHandler(distDir: string, headers: Record<string, string>): WebHandler {
  const root = path.resolve(distDir);
  return (req, res) => {
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
    if (!file.startsWith(root + path.sep) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(root, 'index.html');
      if (!existsSync(file)) {
        res
          .writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
          .end('The web app is not built.');
        return;
      }
    }
    const immutable = pathname.startsWith('/assets/');
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
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
