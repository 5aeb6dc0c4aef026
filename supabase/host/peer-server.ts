// PeerJS signalling for the peer-to-peer sends, on the host's own port under /peerjs, hardened for
// hostile traffic: messages capped at signalling size, a page that stops reading dropped, sockets
// and new sockets capped per address, and guesses at ids nobody holds slowed to a person's pace.
import express from 'express';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer } from 'ws';
import { addressKey, AddressGate, type Refusal, visitorAddress } from './peer/address-gate.ts';
import { guardedSocketClass, type GuardedSocket } from './peer/guarded-socket.ts';
import type { PeerLimits } from './peer/limits.ts';
import { createMessageGuard } from './peer/message-guard.ts';

export const PEERJS_PATH = '/peerjs';

/** The signalling server's HTTP answers are small JSON and text, never pages to render or frame. */
const PEER_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};
/** What a refused socket is told to wait before it tries again (a page retries every 10 s anyway). */
const RETRY_AFTER_S = 10;

function refuse(socket: Duplex, why: Refusal): void {
  const body = `Refused: ${why}. Try again later.\n`;
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Retry-After: ${RETRY_AFTER_S}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

export function createPeerServer(
  server: Server,
  options: { limits: PeerLimits; trustedProxies: number },
): {
  handle: express.Express;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
  /** Browsers connected right now, for the admin's System page. */
  connectedPeers(): number;
} {
  const { limits, trustedProxies } = options;
  const gate = new AddressGate(limits);
  const live = new Set<string>();
  let wss: WebSocketServer | undefined;
  const app = express();
  // Express's default error page shows the stack trace outside production.
  app.set('env', 'production');
  app.disable('x-powered-by');
  const peer = ExpressPeerServer(server, {
    path: '/',
    allow_discovery: false,
    // Our server routes upgrades itself, so Vite's HMR socket can share the port in dev.
    createWebSocketServer: (wsOptions) =>
      (wss = new WebSocketServer({
        ...wsOptions,
        server: undefined,
        noServer: true,
        maxPayload: limits.maxMessageBytes,
        WebSocket: guardedSocketClass(limits.maxBufferedBytes),
      })),
  });
  peer.disable('x-powered-by');
  peer.on('connection', (client) => live.add(client.getId()));
  peer.on('disconnect', (client) => live.delete(client.getId()));
  // A socket's errors (a message over the cap, a broken frame) close that socket; PeerJS passes
  // them on here, and an 'error' nobody listens to would be thrown at the host.
  peer.on('error', () => {});
  app.use(PEERJS_PATH, (_req, res, next) => {
    res.set(PEER_HEADERS);
    next();
  });
  app.use(PEERJS_PATH, peer);
  return {
    handle: app,
    handleUpgrade(req, socket, head) {
      const url = req.url ?? '';
      if (!wss || !url.startsWith(PEERJS_PATH)) return false;
      const target = wss;
      const address = addressKey(visitorAddress(req, trustedProxies));
      const refusal = gate.admit(address);
      if (refusal) {
        refuse(socket, refusal);
        return true;
      }
      socket.once('close', () => gate.release(address));
      target.handleUpgrade(req, socket, head, (ws) => {
        (ws as GuardedSocket).guard = createMessageGuard({
          socket: ws,
          address,
          gate,
          limits,
          isLive: (id) => live.has(id),
        });
        target.emit('connection', ws, req);
      });
      return true;
    },
    close: () => {
      gate.close();
      wss?.close();
    },
    connectedPeers: () => wss?.clients.size ?? 0,
  };
}
