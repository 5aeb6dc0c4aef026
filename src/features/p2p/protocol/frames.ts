// The binary frames of the data channel. Every frame starts with the protocol version and a type
// byte; what follows depends on the type. Only `refused` and the typed-code key exchange travel
// unboxed, and they carry nothing secret.
import { MAX_FRAME_SIZE, PROTOCOL_VERSION } from './constants';
import { NONCE_LENGTH } from './nonce';

export const KEY_LENGTH = 32;
const HASH_LENGTH = 32;

export const FrameType = {
  /** Link path, receiver -> sender: its public key and a box only the holder of the link's key opens. */
  hello: 0x01,
  /** Typed-code path, sender -> receiver: a hash committing to the sender's public key. */
  commit: 0x02,
  /** Typed-code path, receiver -> sender: the receiver's public key. */
  key: 0x03,
  /** Typed-code path, sender -> receiver: the public key the commitment promised. */
  reveal: 0x04,
  /** After a lost connection, dialer -> listener: its public key and a box under the session key. */
  rejoin: 0x05,
  /** Listener -> dialer: the connection is not taken; see RefusedReason. */
  refused: 0x06,
  /** A boxed control message (messages.ts) with its counter. */
  control: 0x10,
  /** A boxed slice of a file. */
  chunk: 0x11,
} as const;

export const RefusedReason = { wrongKey: 1, busy: 2, unexpected: 3 } as const;
export type RefusedReason = (typeof RefusedReason)[keyof typeof RefusedReason];

/** A hello or a rejoin: the dialer's public key and a box under the key it claims to share. */
export interface BoxedKeyFrame {
  type: 'hello' | 'rejoin';
  publicKey: Uint8Array;
  nonce: Uint8Array;
  box: Uint8Array;
}

export type Frame =
  | BoxedKeyFrame
  | { type: 'commit'; hash: Uint8Array }
  | { type: 'key' | 'reveal'; publicKey: Uint8Array }
  | { type: 'refused'; reason: RefusedReason }
  | { type: 'control'; counter: number; box: Uint8Array }
  | { type: 'chunk'; fileIndex: number; chunkIndex: number; box: Uint8Array };

const HEADER = 2;

function frame(type: number, size: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(HEADER + size);
  bytes[0] = PROTOCOL_VERSION;
  bytes[1] = type;
  return { bytes, view: new DataView(bytes.buffer) };
}

export function encodeFrame(value: Frame): Uint8Array {
  switch (value.type) {
    case 'hello':
    case 'rejoin': {
      const { bytes } = frame(FrameType[value.type], KEY_LENGTH + NONCE_LENGTH + value.box.length);
      bytes.set(value.publicKey, HEADER);
      bytes.set(value.nonce, HEADER + KEY_LENGTH);
      bytes.set(value.box, HEADER + KEY_LENGTH + NONCE_LENGTH);
      return bytes;
    }
    case 'commit': {
      const { bytes } = frame(FrameType.commit, HASH_LENGTH);
      bytes.set(value.hash, HEADER);
      return bytes;
    }
    case 'key':
    case 'reveal': {
      const { bytes } = frame(FrameType[value.type], KEY_LENGTH);
      bytes.set(value.publicKey, HEADER);
      return bytes;
    }
    case 'refused': {
      const { bytes } = frame(FrameType.refused, 1);
      bytes[HEADER] = value.reason;
      return bytes;
    }
    case 'control': {
      const { bytes, view } = frame(FrameType.control, 8 + value.box.length);
      view.setBigUint64(HEADER, BigInt(value.counter));
      bytes.set(value.box, HEADER + 8);
      return bytes;
    }
    case 'chunk': {
      const { bytes, view } = frame(FrameType.chunk, 8 + value.box.length);
      view.setUint32(HEADER, value.fileIndex);
      view.setUint32(HEADER + 4, value.chunkIndex);
      bytes.set(value.box, HEADER + 8);
      return bytes;
    }
  }
}

/** Thrown for bytes that are no frame of ours (wrong version, unknown type, wrong length). */
export class FrameError extends Error {
  override readonly name = 'FrameError';
}

/** Reads a frame; the boxes it returns are views into `bytes`, not copies. */
export function decodeFrame(bytes: Uint8Array): Frame {
  if (bytes.length < HEADER || bytes.length > MAX_FRAME_SIZE) throw new FrameError('Bad frame length');
  if (bytes[0] !== PROTOCOL_VERSION) throw new FrameError(`Unsupported protocol version ${bytes[0]}`);
  const body = bytes.subarray(HEADER);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const exactly = (length: number) => {
    if (body.length !== length) throw new FrameError('Bad frame length');
  };
  const atLeast = (length: number) => {
    if (body.length < length) throw new FrameError('Bad frame length');
  };
  switch (bytes[1]) {
    case FrameType.hello:
    case FrameType.rejoin:
      atLeast(KEY_LENGTH + NONCE_LENGTH + 16);
      return {
        type: bytes[1] === FrameType.hello ? 'hello' : 'rejoin',
        publicKey: body.subarray(0, KEY_LENGTH),
        nonce: body.subarray(KEY_LENGTH, KEY_LENGTH + NONCE_LENGTH),
        box: body.subarray(KEY_LENGTH + NONCE_LENGTH),
      };
    case FrameType.commit:
      exactly(HASH_LENGTH);
      return { type: 'commit', hash: body };
    case FrameType.key:
    case FrameType.reveal:
      exactly(KEY_LENGTH);
      return { type: bytes[1] === FrameType.key ? 'key' : 'reveal', publicKey: body };
    case FrameType.refused: {
      exactly(1);
      const reason = body[0];
      if (reason !== RefusedReason.wrongKey && reason !== RefusedReason.busy && reason !== RefusedReason.unexpected) {
        throw new FrameError('Unknown refusal');
      }
      return { type: 'refused', reason };
    }
    case FrameType.control: {
      atLeast(8 + 16);
      const counter = view.getBigUint64(0);
      if (counter > BigInt(Number.MAX_SAFE_INTEGER)) throw new FrameError('Counter out of range');
      return { type: 'control', counter: Number(counter), box: body.subarray(8) };
    }
    case FrameType.chunk:
      atLeast(8 + 16);
      return { type: 'chunk', fileIndex: view.getUint32(0), chunkIndex: view.getUint32(4), box: body.subarray(8) };
    default:
      throw new FrameError(`Unknown frame type ${bytes[1]}`);
  }
}
