// Nonces of every box in a session. Handshake and control boxes share one key (box.before of the two
// key pairs), so no two of them may share a nonce. Each such nonce spells out what it protects:
//
//   byte 0      direction: 1 sender -> receiver, 2 receiver -> sender
//   byte 1      kind: 0 handshake, 1 control message
//   bytes 2-5   epoch: 0 on the first connection, raised by each reconnection
//   bytes 6-9   zero
//   bytes 10-17 message counter
//   bytes 18-23 zero
//
// Handshake boxes (hello, rejoin) take random bytes after byte 1 instead: they come before any
// shared counter exists.
//
// File chunks travel under a key of their own (secure-link.ts), used for nothing else and in one
// direction only, with a 12-byte AES-GCM nonce: epoch (4 bytes), file index (4), chunk index (4).
// The receiver of a chunk does not read the nonce off the wire: it builds the one it expects next,
// so a chunk that was changed, replayed, reordered or carried over from an earlier connection
// cannot open.
import nacl from 'tweetnacl';

export const NONCE_LENGTH = nacl.box.nonceLength;

export const Direction = { senderToReceiver: 1, receiverToSender: 2 } as const;
export type Direction = (typeof Direction)[keyof typeof Direction];

const Kind = { handshake: 0, control: 1 } as const;

export function controlNonce(direction: Direction, epoch: number, counter: number): Uint8Array {
  const nonce = new Uint8Array(NONCE_LENGTH);
  const view = new DataView(nonce.buffer);
  nonce[0] = direction;
  nonce[1] = Kind.control;
  view.setUint32(2, epoch);
  view.setBigUint64(10, BigInt(counter));
  return nonce;
}

export const CHUNK_NONCE_LENGTH = 12;

export function chunkNonce(epoch: number, fileIndex: number, chunkIndex: number): Uint8Array<ArrayBuffer> {
  const nonce = new Uint8Array(CHUNK_NONCE_LENGTH);
  const view = new DataView(nonce.buffer);
  view.setUint32(0, epoch);
  view.setUint32(4, fileIndex);
  view.setUint32(8, chunkIndex);
  return nonce;
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
