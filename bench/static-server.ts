// A plain static host for the build of `npm run build`, doing what Cloudflare Pages and Netlify do
// with its files and nothing more: a path is its file, or its `.html` file (/about: about.html), or
// the rewrite of the build's `_redirects` (a download page's shell, else the app's shell); the
// `/*` headers of `_headers` on every answer; a file's brotli or gzip copy where the browser takes
// one (they compress on the fly). No renderer, no API: the page asks the API elsewhere.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { acceptsEncoding } from '../supabase/host/web-app.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

interface Rewrite {
  /** A path prefix (`/s/`), or '' for every path. */
  prefix: string;
  target: string;
}

/**
 * The `200` rewrites of a `_redirects` file, in order: `/s/* /share-shell.html 200`. Without one,
 * every unknown path gets index.html, as Cloudflare Pages does for a single-page app.
 */
function readRewrites(distDir: string): Rewrite[] {
  let text: string;
  try {
    text = readFileSync(path.join(distDir, '_redirects'), 'utf8');
  } catch {
    return [{ prefix: '', target: '/index.html' }];
  }
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, to, status]) => from?.endsWith('*') && to && status === '200')
    .map(([from = '', to = '']) => ({ prefix: from.slice(0, -1).replace(/^\/$/, ''), target: to }));
}

/** The headers `_headers` gives every path (its `/*` block). */
function readHeaders(distDir: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inBlock = false;
  for (const line of readFileSync(path.join(distDir, '_headers'), 'utf8').split('\n')) {
    if (!line.startsWith(' ')) inBlock = line.trim() === '/*';
    else if (inBlock) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface StaticHost {
  origin: string;
  close(): Promise<void>;
}

/** Serves `distDir` on 127.0.0.1:`port` (0: any free port). */
export async function startStaticHost(distDir: string, port = 0): Promise<StaticHost> {
  const root = path.resolve(distDir);
  const rewrites = readRewrites(root);
  const headers = readHeaders(root);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('Bad request.');
      return;
    }
    const inRoot = (rel: string) => {
      const file = path.resolve(root, `.${rel}`);
      return file.startsWith(root + path.sep) && isFile(file) ? file : null;
    };
    const rewrite = rewrites.find((r) => pathname.startsWith(r.prefix));
    let file =
      inRoot(pathname.endsWith('/') ? `${pathname}index.html` : pathname) ??
      inRoot(`${pathname}.html`) ??
      (rewrite ? inRoot(rewrite.target) : null);
    if (file === null) {
      res.writeHead(404).end('Not found.');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    let encoding: string | undefined;
    for (const [name, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (acceptsEncoding(req.headers['accept-encoding'], name) && isFile(file + suffix)) {
        encoding = name;
        file += suffix;
        break;
      }
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': type,
      'Content-Length': String(statSync(file).size),
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
