// The sending side of a direct transfer. On the link path it listens: the first page whose hello
// opens under the link's key is the receiver, every other page is turned away. On the typed-code path
// it dials the receiver's code and commits to its key before it sees the receiver's. Both paths then
// go the same way: the two people compare the safety code, and nothing about the files goes out
// before the sender confirms. On the link path that also catches a link someone replaced on its way
// to the receiver (their key in its fragment): the codes then differ.
import { BlockReader } from '../storage/block-reader';
import { ChunkPlan } from './chunking';
import { BUFFER_HIGH, WINDOW_CHUNKS } from './constants';
import { commitment, openHandshake, safetyCode, sharedKey, type KeyPair } from './crypto';
import { RefusedReason, encodeFrame, type Frame } from './frames';
import type { ControlMessage, OfferedFile } from './messages';
import { safeRelativePath } from './file-names';
import { Direction } from './nonce';
import { SecureLink } from './secure-link';
import { SessionCore, refuse, type FrameChannel } from './session-core';

/** A file to send: its bytes, and the path it is offered under (folders included). */
export interface SourceFile {
  blob: Blob;
  path: string;
  type: string;
}

export interface SenderOptions {
  /** 'link': listen for the receiver of the link; 'code': dial a receiver's typed code. */
  mode: 'link' | 'code';
  /** The files as they are when a receiver arrives (the person may add more while waiting). */
  files: () => readonly SourceFile[];
  keys?: KeyPair;
}

export class SenderSession extends SessionCore {
  private readonly sourcesNow: () => readonly SourceFile[];
  private sources: readonly SourceFile[] = [];
  private plan = new ChunkPlan([]);
  /** Next chunk to send, and the first chunk the receiver has not yet written. */
  private next = 0;
  private acked = 0;
  /** Raised whenever the pump must stop (new channel, resume, end); a pump runs while it matches. */
  private generation = 0;
  private wake: (() => void) | undefined;

  constructor(options: SenderOptions) {
    super('sender', options.mode, options.keys);
    this.sourcesNow = options.files;
  }

  /** The person compared the safety codes and they match; the offer goes out. */
  confirm(): void {
    if (this.getSnapshot().phase === 'comparing') this.offer();
  }

  protected startHandshake(channel: FrameChannel): void {
    this.update({ phase: 'connecting' });
    channel.send(encodeFrame({ type: 'commit', hash: commitment(this.keys.publicKey) }));
  }

  protected handshake(channel: FrameChannel, frame: Frame): void {
    if (this.mode === 'code') {
      if (frame.type === 'key' && channel === this.channel && !this.link) {
        const link = new SecureLink(sharedKey(frame.publicKey, this.keys), 'sender');
        this.bind(channel, link, frame.publicKey);
        channel.send(encodeFrame({ type: 'reveal', publicKey: this.keys.publicKey }));
        this.established = true;
        this.update({ phase: 'comparing', safetyCode: safetyCode(this.keys.publicKey, frame.publicKey) });
      } else if (channel === this.channel) this.fail('unexpected');
      else refuse(channel, RefusedReason.unexpected);
      return;
    }
    if (frame.type !== 'hello') {
      refuse(channel, RefusedReason.unexpected);
      return;
    }
    if (this.link || this.sourcesNow().length === 0) {
      refuse(channel, RefusedReason.busy);
      return;
    }
    const key = sharedKey(frame.publicKey, this.keys);
    // Opens only for a page that knows this link's public key (it is in the link's fragment, which
    // no server sees): a signalling server that swapped keys or a wrong link ends here.
    if (openHandshake(frame.box, frame.nonce, key, Direction.receiverToSender) === null) {
      this.update({ refused: this.getSnapshot().refused + 1 });
      refuse(channel, RefusedReason.wrongKey);
      return;
    }
    this.bind(channel, new SecureLink(key, 'sender'), new Uint8Array(frame.publicKey));
    this.established = true;
    this.update({ phase: 'comparing', safetyCode: safetyCode(this.keys.publicKey, frame.publicKey) });
    // Boxed under the agreed key: the receiver learns this page holds the link's key, and shows the
    // code to compare.
    this.send({ type: 'ready' });
  }

  private offer(): void {
    this.sources = [...this.sourcesNow()];
    const files: OfferedFile[] = this.sources.map((source) => ({
      path: safeRelativePath(source.path) ?? 'file',
      size: source.blob.size,
      type: source.type,
    }));
    this.plan = new ChunkPlan(files.map((file) => file.size));
    this.update({ phase: 'offered', files, totalBytes: this.plan.totalBytes });
    this.send({ type: 'offer', files });
  }

  protected control(message: ControlMessage): void {
    switch (message.type) {
      case 'accept':
        if (this.getSnapshot().phase === 'offered') this.resumeFrom(0);
        return;
      case 'ack':
        if (message.next > this.next) {
          this.fail('unexpected', 'unexpected');
          return;
        }
        if (message.next > this.acked) {
          this.acked = message.next;
          this.update({ bytesDone: this.plan.bytesBefore(this.acked) });
          this.wake?.();
        }
        return;
      case 'done':
        this.update({ bytesDone: this.plan.totalBytes });
        this.end({ phase: 'done' }, true);
        return;
      case 'sync':
        this.sync(message.phase, message.next);
        return;
      default:
        this.fail('unexpected', 'unexpected');
    }
  }

  private sync(phase: 'need-offer' | 'offered' | 'receiving' | 'done', next: number): void {
    if (phase === 'need-offer') {
      // The offer was lost with the old connection (or the person has not confirmed yet).
      if (this.sources.length > 0) this.send({ type: 'offer', files: [...this.getSnapshot().files] });
      else this.update({ phase: 'comparing' });
    } else if (phase === 'offered') this.update({ phase: 'offered' });
    else if (phase === 'receiving') {
      // The receiver can only ask for chunks of what was offered.
      if (next > this.plan.totalChunks) this.fail('unexpected', 'unexpected');
      else this.resumeFrom(next);
    } else {
      this.update({ bytesDone: this.plan.totalBytes });
      this.end({ phase: 'done' }, true);
    }
  }

  /** (Re)starts sending at chunk `next`: everything before it is on the receiver's disk. */
  private resumeFrom(next: number): void {
    this.next = next;
    this.acked = next;
    this.update({ phase: 'transferring', bytesDone: this.plan.bytesBefore(next) });
    const generation = ++this.generation;
    this.wake?.();
    void this.pump(generation);
  }

  /**
   * Reads, seals and sends chunks while the window allows. Two brakes keep memory flat: the data
   * channel's queue (BUFFER_HIGH, then wait for `bufferedamountlow`) and the chunks the receiver
   * has not yet written (WINDOW_CHUNKS, then wait for an ack). Files are read a block at a time,
   * the next block while the current one is sealed and sent; never whole.
   */
  private async pump(generation: number): Promise<void> {
    const channel = this.channel;
    const link = this.link;
    if (!channel || !link) return;
    const live = () => generation === this.generation;
    const reader = new BlockReader(
      this.plan,
      this.sources.map((source) => source.blob),
    );
    try {
      while (live() && this.next < this.plan.totalChunks) {
        if (this.next - this.acked >= WINDOW_CHUNKS) {
          await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        if (channel.bufferedAmount > BUFFER_HIGH) {
          await channel.drained();
          continue;
        }
        const n = this.next;
        const data = await reader.chunk(n);
        if (!live()) return;
        const { fileIndex, chunkIndex } = this.plan.chunk(n);
        const frame = await link.sealChunk(fileIndex, chunkIndex, data);
        // A new connection (and epoch) or the end came while sealing: this frame is not for it.
        if (!live()) return;
        channel.send(frame);
        this.next = n + 1;
      }
    } catch (error) {
      if (!live()) return;
      console.error('Could not read a file to send', error);
      this.fail('read-failed', 'read-failed');
    }
  }

  protected receiveChunk(): void {
    // Chunks only flow from sender to receiver.
    this.fail('unexpected', 'unexpected');
  }

  protected rejoined(): void {
    // The receiver speaks first after a rejoin (sync); until then, nothing is sent.
  }

  protected detached(): void {
    this.generation += 1;
    this.wake?.();
  }

  protected stopped(): void {
    this.generation += 1;
    this.wake?.();
  }
}
