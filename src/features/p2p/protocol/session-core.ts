// What the sending and the receiving session share: the active data channel, the secure link once
// keys are agreed, control messages, reconnection (rejoin) and how a session ends. Free of React
// and of PeerJS: it speaks to a FrameChannel, so tests can run a whole transfer in memory.
import { newKeyPair, sealHandshake, openHandshake, type KeyPair } from './crypto';
import { equalBytes } from './encoding';
import type { P2pErrorCode } from './errors';
import { decodeFrame, encodeFrame, FrameError, RefusedReason, type BoxedKeyFrame, type Frame } from './frames';
import { MessageError, type CancelReason, type ControlMessage, type OfferedFile } from './messages';
import type { SecureLink } from './secure-link';
import { IntegrityError, type Role } from './secure-link';

/** One data channel to the other page, as the session needs it. */
export interface FrameChannel {
  send(frame: Uint8Array): void;
  /** Bytes queued in the channel and not yet handed to the network. */
  readonly bufferedAmount: number;
  /** Resolves once the queue has drained to BUFFER_LOW, or the channel has closed. */
  drained(): Promise<void>;
  close(): void;
}

export type Phase =
  /** Listening: the sender's link, or the receiver's code, waits for the other page. */
  | 'waiting'
  /** A connection is open and the keys are being agreed. */
  | 'connecting'
  /** Keys agreed (either path): the people compare the safety codes, the sender confirms. */
  | 'comparing'
  /** The sender's files are offered; the receiver decides. */
  | 'offered'
  | 'transferring'
  /** The connection dropped mid-session; both pages try to get it back. */
  | 'reconnecting'
  | 'done'
  | 'failed'
  /** This page pressed Cancel. */
  | 'cancelled';

/** A received file: written where the person chose, or kept here until they press Save. */
export type ReceivedFile = { kind: 'saved' } | { kind: 'stored'; blob: Blob; discard(): Promise<void> };

export interface SessionSnapshot {
  phase: Phase;
  error?: P2pErrorCode;
  /** Six digits from both public keys, once both are known. */
  safetyCode?: string;
  files: readonly OfferedFile[];
  /** Bytes the receiver has written (both sides show this). */
  bytesDone: number;
  totalBytes: number;
  /** Sender, link path: connections refused because their hello did not open under the link's key. */
  refused: number;
  /** Receiver: each file once it is complete. */
  received: readonly (ReceivedFile | undefined)[];
}

const TERMINAL: readonly Phase[] = ['done', 'failed', 'cancelled'];

/** Phases in which the other page counts on this one: Cancel is offered, and leaving asks first. */
export const LIVE_PHASES: ReadonlySet<Phase> = new Set([
  'connecting',
  'comparing',
  'offered',
  'transferring',
  'reconnecting',
]);

const CANCEL_ERRORS: Record<CancelReason, P2pErrorCode> = {
  cancelled: 'cancelled-by-peer',
  'decryption-failed': 'decryption-failed',
  'read-failed': 'read-failed',
  'storage-failed': 'storage-failed',
  unexpected: 'unexpected',
};

export abstract class SessionCore {
  protected link: SecureLink | undefined;
  protected channel: FrameChannel | undefined;
  protected peerPublicKey: Uint8Array | undefined;
  /** True once the other page proved it holds the agreed key (its first box opened). */
  protected established = false;
  private state: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  /** The phase to return to when a rejoin succeeds. */
  private resumePhase: Phase = 'transferring';

  protected readonly keys: KeyPair;
  /** True for the page that dials (the receiver of a link, the sender to a code). */
  readonly isDialer: boolean;

  /**
   * `mode` 'link': the sender's link carries its key and the receiver dials it; 'code': the sender
   * dials the receiver's typed code. The dialer begins connecting, the other page waiting.
   */
  protected constructor(
    readonly role: Role,
    readonly mode: 'link' | 'code',
    keys: KeyPair | undefined,
  ) {
    this.keys = keys ?? newKeyPair();
    this.isDialer = (role === 'receiver') === (mode === 'link');
    const phase: Phase = this.isDialer ? 'connecting' : 'waiting';
    this.state = { phase, files: [], bytesDone: 0, totalBytes: 0, refused: 0, received: [] };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.state;

  get publicKey(): Uint8Array {
    return this.keys.publicKey;
  }

  get finished(): boolean {
    return TERMINAL.includes(this.state.phase);
  }

  protected update(patch: Partial<SessionSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Every frame from every channel of this page comes here. */
  receive(channel: FrameChannel, bytes: Uint8Array): void {
    if (this.finished) return;
    let frame: Frame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      if (channel === this.channel) this.fail('unexpected', 'unexpected');
      else refuse(channel, RefusedReason.unexpected);
      return;
    }
    if (channel !== this.channel) {
      if (frame.type === 'rejoin' && !this.isDialer) this.acceptRejoin(channel, frame);
      else this.handshake(channel, frame);
      return;
    }
    switch (frame.type) {
      case 'control':
        this.receiveControl(frame);
        return;
      case 'chunk':
        this.receiveChunk(frame);
        return;
      case 'refused':
        this.end(
          {
            phase: 'failed',
            error:
              frame.reason === RefusedReason.wrongKey
                ? 'wrong-key'
                : frame.reason === RefusedReason.busy
                  ? 'busy'
                  : 'unexpected',
          },
          true,
        );
        return;
      default:
        this.handshake(channel, frame);
    }
  }

  /** The dialer's new channel is open: start the handshake, or rejoin an established session. */
  dialed(channel: FrameChannel): void {
    if (this.finished) {
      channel.close();
      return;
    }
    this.channel = channel;
    if (!this.established || !this.link || !this.peerPublicKey) {
      this.startHandshake(channel);
      return;
    }
    // A higher epoch than any before, so no box of an earlier connection opens on this one.
    this.link.setEpoch(this.link.epoch + 1);
    const { nonce, box } = sealHandshake({ epoch: this.link.epoch }, this.link.key, this.link.outgoingDirection);
    channel.send(encodeFrame({ type: 'rejoin', publicKey: this.keys.publicKey, nonce, box }));
  }

  /** A channel of the transfer closed (the page's own close, the network, the other page). */
  channelClosed(channel: FrameChannel): void {
    if (channel !== this.channel) return;
    this.channel = undefined;
    this.detached();
    if (this.finished) return;
    if (!this.established) {
      // Before the keys were agreed there is nothing to resume: a listener waits for the next
      // page; a dialer has lost its only chance.
      if (this.isDialer) this.fail('connection-lost');
      else this.restartListening();
      return;
    }
    if (this.state.phase !== 'reconnecting') this.resumePhase = this.state.phase;
    this.update({ phase: 'reconnecting' });
  }

  /** Stops the session at this page's request and tells the other page. */
  cancel(): void {
    if (this.finished) return;
    this.send({ type: 'cancel', reason: 'cancelled' });
    this.end({ phase: 'cancelled' });
  }

  /** The page is closing: tell the other page, so it says "left" at once instead of reconnecting. */
  leave(): void {
    if (this.finished) return;
    this.send({ type: 'bye' });
    this.end({ phase: 'cancelled' });
  }

  /** Ends the session with an error; `tell` also sends the other page the reason. */
  fail(error: P2pErrorCode, tell?: CancelReason): void {
    if (this.finished) return;
    if (tell) this.send({ type: 'cancel', reason: tell });
    this.end({ phase: 'failed', error });
  }

  /**
   * Ends the session. `otherSideDone`: the other page said its last word, so the channel closes at
   * once. Otherwise it stays open a little, so our own last message (cancel, bye, done) arrives:
   * closing a PeerJS connection tears the peer connection down, and queued bytes with it.
   */
  protected end(patch: Partial<SessionSnapshot>, otherSideDone = false): void {
    this.update(patch);
    this.stopped();
    const channel = this.channel;
    this.channel = undefined;
    if (channel) closeSoon(channel, otherSideDone ? 0 : LINGER_MS);
  }

  protected send(message: ControlMessage): void {
    if (this.channel && this.link) this.channel.send(this.link.sealControl(message));
  }

  /** Binds the session to the other page's key: from here on, every box uses `link`. */
  protected bind(channel: FrameChannel, link: SecureLink, peerPublicKey: Uint8Array): void {
    this.channel = channel;
    this.link = link;
    this.peerPublicKey = peerPublicKey;
  }

  private receiveControl(frame: Extract<Frame, { type: 'control' }>): void {
    if (!this.link) {
      this.fail('unexpected');
      return;
    }
    let message: ControlMessage;
    try {
      message = this.link.openControl(frame);
    } catch (error) {
      if (error instanceof IntegrityError) this.fail('decryption-failed', 'decryption-failed');
      else if (error instanceof MessageError) this.fail('unexpected', 'unexpected');
      else throw error;
      return;
    }
    this.established = true;
    switch (message.type) {
      case 'cancel':
        this.end({ phase: 'failed', error: CANCEL_ERRORS[message.reason] }, true);
        return;
      case 'bye':
        this.end({ phase: 'failed', error: 'peer-left' }, true);
        return;
      case 'rejoined':
        this.update({ phase: this.resumePhase });
        this.rejoined();
        return;
      default:
        this.control(message);
    }
  }

  private acceptRejoin(channel: FrameChannel, frame: BoxedKeyFrame): void {
    const link = this.link;
    if (!link || !this.established || !this.peerPublicKey || !equalBytes(frame.publicKey, this.peerPublicKey)) {
      refuse(channel, RefusedReason.busy);
      return;
    }
    const payload = openHandshake(frame.box, frame.nonce, link.key, link.incomingDirection) as {
      epoch?: unknown;
    } | null;
    // A replayed rejoin carries an old epoch: refused, so it cannot take the session over.
    if (typeof payload?.epoch !== 'number' || !Number.isSafeInteger(payload.epoch) || payload.epoch <= link.epoch) {
      refuse(channel, RefusedReason.unexpected);
      return;
    }
    link.setEpoch(payload.epoch);
    const old = this.channel;
    this.channel = channel;
    if (old) {
      this.detached();
      old.close();
    }
    if (this.state.phase !== 'reconnecting') this.resumePhase = this.state.phase;
    this.update({ phase: this.resumePhase });
    this.send({ type: 'rejoined' });
    this.rejoined();
  }

  /** Handshake frames on a channel the transfer has not (yet) taken as its own. */
  protected abstract handshake(channel: FrameChannel, frame: Frame): void;
  /** The dialer's first connection is open. */
  protected abstract startHandshake(channel: FrameChannel): void;
  protected abstract control(message: ControlMessage): void;
  protected abstract receiveChunk(frame: Extract<Frame, { type: 'chunk' }>): void;
  /** A rejoin succeeded (either side): the receiver says how far it is. */
  protected abstract rejoined(): void;
  /** The active channel went away: stop using it. */
  protected abstract detached(): void;
  /** The session ended: release files and sinks. */
  protected abstract stopped(): void;
  /** A listener whose handshake broke off: wait for the next page again. */
  protected restartListening(): void {
    this.update({ phase: 'waiting' });
  }
}

/** How long a channel stays open after our last word, for it to arrive; the other page closes first. */
const LINGER_MS = 10_000;

function closeSoon(channel: FrameChannel, delayMs: number): void {
  if (delayMs === 0) channel.close();
  else setTimeout(() => channel.close(), delayMs);
}

/** Turns a connection away, saying why; the dialer closes it on reading this. */
export function refuse(channel: FrameChannel, reason: RefusedReason): void {
  channel.send(encodeFrame({ type: 'refused', reason }));
  closeSoon(channel, LINGER_MS);
}
