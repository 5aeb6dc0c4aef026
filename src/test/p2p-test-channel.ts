// In-memory data channels for the session tests: two ends that deliver frames in order, one task
// later, like a reliable ordered RTCDataChannel. Not imported by the app.
import type { FrameChannel } from '@/features/p2p/protocol/session-core';

export type FrameHandler = (channel: TestChannel, frame: Uint8Array) => void;

export class TestChannel implements FrameChannel {
  other!: TestChannel;
  closed = false;
  bufferedAmount = 0;
  /** Every frame this end sent, in order, as sent. */
  readonly sent: Uint8Array[] = [];
  /** Lets a test change or drop a frame on its way (return null to drop it). */
  intercept: (frame: Uint8Array, index: number) => Uint8Array | null = (frame) => frame;
  onFrame: FrameHandler = () => {};
  onClose: (channel: TestChannel) => void = () => {};

  send(frame: Uint8Array): void {
    // Like PeerChannel: what is sent on a channel that has closed is lost, without an error.
    if (this.closed) return;
    const index = this.sent.length;
    this.sent.push(frame);
    const delivered = this.intercept(new Uint8Array(frame), index);
    if (delivered === null) return;
    const target = this.other;
    setTimeout(() => {
      if (!target.closed) target.onFrame(target, delivered);
    }, 0);
  }

  drained(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.other.closed = true;
    setTimeout(() => {
      this.onClose(this);
      this.other.onClose(this.other);
    }, 0);
  }
}

/** Two connected ends: `dialer` is what the dialing page holds, `listener` the other page. */
export function channelPair(): { dialer: TestChannel; listener: TestChannel } {
  const dialer = new TestChannel();
  const listener = new TestChannel();
  dialer.other = listener;
  listener.other = dialer;
  return { dialer, listener };
}
