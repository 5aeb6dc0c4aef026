// A network link of a given speed in front of a host: a TCP proxy whose replies (server to
// client) share one budget of bytes per second, as a recipient's downlink does. The download
// bench sends curl and Chromium through the same one, so both meet the same link; on the loopback
// alone, what is measured is the processes' own copying, not a network.
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

export interface LinkProxy {
  port: number;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and forwards to `targetPort`, replies at `bytesPerSecond` in all. */
export async function startLinkProxy(targetPort: number, bytesPerSecond: number): Promise<LinkProxy> {
  // When the link is next free, in ms of performance.now(): every reply queues behind the others.
  let free = 0;
  const downlink = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        const now = performance.now();
        free = Math.max(free, now) + (chunk.length / bytesPerSecond) * 1000;
        const wait = free - now;
        // Timers are coarse: short waits pass at once and the debt is paid by the next long one.
        if (wait < 2) callback(null, chunk);
        else setTimeout(() => callback(null, chunk), wait);
      },
    });
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(downlink()).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
