// The PeerJS side of direct transfers: a peer registered on the signalling server under our id, and
// data channels to other peers as FrameChannels. Only connection set-up (SDP, ICE candidates) goes
// through the server; frames go browser to browser.
import { Peer, type DataConnection, type PeerError } from 'peerjs';
import { env } from '@/config/env';
import { BUFFER_LOW, DIAL_TIMEOUT_MS } from '../protocol/constants';
import { P2pError } from '../protocol/errors';
import type { FrameChannel } from '../protocol/session-core';

/** How long the signalling server may take to register us before we call it unreachable. */
const OPEN_TIMEOUT_MS = 20_000;

/** Where the PeerJS server is, as PeerJS wants it. */
function serverOptions() {
  const url = new URL(env.peerjsUrl);
  const secure = url.protocol === 'https:';
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 443 : 80)),
    path: url.pathname,
    secure,
  };
}

/** A PeerJS data connection as the sessions need it. */
export class PeerChannel implements FrameChannel {
  onFrame: (channel: PeerChannel, frame: Uint8Array) => void = () => {};
  onClose: (channel: PeerChannel) => void = () => {};
  private closed = false;

  constructor(readonly connection: DataConnection) {
    connection.on('data', (data) => {
      if (data instanceof ArrayBuffer) this.onFrame(this, new Uint8Array(data));
    });
    connection.on('close', () => this.markClosed());
    connection.on('error', () => this.markClosed());
  }

  /** Called once the data channel is open. */
  ready(): void {
    const channel = this.connection.dataChannel;
    channel.bufferedAmountLowThreshold = BUFFER_LOW;
    // A peer connection that fails or closes under us (the network, the other page) ends the channel.
    channel.addEventListener('close', () => this.markClosed());
  }

  get remoteId(): string {
    return this.connection.peer;
  }

  get bufferedAmount(): number {
    return this.connection.dataChannel?.bufferedAmount ?? 0;
  }

  send(frame: Uint8Array): void {
    const channel = this.connection.dataChannel;
    if (this.closed || channel?.readyState !== 'open') return;
    try {
      // Straight to the data channel: PeerJS's 'raw' serialization would only add its own queue.
      channel.send(frame as Uint8Array<ArrayBuffer>);
    } catch (error) {
      console.warn('Could not send on the data channel; closing it', error);
      this.close();
    }
  }

  drained(): Promise<void> {
    const channel = this.connection.dataChannel;
    if (this.closed || !channel || channel.readyState !== 'open' || channel.bufferedAmount <= BUFFER_LOW) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        channel.removeEventListener('bufferedamountlow', done);
        channel.removeEventListener('close', done);
        resolve();
      };
      channel.addEventListener('bufferedamountlow', done);
      channel.addEventListener('close', done);
    });
  }

  close(): void {
    this.connection.close();
    this.markClosed();
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
  }
}

export interface SignallingEvents {
  /** Another page opened a data channel to us. */
  onIncoming(channel: PeerChannel): void;
  /** false while the socket to the signalling server is down (we keep trying). */
  onOnlineChange(online: boolean): void;
}

/** Thrown by openPeer when the id is registered already (choose another). */
export class IdTakenError extends Error {
  override readonly name = 'IdTakenError';
}

const SIGNALLING_DOWN = new Set(['network', 'server-error', 'socket-error', 'socket-closed', 'ssl-unavailable']);

/** Our peer on the signalling server. */
export class SignallingPeer {
  private pendingDial: ((error: P2pError) => void) | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;

  private constructor(
    private readonly peer: Peer,
    private readonly events: SignallingEvents,
  ) {
    peer.on('connection', (connection) => {
      const channel = new PeerChannel(connection);
      connection.on('open', () => {
        channel.ready();
        events.onIncoming(channel);
      });
    });
    peer.on('error', (error: PeerError<string>) => {
      if (error.type === 'peer-unavailable') this.pendingDial?.(new P2pError('peer-not-found'));
      else if (SIGNALLING_DOWN.has(error.type)) this.pendingDial?.(new P2pError('signalling-unreachable'));
      else console.warn('Signalling error', error.type, error.message);
    });
    // The socket to the server dropped; data channels already open keep working. Keep trying, so
    // that new connections (and reconnections) can be set up again.
    peer.on('disconnected', () => {
      if (this.destroyed) return;
      events.onOnlineChange(false);
      this.scheduleReconnect(1_000);
    });
    peer.on('open', () => events.onOnlineChange(true));
  }

  /**
   * Registers `id` on the signalling server with the ICE servers for every connection.
   * @throws P2pError 'signalling-unreachable' or 'unsupported-browser', IdTakenError
   */
  static open(id: string, iceServers: RTCIceServer[], events: SignallingEvents): Promise<SignallingPeer> {
    return new Promise((resolve, reject) => {
      // allow_discovery stays off on the server: peers are found only by the id they were given.
      const peer = new Peer(id, { ...serverOptions(), config: { iceServers }, debug: 0 });
      const timer = setTimeout(() => fail(new P2pError('signalling-unreachable')), OPEN_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        peer.destroy();
        reject(error);
      };
      peer.once('open', () => {
        clearTimeout(timer);
        peer.off('error', onError);
        resolve(new SignallingPeer(peer, events));
      });
      const onError = (error: PeerError<string>) => {
        if (error.type === 'unavailable-id') fail(new IdTakenError(id));
        else if (error.type === 'browser-incompatible') fail(new P2pError('unsupported-browser'));
        else fail(new P2pError('signalling-unreachable', { cause: error }));
      };
      peer.on('error', onError);
    });
  }

  get id(): string {
    return this.peer.id;
  }

  /**
   * Opens a reliable, ordered data channel to `remoteId`.
   * @throws P2pError 'peer-not-found', 'connection-failed' (no path in time), 'signalling-unreachable'
   */
  dial(remoteId: string): Promise<PeerChannel> {
    this.pendingDial?.(new P2pError('connection-failed'));
    return new Promise((resolve, reject) => {
      if (this.peer.disconnected) {
        reject(new P2pError('signalling-unreachable'));
        return;
      }
      const connection = this.peer.connect(remoteId, { reliable: true, serialization: 'raw' });
      const channel = new PeerChannel(connection);
      let settled = false;
      const settle = (error?: P2pError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.pendingDial === fail) this.pendingDial = undefined;
        if (error) {
          channel.onClose = () => {};
          connection.close();
          reject(error);
        } else resolve(channel);
      };
      const fail = (error: P2pError) => settle(error);
      const timer = setTimeout(() => fail(new P2pError('connection-failed')), DIAL_TIMEOUT_MS);
      this.pendingDial = fail;
      channel.onClose = () => fail(new P2pError('connection-failed'));
      connection.on('open', () => {
        channel.onClose = () => {};
        channel.ready();
        settle();
      });
    });
  }

  private scheduleReconnect(delayMs: number): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (this.destroyed || !this.peer.disconnected) return;
      this.peer.reconnect();
      // Another try later if this one did not bring it back.
      this.scheduleReconnect(Math.min(delayMs * 2, 10_000));
    }, delayMs);
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.retry);
    this.pendingDial?.(new P2pError('connection-failed'));
    this.peer.destroy();
  }
}
