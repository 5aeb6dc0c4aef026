// What can end a direct transfer, as codes the screens turn into sentences (p2p.errors.* in the
// translation files).

export type P2pErrorCode =
  /** Nobody is waiting under that link or code. */
  | 'peer-not-found'
  /** The other page was closed. */
  | 'peer-left'
  /** The connection dropped and did not come back within the grace period. */
  | 'connection-lost'
  /** The PeerJS signalling server cannot be reached. */
  | 'signalling-unreachable'
  /** No direct path between the two devices (a TURN server would help). */
  | 'connection-failed'
  /** This browser has no WebRTC (WebKitGTK, say), so it cannot send or receive directly at all. */
  | 'unsupported-browser'
  /** A box did not open, or a chunk was not the one expected: changed, replayed or reordered. */
  | 'decryption-failed'
  /** The link's key is not the sender's, or the typed-code key exchange was tampered with. */
  | 'wrong-key'
  /** The link has no key, or a malformed one. */
  | 'bad-link'
  /** The sender is already sending to another device. */
  | 'busy'
  /** The other side pressed Cancel. */
  | 'cancelled-by-peer'
  /** The sender could not read one of its files (moved, changed or deleted). */
  | 'read-failed'
  /** The receiver could not write (disk full, storage refused). */
  | 'storage-failed'
  /** The other page broke the protocol. */
  | 'unexpected';

export class P2pError extends Error {
  override readonly name = 'P2pError';
  constructor(
    readonly code: P2pErrorCode,
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
}
