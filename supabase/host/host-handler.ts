// The host's one request handler: routes each request to the API, the embedded storage, the peer
// server, the operator's metrics or the web app, and makes sure nothing a request does can end the process. A throw, a
// rejected promise or a malformed URL anywhere below answers 400/500 with one log line.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HostRoutes {
  api: NodeHandler;
  storage: NodeHandler | null;
  peer: NodeHandler;
  metrics: NodeHandler;
  web: NodeHandler;
  peerPath: string;
  metricsPath: string;
  log: (message: string) => void;
}

function fail(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The rest of a body we will not read is drained and dropped (never kept), so the client reads
  // this answer rather than a reset; the server's request timeout bounds it.
  if (!req.complete) req.resume();
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

/** A request target we can route: origin-form, a path that decodes. */
function validTarget(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    decodeURIComponent(url.split('?')[0] ?? '');
    new URL(url, 'http://localhost');
    return true;
  } catch {
    return false;
  }
}

export function createHostHandler(routes: HostRoutes): (req: IncomingMessage, res: ServerResponse) => void {
  const crash = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    routes.log(
      `Unexpected error answering ${req.method ?? '?'} ${(req.url ?? '').slice(0, 200)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    fail(req, res, 500, 'Something went wrong on our side. Please try again.');
  };
  return (req, res) => {
    const url = req.url ?? '/';
    if (!validTarget(url)) {
      fail(req, res, 400, 'Bad request: the address is malformed.');
      return;
    }
    let handler: NodeHandler;
    if (url.startsWith('/functions/v1/')) handler = routes.api;
    else if (url.startsWith('/storage/') && routes.storage) handler = routes.storage;
    else if (url.startsWith(routes.peerPath)) handler = routes.peer;
    else if (url.split('?')[0] === routes.metricsPath) handler = routes.metrics;
    else handler = routes.web;
    try {
      const result = handler(req, res);
      if (result instanceof Promise) result.catch((error: unknown) => crash(req, res, error));
    } catch (error) {
      crash(req, res, error);
    }
  };
}
