// The receiving side of a direct transfer. On the link path it dials the sender and speaks first: its
// hello is boxed under the key shared with the public key from the link's fragment, which proves it
// has the link and lets nobody in the middle read on. On the typed-code path it listens under its
// code and takes the sender's key only if it keeps the commitment sent before.
//
// Each chunk must be exactly the next one expected, open under the session key, and have the size
// the offer announced; anything else stops the transfer with 'decryption-failed' and the partial
// file is thrown away. Chunks are opened in parallel, written in batches in order, and acknowledged
// once written.
import { ChunkPlan } from './chunking';
import { PROTOCOL_VERSION, WRITE_BATCH_CHUNKS } from './constants';
import { keepsCommitment, safetyCode, sealHandshake, sharedKey, type KeyPair } from './crypto';
import { encodeFrame, RefusedReason, type Frame } from './frames';
import type { ControlMessage, OfferedFile, SyncPhase } from './messages';
import { Direction } from './nonce';
import { IntegrityError, SecureLink } from './secure-link';
import { SessionCore, refuse, type FrameChannel, type ReceivedFile } from './session-core';

/** Where one received file is written. */
export interface FileSink {
  /** Appends the chunks, in order. They are the sink's now: it may hand their buffers on. */
  write(parts: readonly Uint8Array[]): Promise<void>;
  /** Called after the last byte: the file is complete and verified. */
  close(): Promise<ReceivedFile>;
  /** Called when the transfer stops before the end: nothing of the file must remain. */
  abort(): Promise<void>;
}

export type SinkFactory = (file: OfferedFile, index: number) => Promise<FileSink>;

export type ReceiverOptions =
  { mode: 'link'; senderPublicKey: Uint8Array; keys?: KeyPair } | { mode: 'code'; keys?: KeyPair };

export class ReceiverSession extends SessionCore {
  private readonly senderPublicKey: Uint8Array | undefined;
  private commit: Uint8Array | undefined;
  private plan = new ChunkPlan([]);
  private makeSink: SinkFactory | undefined;
  private readonly sinks = new Map<number, FileSink>();
  /** Next chunk expected on the wire, and the first chunk not yet written. */
  private expected = 0;
  private written = 0;
  /** Files before this one are complete and closed. */
  private closedFiles = 0;
  private writing: Promise<void> = Promise.resolve();
  /** Chunks opening, in arrival order. */
  private opened: Promise<void> = Promise.resolve();
  private received: (ReceivedFile | undefined)[] = [];
  /** Decrypted chunks of one file waiting to be written together. */
  private batch: { fileIndex: number; parts: Uint8Array[] } | undefined;

  constructor(options: ReceiverOptions) {
    super('receiver', options.mode, options.keys);
    this.senderPublicKey = options.mode === 'link' ? options.senderPublicKey : undefined;
  }

  /** The person accepted the offer; files go to the sinks `makeSink` opens. */
  accept(makeSink: SinkFactory): void {
    if (this.getSnapshot().phase !== 'offered') return;
    this.makeSink = makeSink;
    this.update({ phase: 'transferring' });
    this.send({ type: 'accept' });
    this.enqueue(() => this.closeCompleteFiles());
  }

  protected startHandshake(channel: FrameChannel): void {
    const senderPublicKey = this.senderPublicKey;
    if (!senderPublicKey) return;
    const link = new SecureLink(sharedKey(senderPublicKey, this.keys), 'receiver');
    this.bind(channel, link, senderPublicKey);
    this.update({ phase: 'connecting' });
    const { nonce, box } = sealHandshake({ version: PROTOCOL_VERSION }, link.key, Direction.receiverToSender);
    channel.send(encodeFrame({ type: 'hello', publicKey: this.keys.publicKey, nonce, box }));
  }

  protected handshake(channel: FrameChannel, frame: Frame): void {
    if (this.mode === 'link' || (this.link && channel !== this.channel)) {
      if (channel === this.channel) this.fail('unexpected');
      else refuse(channel, RefusedReason.busy);
      return;
    }
    if (frame.type === 'commit' && !this.commit && !this.channel) {
      this.commit = new Uint8Array(frame.hash);
      this.channel = channel;
      this.update({ phase: 'connecting' });
      channel.send(encodeFrame({ type: 'key', publicKey: this.keys.publicKey }));
      return;
    }
    if (frame.type === 'reveal' && channel === this.channel && this.commit && !this.link) {
      if (!keepsCommitment(frame.publicKey, this.commit)) {
        refuse(channel, RefusedReason.wrongKey);
        this.fail('wrong-key');
        return;
      }
      const publicKey = new Uint8Array(frame.publicKey);
      this.bind(channel, new SecureLink(sharedKey(publicKey, this.keys), 'receiver'), publicKey);
      this.established = true;
      this.update({ phase: 'comparing', safetyCode: safetyCode(publicKey, this.keys.publicKey) });
      return;
    }
    if (channel === this.channel) this.fail('unexpected');
    else refuse(channel, this.channel ? RefusedReason.busy : RefusedReason.unexpected);
  }

  protected restartListening(): void {
    this.commit = undefined;
    super.restartListening();
  }

  protected control(message: ControlMessage): void {
    if (message.type === 'ready' && this.mode === 'link' && this.getSnapshot().phase === 'connecting') {
      // The sender holds the link's key; both pages now show the code and its person compares.
      const senderKey = this.peerPublicKey ?? new Uint8Array(32);
      this.update({ phase: 'comparing', safetyCode: safetyCode(senderKey, this.keys.publicKey) });
      return;
    }
    if (message.type !== 'offer') {
      this.fail('unexpected', 'unexpected');
      return;
    }
    const phase = this.getSnapshot().phase;
    if (this.plan.sizes.length > 0) {
      // The same offer again after a reconnection is harmless; a different one is not.
      if (JSON.stringify(message.files) !== JSON.stringify(this.getSnapshot().files))
        this.fail('unexpected', 'unexpected');
      return;
    }
    if (phase !== 'connecting' && phase !== 'comparing') {
      this.fail('unexpected', 'unexpected');
      return;
    }
    this.plan = new ChunkPlan(message.files.map((file) => file.size));
    this.received = message.files.map(() => undefined);
    this.update({
      phase: 'offered',
      files: message.files,
      totalBytes: this.plan.totalBytes,
      received: this.received,
    });
  }

  protected receiveChunk(frame: Extract<Frame, { type: 'chunk' }>): void {
    const link = this.link;
    if (!link || this.getSnapshot().phase !== 'transferring' || this.expected >= this.plan.totalChunks) {
      this.fail('decryption-failed', 'decryption-failed');
      return;
    }
    const ref = this.plan.chunk(this.expected);
    let opening: Promise<Uint8Array>;
    try {
      opening = link.openChunk(frame, ref.fileIndex, ref.chunkIndex);
    } catch (error) {
      if (!(error instanceof IntegrityError)) throw error;
      this.fail('decryption-failed', 'decryption-failed');
      return;
    }
    this.expected += 1;
    const last = this.expected === this.plan.endOf(ref.fileIndex);
    // Chunks open in parallel as they arrive (off this thread) and are taken in order, so the next
    // message is handled while earlier ones are still opening; the sender's window bounds how many.
    opening.catch(() => undefined);
    this.opened = this.opened.then(async () => {
      let data: Uint8Array;
      try {
        data = await opening;
      } catch (error) {
        if (error instanceof IntegrityError) this.fail('decryption-failed', 'decryption-failed');
        else {
          console.error('Could not open a received chunk', error);
          this.fail('unexpected', 'unexpected');
        }
        return;
      }
      if (this.finished) return;
      if (data.length !== ref.end - ref.start) {
        this.fail('decryption-failed', 'decryption-failed');
        return;
      }
      this.collect(ref.fileIndex, data, last);
    });
  }

  /** Written a batch at a time (a write is a round trip to the browser process), and at each file's end. */
  private collect(fileIndex: number, data: Uint8Array, fileEnds: boolean): void {
    const batch = (this.batch ??= { fileIndex, parts: [] });
    batch.parts.push(data);
    if (batch.parts.length < WRITE_BATCH_CHUNKS && !fileEnds) return;
    this.batch = undefined;
    this.enqueue(async () => {
      let sink = this.sinks.get(batch.fileIndex);
      if (!sink) {
        sink = await this.openSink(batch.fileIndex);
        this.sinks.set(batch.fileIndex, sink);
      }
      await sink.write(batch.parts);
      this.written += batch.parts.length;
      await this.closeCompleteFiles();
      this.update({ bytesDone: this.plan.bytesBefore(this.written) });
      this.send({ type: 'ack', next: this.written });
    });
  }

  private openSink(index: number): Promise<FileSink> {
    const file = this.getSnapshot().files[index];
    if (!this.makeSink || !file) return Promise.reject(new Error(`No sink for file ${index}`));
    return this.makeSink(file, index);
  }

  /** Closes every file whose chunks are all written (empty files included); ends after the last. */
  private async closeCompleteFiles(): Promise<void> {
    const files = this.getSnapshot().files;
    while (this.closedFiles < files.length && this.plan.endOf(this.closedFiles) <= this.written) {
      const index = this.closedFiles;
      const sink = this.sinks.get(index) ?? (await this.openSink(index));
      this.sinks.delete(index);
      const received = await sink.close();
      this.received = this.received.map((entry, i) => (i === index ? received : entry));
      this.closedFiles += 1;
      this.update({ received: this.received });
    }
    if (this.closedFiles === files.length && !this.finished) {
      this.update({ bytesDone: this.plan.totalBytes });
      this.send({ type: 'done' });
      this.end({ phase: 'done' });
    }
  }

  /** Writes happen one after another, in arrival order; a failed one stops the transfer. */
  private enqueue(task: () => Promise<void>): void {
    this.writing = this.writing.then(async () => {
      if (this.finished) return;
      try {
        await task();
      } catch (error) {
        if (this.finished) return;
        console.error('Could not store a received file', error);
        this.fail('storage-failed', 'storage-failed');
      }
    });
  }

  private syncPhase(): SyncPhase {
    if (this.plan.sizes.length === 0) return 'need-offer';
    if (!this.makeSink) return 'offered';
    return 'receiving';
  }

  protected rejoined(): void {
    // Everything before `expected` is opening, held in the batch or queued for writing, so the
    // sender goes on there.
    this.send({ type: 'sync', phase: this.syncPhase(), next: this.expected });
  }

  protected detached(): void {
    // Chunks in flight on the old connection are gone; the sender resends from our sync.
  }

  protected stopped(): void {
    if (this.getSnapshot().phase === 'done') return;
    // After the queued writes, so no write lands in a file that is being thrown away.
    void this.writing.then(() => {
      const sinks = [...this.sinks.values()];
      this.sinks.clear();
      return Promise.all(sinks.map((sink) => sink.abort().catch((error: unknown) => console.error(error))));
    });
  }
}
