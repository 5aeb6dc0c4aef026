// Node's http <-> the Web-standard Request/Response the API handlers speak.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * Builds a Request from a Node request. The socket's address is appended to X-Forwarded-For, as a
 * proxy would; without trusted proxies (TRUST_PROXY) it is the only entry, so a client cannot
 * choose the address it is counted by. Behind N trusted proxies the handlers take the entry N
 * places from the right (clientAddress).
 */
export function toRequest(req: IncomingMessage, origin: string, trustedProxies: number): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const socket = req.socket.remoteAddress ?? 'unknown';
  const forwarded = headers.get('x-forwarded-for');
  headers.set('x-forwarded-for', trustedProxies > 0 && forwarded ? `${forwarded}, ${socket}` : socket);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as NodeReadableStream)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}
