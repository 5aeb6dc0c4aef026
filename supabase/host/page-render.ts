// A first visit's page with its markup in it: the home page, Transfers and a download page are
// rendered by the app's own code (src/entry-server.tsx, built beside the web app) with the API
// answered in-process for the visitor, so a phone paints the page before any script has loaded.
// Anything else, and any page that cannot be rendered, is served as the built index.html.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isShareId } from '../functions/_shared/domain/share-id.ts';

/** Where the build puts the render module (web-app.ts); a dot folder, never served. */
export const SERVER_RENDER_DIR = '.server';
const SERVER_RENDER_FILE = 'entry-server.js';

/** The pages rendered: the first screens of most visits (a download page only for a share id). */
function isRendered(pathname: string): boolean {
  return pathname === '/' || pathname === '/upload' || (pathname.startsWith('/s/') && isShareId(pathname.slice(3)));
}
/** Renders run one at a time; beyond this many waiting, a page is served without its markup. */
const MAX_WAITING = 16;
/**
 * The share of the host's time renders may take, and how much of it may be spent at once (ms).
 * A render costs some 30-80 ms of the one thread that also answers the API and the storage; a
 * flood of page visits must not starve uploads. Past the budget, pages are served as built.
 */
const RENDER_TIME_SHARE = 0.25;
const RENDER_BURST_MS = 3_000;
/**
 * How long a visit waits for its render (one takes some 10-100 ms) before it gets the page as
 * built: a render waits on the API, which waits on the database.
 */
const RENDER_WAIT_MS = 5_000;

/** The page at `pathname` with its markup, or null: serve index.html as built. */
export type PageRenderer = (req: IncomingMessage, pathname: string) => Promise<string | null>;

interface ServerRenderModule {
  renderPage(
    template: string,
    request: { url: string; origin: string; acceptLanguage: string | undefined; api: typeof fetch },
  ): Promise<string | null>;
}

/**
 * The visitor's own request with the app's call in it: the call's path, method and headers (the
 * anon key), and the visitor's address and proxy headers, so the API counts the view it answers
 * for the visitor (their address, their country), as when their browser asks.
 */
function asVisitor(visitor: Request, call: Request): Request {
  const headers = new Headers(visitor.headers);
  call.headers.forEach((value, name) => headers.set(name, value));
  return new Request(call.url, { method: call.method, headers, signal: call.signal });
}

/**
 * The renderer of `distDir`'s build, or null when the build has no render module (the API is
 * elsewhere: VITE_SUPABASE_URL). `api` answers a Request as the host's API does; `toVisitor`
 * makes the Request of a page's visit (its address as the API counts it).
 */
export async function loadPageRenderer(options: {
  distDir: string;
  /** The site's public origin (PUBLIC_ORIGIN): the links a page shows start with it. */
  origin: string;
  api: (req: Request) => Promise<Response>;
  toVisitor: (req: IncomingMessage) => Request;
  log: (message: string) => void;
  /** The clock renders are timed by (tests give their own). */
  now?: () => number;
}): Promise<PageRenderer | null> {
  const file = path.join(options.distDir, SERVER_RENDER_DIR, SERVER_RENDER_FILE);
  if (!existsSync(file)) return null;
  const template = readFileSync(path.join(options.distDir, 'index.html'), 'utf8');
  const module = (await import(pathToFileURL(file).href)) as ServerRenderModule;
  let waiting = 0;
  let failureLogged = false;
  const now = options.now ?? (() => performance.now());
  let budgetMs = RENDER_BURST_MS;
  let refilledAt = now();
  const hasBudget = () => {
    const at = now();
    budgetMs = Math.min(RENDER_BURST_MS, budgetMs + (at - refilledAt) * RENDER_TIME_SHARE);
    refilledAt = at;
    return budgetMs > 0;
  };

  return async (req, pathname) => {
    // GET only (a HEAD must not count a view), and only a browser's visit to the page itself: a
    // link preview or a script fetching the URL gets the page as before, and counts no view.
    if (req.method !== 'GET' || req.headers['sec-fetch-dest'] !== 'document') return null;
    if (!isRendered(pathname) || waiting >= MAX_WAITING || !hasBudget()) return null;
    const visitor = options.toVisitor(req);
    const api: typeof fetch = (input, init) => {
      const call = new Request(input, init);
      // The first screens only read; nothing a render does may change anything.
      if (call.method !== 'GET') return Promise.reject(new Error(`A page render may not ${call.method}.`));
      return options.api(asVisitor(visitor, call));
    };
    waiting++;
    const started = now();
    const rendering = module
      .renderPage(template, {
        url: req.url ?? pathname,
        origin: options.origin,
        acceptLanguage: req.headers['accept-language'],
        api,
      })
      .catch((error: unknown) => {
        // A page the render cannot make is still served, without its markup; said once, not per visit.
        if (!failureLogged) {
          failureLogged = true;
          options.log(
            `Rendering ${pathname} failed (pages are served without their markup): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
        }
        return null;
      })
      // Counted until it ends, not until we stop waiting: renders stuck on a hung database fill
      // the queue, and every visit after them gets the page as built at once.
      .finally(() => {
        waiting--;
        // Waiting on the API in the queue counts too: close enough, and never in the visitor's favour.
        budgetMs -= now() - started;
      });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
    });
    try {
      return await Promise.race([rendering, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
