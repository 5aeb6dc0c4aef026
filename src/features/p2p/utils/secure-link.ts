// The boxes of an established session: control messages and file chunks under the shared key, with
// the nonce scheme of nonce.ts. A control message must carry a higher counter than the last one
// opened (no replays); a chunk must be exactly the one expected next.
import nacl from 'tweetnacl';
import { encodeFrame, type Frame } from './frames';
import { parseControl, type ControlMessage } from './messages';
import { chunkNonce, controlNonce, Direction } from './nonce';

export type Role = 'sender' | 'receiver';

/** A box that did not open, or a frame that was not the one expected: the session must stop. */
export class IntegrityError extends Error {
  override readonly name = 'IntegrityError';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class SecureLink {
  /** Raised by each reconnection; part of every nonce, so nothing from an earlier connection opens. */
  private epochValue = 0;
  private sent = 0;
  private lastOpened = -1;
  private readonly outgoing: Direction;
  private readonly incoming: Direction;

  constructor(
    readonly key: Uint8Array,
    readonly role: Role,
  ) {
    this.outgoing = role === 'sender' ? Direction.senderToReceiver : Direction.receiverToSender;
    this.incoming = role === 'sender' ? Direction.receiverToSender : Direction.senderToReceiver;
  }

  get epoch(): number {
    return this.epochValue;
  }

  /** Moves to a new connection's epoch; epochs only go up. */
  setEpoch(epoch: number): void {
    if (!Number.isSafeInteger(epoch) || epoch <= this.epochValue || epoch > 0xffffffff) {
      throw new IntegrityError('Epochs only go up');
    }
    this.epochValue = epoch;
  }

  get outgoingDirection(): Direction {
    return this.outgoing;
  }

  get incomingDirection(): Direction {
    return this.incoming;
  }

  sealControl(message: ControlMessage): Uint8Array {
    const counter = this.sent++;
    const nonce = controlNonce(this.outgoing, this.epochValue, counter);
    const box = nacl.box.after(encoder.encode(JSON.stringify(message)), nonce, this.key);
    return encodeFrame({ type: 'control', counter, box });
  }

  /** Opens a control frame. @throws IntegrityError for a replayed or changed one, MessageError for a malformed message. */
  openControl(frame: Extract<Frame, { type: 'control' }>): ControlMessage {
    if (frame.counter <= this.lastOpened) throw new IntegrityError('Replayed control message');
    const plain = nacl.box.open.after(frame.box, controlNonce(this.incoming, this.epochValue, frame.counter), this.key);
    if (plain === null) throw new IntegrityError('Control message did not open');
    this.lastOpened = frame.counter;
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(plain));
    } catch {
      throw new IntegrityError('Control message is not JSON');
    }
    return parseControl(value);
  }

  sealChunk(fileIndex: number, chunkIndex: number, data: Uint8Array): Uint8Array {
    const box = nacl.box.after(data, chunkNonce(this.epochValue, fileIndex, chunkIndex), this.key);
    return encodeFrame({ type: 'chunk', fileIndex, chunkIndex, box });
  }

  /** The plaintext of the chunk expected next, or IntegrityError when this frame is anything else. */
  openChunk(frame: Extract<Frame, { type: 'chunk' }>, fileIndex: number, chunkIndex: number): Uint8Array {
    if (frame.fileIndex !== fileIndex || frame.chunkIndex !== chunkIndex) {
      throw new IntegrityError('Chunk out of order');
    }
    const plain = nacl.box.open.after(frame.box, chunkNonce(this.epochValue, fileIndex, chunkIndex), this.key);
    if (plain === null) throw new IntegrityError('Chunk did not open');
    return plain;
  }
}
