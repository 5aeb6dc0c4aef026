// A network link of a given speed in front of a host: a TCP proxy whose replies (server to
// client) share one budget of bytes per second, as a recipient's downlink does, and whose requests
// (client to server) may share another, as an uplink does. The download and upload benches send
// their reference and the app through the same one, so both meet the same link; on the loopback
// alone, what is measured is the processes' own copying, not a network.
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { startPlatform, type BenchPlatform } from './platform.ts';

/** The link's speed in Mbit/s, each way (BENCH_LINK_MBIT): a fast line to a home or a phone. */
export const LINK_MBIT = Number(process.env.BENCH_LINK_MBIT ?? 300);

export interface LinkProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * Streams whose bytes, all together, pass at `bytesPerSecond`, each arriving `delayMs` after it
 * passed (half a round trip): one direction of the link.
 */
function direction(bytesPerSecond: number, delayMs = 0): () => Transform {
  // When the link is next free, in ms of performance.now(): every chunk queues behind the others.
  let free = 0;
  return () => {
    // Chunks on their way (passed, not yet arrived), in order, with when each arrives.
    const inFlight: { chunk: Buffer; at: number }[] = [];
    let timer: NodeJS.Timeout | undefined;
    let flushed: TransformCallback | undefined;
    return new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        const now = performance.now();
        free = Math.max(free, now) + (chunk.length / bytesPerSecond) * 1000;
        const wait = free - now;
        if (delayMs > 0) {
          inFlight.push({ chunk, at: free + delayMs });
          const arrive = () => {
            timer = undefined;
            while (inFlight[0] && inFlight[0].at <= performance.now() + 1) this.push(inFlight.shift()?.chunk);
            if (inFlight[0]) timer = setTimeout(arrive, inFlight[0].at - performance.now());
            else flushed?.();
          };
          timer ??= setTimeout(arrive, free + delayMs - now);
          chunk = Buffer.alloc(0);
        }
        const pass = () => callback(null, chunk.length > 0 ? chunk : undefined);
        // Timers are coarse: short waits pass at once and the debt is paid by the next long one.
        if (wait < 2) pass();
        else setTimeout(pass, wait);
      },
      flush(callback) {
        if (inFlight.length === 0) callback();
        else flushed = callback;
      },
    });
  };
}

/**
 * Listens on a free port of 127.0.0.1 and forwards to `targetPort`: replies at `bytesPerSecond` in
 * all, requests at `uplinkBytesPerSecond` in all (unlimited when not given), each way taking half
 * of `roundTripMs` on top.
 */
export async function startLinkProxy(
  targetPort: number,
  bytesPerSecond: number,
  { uplinkBytesPerSecond, roundTripMs = 0 }: { uplinkBytesPerSecond?: number; roundTripMs?: number } = {},
): Promise<LinkProxy> {
  const downlink = direction(bytesPerSecond, roundTripMs / 2);
  const uplink =
    uplinkBytesPerSecond === undefined && roundTripMs === 0
      ? undefined
      : direction(uplinkBytesPerSecond ?? Number.POSITIVE_INFINITY, roundTripMs / 2);
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
    if (uplink === undefined) client.pipe(upstream);
    else client.pipe(uplink()).pipe(upstream);
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

/**
 * A host on `hostPort`, serving the build in `platform.distDir` (another host's, or built there
 * first), behind a link of LINK_MBIT whose origin is the host's public one: the page, the API and
 * the presigned URLs all go through the link.
 * Replies are shaped; requests too with `uplink`. `link` is another link instead (bytes per second
 * each way, and its round trip). The host returned has the link's origin, and stops with the link.
 */
export async function startHostBehindLink(
  platform: Pick<BenchPlatform, 'distDir'>,
  hostPort: number,
  {
    uplink = false,
    env = {},
    link,
  }: { uplink?: boolean; env?: Record<string, string>; link?: { down: number; up: number; roundTripMs: number } } = {},
): Promise<BenchPlatform> {
  const bytesPerSecond = (LINK_MBIT * 1e6) / 8;
  const proxy = link
    ? await startLinkProxy(hostPort, link.down, { uplinkBytesPerSecond: link.up, roundTripMs: link.roundTripMs })
    : await startLinkProxy(hostPort, bytesPerSecond, uplink ? { uplinkBytesPerSecond: bytesPerSecond } : {});
  const origin = `http://localhost:${proxy.port}`;
  try {
    const host = await startPlatform(hostPort, { ...env, PUBLIC_ORIGIN: origin, DIST_DIR: platform.distDir });
    return {
      ...host,
      origin,
      stop: async () => {
        await host.stop();
        await proxy.close();
      },
    };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}
