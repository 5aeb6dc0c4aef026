// Nonces of every box in a session. All boxes of a session share one key (box.before of the two key
// pairs), so no two may share a nonce. Each nonce spells out what it protects:
//
//   byte 0      direction: 1 sender -> receiver, 2 receiver -> sender
//   byte 1      kind: 0 handshake, 1 control message, 2 file chunk
//   bytes 2-5   epoch: 0 on the first connection, raised by each reconnection
//   bytes 6-9   file index (chunks) or 0
//   bytes 10-17 chunk index (chunks) or message counter (control messages)
//   bytes 18-23 zero
//
// Handshake boxes (hello, rejoin) take random bytes after byte 1 instead: they come before any
// shared counter exists. The receiver of a chunk does not read the nonce off the wire: it builds the
// one it expects next, so a chunk that was changed, replayed, reordered or carried over from an
// earlier connection cannot open.
import nacl from 'tweetnacl';

export const NONCE_LENGTH = nacl.box.nonceLength;

export const Direction = { senderToReceiver: 1, receiverToSender: 2 } as const;
export type Direction = (typeof Direction)[keyof typeof Direction];

const Kind = { handshake: 0, control: 1, chunk: 2 } as const;

function structured(direction: Direction, kind: number, epoch: number, file: number, index: number): Uint8Array {
  const nonce = new Uint8Array(NONCE_LENGTH);
  const view = new DataView(nonce.buffer);
  nonce[0] = direction;
  nonce[1] = kind;
  view.setUint32(2, epoch);
  view.setUint32(6, file);
  view.setBigUint64(10, BigInt(index));
  return nonce;
}

export function controlNonce(direction: Direction, epoch: number, counter: number): Uint8Array {
  return structured(direction, Kind.control, epoch, 0, counter);
}

export function chunkNonce(epoch: number, fileIndex: number, chunkIndex: number): Uint8Array {
  return structured(Direction.senderToReceiver, Kind.chunk, epoch, fileIndex, chunkIndex);
}

/** A fresh random nonce for a handshake box, marked so it can never equal a counted one. */
export function handshakeNonce(direction: Direction): Uint8Array {
  const nonce = nacl.randomBytes(NONCE_LENGTH);
  nonce[0] = direction;
  nonce[1] = Kind.handshake;
  return nonce;
}

/** True when a nonce received in a handshake frame has the handshake marks for `direction`. */
export function isHandshakeNonce(nonce: Uint8Array, direction: Direction): boolean {
  return nonce.length === NONCE_LENGTH && nonce[0] === direction && nonce[1] === Kind.handshake;
}
