// The sending page: a receive link as soon as there are files, or a receiver's typed code.
import { toBase64Url } from '@/lib/crypto/base64url';
import { newKeyPair } from '../protocol/crypto';
import { RefusedReason } from '../protocol/frames';
import { randomLinkId } from '../protocol/peer-ids';
import { SenderSession, type SourceFile } from '../protocol/sender-session';
import { refuse } from '../protocol/session-core';
import type { PeerChannel } from '../transport/signalling';
import { TransferController, type ControllerSnapshot } from './transfer-controller';

export interface SendSnapshot extends ControllerSnapshot {
  /** {origin}/p2p/{peerId}#{public key}: the fragment never reaches a server. */
  link?: string;
  /** 'code' while sending to a typed code. */
  mode: 'link' | 'code';
}

export class SendController extends TransferController<SenderSession> {
  private files: readonly SourceFile[] = [];
  private readonly linkSession: SenderSession;
  private code: string | undefined;
  private started = false;

  constructor(iceServers: () => Promise<RTCIceServer[]>) {
    const keys = newKeyPair();
    const session = new SenderSession({ mode: 'link', files: () => this.files, keys });
    super(iceServers, session);
    this.linkSession = session;
  }

  private cached: { base: ControllerSnapshot; value: SendSnapshot } | undefined;

  // The same object until something changes, as useSyncExternalStore requires.
  override getSnapshot = (): SendSnapshot => {
    const base = this.current;
    if (this.cached?.base === base) return this.cached.value;
    const peerId = base.peerId;
    const value: SendSnapshot = {
      ...base,
      mode: this.session === this.linkSession ? 'link' : 'code',
      link:
        peerId === undefined
          ? undefined
          : `${location.origin}/p2p/${peerId}#${toBase64Url(this.linkSession.publicKey)}`,
    };
    this.cached = { base, value };
    return value;
  };

  /** The files to offer; the list may still change until a receiver arrives. */
  setFiles(files: readonly SourceFile[]): void {
    this.files = files;
    if (files.length > 0) void this.start();
  }

  /** Registers the link's peer id (once, when the first files are added). */
  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.openPeer(randomLinkId);
  }

  /** Sends to a receiver's typed code instead of waiting for the link to be opened. */
  async sendToCode(code: string): Promise<void> {
    if (!this.peer) await this.start();
    if (!this.peer || this.destroyed) return;
    const session = new SenderSession({ mode: 'code', files: () => this.files });
    this.code = code;
    this.follow(session);
    await this.dialFirst(session, code);
  }

  /** Leaves a failed send-to-code and shows the link again. */
  backToLink(): void {
    if (this.session !== this.linkSession && this.session.finished) this.follow(this.linkSession);
  }

  protected override incoming(channel: PeerChannel): void {
    // While a typed-code send runs, the link is not served.
    if (this.session !== this.linkSession && !this.session.finished) {
      refuse(channel, RefusedReason.busy);
      return;
    }
    if (this.session !== this.linkSession) this.follow(this.linkSession);
    this.wire(channel, this.linkSession);
  }

  protected remoteId(): string | undefined {
    return this.session === this.linkSession ? undefined : this.code;
  }
}
