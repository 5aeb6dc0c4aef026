// The load balancer in front of several hosts, as small as it can be: each request goes to the next
// host in turn, its body and answer streamed through. It says who the caller is in X-Forwarded-For
// (the hosts run with TRUST_PROXY=true), as a real one does; a test names a caller of its own with
// `x-test-client`, standing for visitors at other addresses. Each answer says which host gave it
// (`x-upstream`), so a test can show that a flow crossed hosts.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  name: string;
  port: number;
}

export interface AlternatingProxy {
  /** http://localhost:<port>: the deployment's public origin. */
  origin: string;
  close(): Promise<void>;
}

export async function startAlternatingProxy(upstreams: readonly Upstream[]): Promise<AlternatingProxy> {
  let next = 0;
  const server = createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length];
    if (!upstream) throw new Error('no upstream');
    const { 'x-test-client': client, ...headers } = req.headers;
    const forwarded = (typeof client === 'string' ? client : undefined) ?? req.socket.remoteAddress ?? '';
    const out = request(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream.name });
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
