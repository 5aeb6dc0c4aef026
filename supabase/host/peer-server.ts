// PeerJS signalling for the peer-to-peer sends, on the host's own port under /peerjs.
import express from 'express';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer } from 'ws';

export const PEERJS_PATH = '/peerjs';

export function createPeerServer(server: Server): {
  handle: express.Express;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
  /** Browsers connected right now, for the admin's System page. */
  connectedPeers(): number;
} {
  let wss: WebSocketServer | undefined;
  const app = express();
  // Express's default error page shows the stack trace outside production.
  app.set('env', 'production');
  const peer = ExpressPeerServer(server, {
    path: '/',
    allow_discovery: false,
    // Our server routes upgrades itself, so Vite's HMR socket can share the port in dev.
    createWebSocketServer: (options) => (wss = new WebSocketServer({ ...options, server: undefined, noServer: true })),
  });
  app.use(PEERJS_PATH, peer);
  return {
    handle: app,
    handleUpgrade(req, socket, head) {
      const url = req.url ?? '';
      if (!wss || !url.startsWith(PEERJS_PATH)) return false;
      const target = wss;
      target.handleUpgrade(req, socket, head, (ws) => target.emit('connection', ws, req));
      return true;
    },
    close: () => wss?.close(),
    connectedPeers: () => wss?.clients.size ?? 0,
  };
}
