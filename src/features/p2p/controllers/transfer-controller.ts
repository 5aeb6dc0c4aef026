// Runs one page's side of a direct transfer: registers with the signalling server, connects the
// session to data channels, and after a lost connection either dials again (the dialing page) or
// waits for the other page to come back (the listening page), for RECONNECT_GRACE_MS at most.
// The screens read it through useSyncExternalStore.
import { ApiError } from '@/lib/api/client';
import { failureOf, type Failure } from '@/lib/api/failure';
import { SpeedMeter } from '@/lib/upload-engine/speed-meter';
import { PEER_GONE_AFTER_MISSES, RECONNECT_DELAYS_MS, RECONNECT_GRACE_MS } from '../protocol/constants';
import { P2pError } from '../protocol/errors';
import type { SessionCore, SessionSnapshot } from '../protocol/session-core';
import { IdTakenError, SignallingPeer, type PeerChannel } from '../transport/signalling';

export interface ControllerSnapshot {
  /** Our id on the signalling server, once registered. */
  peerId?: string;
  /** False while the socket to the signalling server is down (connections already open go on). */
  online: boolean;
  session: SessionSnapshot;
  /** While transferring: speed over the last few seconds, and seconds left; null until known. */
  bytesPerSecond: number | null;
  etaSeconds: number | null;
  /** Why the API refused the ICE servers, when it answered; the screens say it with describeError. */
  apiFailure?: Failure;
}

/** Speed is averaged over this much time: steadier than one acknowledgement, still follows changes. */
const RATE_WINDOW_MS = 5_000;

/** How many fresh ids to try when one is taken (only short codes can collide, rarely). */
const ID_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export abstract class TransferController<S extends SessionCore> {
  protected peer: SignallingPeer | undefined;
  protected destroyed = false;
  private activeSession: S;
  private unsubscribe: () => void = () => {};
  private state: ControllerSnapshot;
  private readonly listeners = new Set<() => void>();
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private redialing = false;
  private meter = new SpeedMeter(RATE_WINDOW_MS);

  protected constructor(
    protected readonly iceServers: () => Promise<RTCIceServer[]>,
    session: S,
  ) {
    this.activeSession = session;
    this.state = { online: true, session: session.getSnapshot(), bytesPerSecond: null, etaSeconds: null };
    this.follow(session);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ControllerSnapshot => this.state;

  protected get current(): ControllerSnapshot {
    return this.state;
  }

  get session(): S {
    return this.activeSession;
  }

  protected set(patch: Partial<ControllerSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Makes `session` the one the screen shows and the reconnection logic watches. */
  protected follow(session: S): void {
    this.unsubscribe();
    this.clearGrace();
    this.activeSession = session;
    this.unsubscribe = session.subscribe(() => this.sessionChanged());
    this.sessionChanged();
  }

  private sessionChanged(): void {
    const session = this.activeSession;
    const snapshot = session.getSnapshot();
    if (snapshot.phase === 'transferring') {
      const before = this.state.session;
      if (before.phase !== 'transferring' || snapshot.bytesDone !== before.bytesDone) {
        this.meter.add(Date.now(), snapshot.bytesDone);
      }
      this.set({
        session: snapshot,
        bytesPerSecond: this.meter.bytesPerSecond(),
        etaSeconds: this.meter.etaSeconds(snapshot.totalBytes - snapshot.bytesDone),
      });
    } else {
      // A pause (reconnecting) or the end: the next estimate starts afresh.
      this.meter = new SpeedMeter(RATE_WINDOW_MS);
      this.set({ session: snapshot, bytesPerSecond: null, etaSeconds: null });
    }
    if (snapshot.phase !== 'reconnecting') this.clearGrace();
    else if (session.isDialer) void this.redial(session);
    else this.graceTimer ??= setTimeout(() => session.fail('connection-lost'), RECONNECT_GRACE_MS);
    if (session.finished) this.sessionFinished(session);
  }

  private clearGrace(): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }

  /** Registers on the signalling server under `makeId()`; the session fails when that cannot be done. */
  protected async openPeer(makeId: () => string): Promise<SignallingPeer | null> {
    let iceServers: RTCIceServer[];
    try {
      iceServers = await this.iceServers();
    } catch (error) {
      console.error('Could not load the ICE servers', error);
      // An API that answered says why itself (maintenance, a quota). No answer at all: on the
      // one-machine host the signalling server lives in the same process, so it is out of reach too.
      if (error instanceof ApiError && error.kind === 'server') this.set({ apiFailure: failureOf(error) });
      this.activeSession.fail('signalling-unreachable');
      return null;
    }
    for (let attempt = 1; attempt <= ID_ATTEMPTS && !this.destroyed; attempt++) {
      try {
        const peer = await SignallingPeer.open(makeId(), iceServers, {
          onIncoming: (channel) => this.incoming(channel),
          onOnlineChange: (online) => this.set({ online }),
        });
        if (this.destroyed) {
          peer.destroy();
          return null;
        }
        this.peer = peer;
        this.set({ peerId: peer.id });
        return peer;
      } catch (error) {
        if (error instanceof IdTakenError) continue;
        this.activeSession.fail(error instanceof P2pError ? error.code : 'signalling-unreachable');
        return null;
      }
    }
    this.activeSession.fail('signalling-unreachable');
    return null;
  }

  /** Frames of `channel` go to `session`, and so does its end. */
  protected wire(channel: PeerChannel, session: SessionCore): void {
    channel.onFrame = (from, frame) => session.receive(from, frame);
    channel.onClose = (from) => session.channelClosed(from);
  }

  /** Another page opened a channel to us: the active session decides whether to take it. */
  protected incoming(channel: PeerChannel): void {
    this.wire(channel, this.activeSession);
  }

  /** Dials `remoteId` for the session's first connection; failures end the session. */
  protected async dialFirst(session: S, remoteId: string): Promise<void> {
    const peer = this.peer;
    if (!peer) return;
    try {
      const channel = await peer.dial(remoteId);
      if (this.destroyed || session.finished) {
        channel.close();
        return;
      }
      this.wire(channel, session);
      session.dialed(channel);
    } catch (error) {
      session.fail(error instanceof P2pError ? error.code : 'connection-failed');
    }
  }

  /** The id the dialing page calls again after a lost connection. */
  protected abstract remoteId(): string | undefined;

  /** Called once when a session ends (done, failed, cancelled). */
  protected sessionFinished(_session: S): void {}

  /**
   * The dialing page's side of a lost connection: dial again, with growing waits, until the rejoin
   * succeeds, the other page is plainly gone, or RECONNECT_GRACE_MS has passed.
   */
  private async redial(session: S): Promise<void> {
    if (this.redialing) return;
    this.redialing = true;
    const reconnecting = () => !this.destroyed && session.getSnapshot().phase === 'reconnecting';
    const deadline = Date.now() + RECONNECT_GRACE_MS;
    let misses = 0;
    try {
      for (let attempt = 0; reconnecting(); attempt++) {
        if (Date.now() > deadline) {
          session.fail('connection-lost');
          return;
        }
        await sleep(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 0);
        const remote = this.remoteId();
        if (!reconnecting() || !this.peer || !remote) continue;
        try {
          const channel = await this.peer.dial(remote);
          if (!reconnecting()) {
            channel.close();
            return;
          }
          misses = 0;
          const closed = new Promise<void>((resolve) => {
            channel.onFrame = (from, frame) => session.receive(from, frame);
            channel.onClose = (from) => {
              session.channelClosed(from);
              resolve();
            };
          });
          const answered = new Promise<void>((resolve) => {
            const stop = session.subscribe(() => {
              if (session.getSnapshot().phase !== 'reconnecting') {
                stop();
                resolve();
              }
            });
          });
          session.dialed(channel);
          // The rejoin is answered (back to work, or refused), or this channel dies too.
          await Promise.race([answered, closed]);
        } catch (error) {
          if (error instanceof P2pError && error.code === 'peer-not-found' && ++misses >= PEER_GONE_AFTER_MISSES) {
            // The other page is no longer registered: it was closed.
            session.fail('peer-left');
            return;
          }
        }
      }
    } finally {
      this.redialing = false;
    }
  }

  /** The page is being hidden for good (closed, navigated away): say goodbye. */
  leave(): void {
    this.activeSession.leave();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const wasLive = !this.activeSession.finished;
    this.activeSession.leave();
    this.unsubscribe();
    this.clearGrace();
    const peer = this.peer;
    // A moment for the goodbye to leave before the connections are torn down.
    if (peer) setTimeout(() => peer.destroy(), wasLive ? 1_000 : 0);
  }
}
