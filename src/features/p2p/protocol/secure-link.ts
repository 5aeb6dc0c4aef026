// The boxes of an established session, with the nonce scheme of nonce.ts. Control messages are
// tweetnacl boxes under the shared key; a control message must carry a higher counter than the last
// one opened (no replays). File chunks are AES-256-GCM under a key derived from the shared key for
// chunks alone (HKDF-SHA-256): the browser's own AES runs natively and off the page's thread, where
// tweetnacl's XSalsa20-Poly1305 in JavaScript cost both pages 6 to 12 ms of their thread per chunk
// (bench/p2p.ts). A chunk must be exactly the one expected next.
import nacl from 'tweetnacl';
import { encodeFrame, type Frame } from './frames';
import { parseControl, type ControlMessage } from './messages';
import { chunkNonce, controlNonce, Direction } from './nonce';

/** Separates the chunk key from every other use of the shared key. */
const CHUNK_KEY_INFO = 'ulak-p2p file chunks v2';

export type Role = 'sender' | 'receiver';

/** A box that did not open, or a frame that was not the one expected: the session must stop. */
export class IntegrityError extends Error {
  override readonly name = 'IntegrityError';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function deriveChunkKey(shared: Uint8Array): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', shared as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(CHUNK_KEY_INFO) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export class SecureLink {
  /** Raised by each reconnection; part of every nonce, so nothing from an earlier connection opens. */
  private epochValue = 0;
  private sent = 0;
  private lastOpened = -1;
  private readonly outgoing: Direction;
  private readonly incoming: Direction;
  private chunkKeyValue: Promise<CryptoKey> | undefined;

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

  /** Derived once, on first use (only the sender and the receiver of chunks need it). */
  private get chunkKey(): Promise<CryptoKey> {
    return (this.chunkKeyValue ??= deriveChunkKey(this.key));
  }

  /** The chunk's frame; sealed under the epoch of the moment it is called. */
  async sealChunk(fileIndex: number, chunkIndex: number, data: Uint8Array): Promise<Uint8Array> {
    const iv = chunkNonce(this.epochValue, fileIndex, chunkIndex);
    const box = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await this.chunkKey,
      data as Uint8Array<ArrayBuffer>,
    );
    return encodeFrame({ type: 'chunk', fileIndex, chunkIndex, box: new Uint8Array(box) });
  }

  /**
   * The plaintext of the chunk expected next. Throws IntegrityError at once when this frame is
   * another chunk; the promise rejects with IntegrityError when the chunk does not open. The nonce
   * is fixed by the epoch of the moment it is called.
   */
  openChunk(frame: Extract<Frame, { type: 'chunk' }>, fileIndex: number, chunkIndex: number): Promise<Uint8Array> {
    if (frame.fileIndex !== fileIndex || frame.chunkIndex !== chunkIndex) {
      throw new IntegrityError('Chunk out of order');
    }
    const iv = chunkNonce(this.epochValue, fileIndex, chunkIndex);
    return this.chunkKey
      .then((key) => crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, frame.box as Uint8Array<ArrayBuffer>))
      .then(
        (plain) => new Uint8Array(plain),
        (error: unknown) => {
          // WebCrypto says OperationError for a chunk whose tag does not match.
          throw error instanceof DOMException ? new IntegrityError('Chunk did not open') : error;
        },
      );
  }
}
