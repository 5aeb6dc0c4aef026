// The key exchange of a direct transfer. Each page makes a fresh X25519 key pair (tweetnacl's box)
// for each session; secret keys never leave the page. Both sides derive one shared key with
// box.before, and every later box (control messages, file chunks) is box.after under it.
import nacl from 'tweetnacl';
import { concatBytes, equalBytes } from './encoding';
import { KEY_LENGTH } from './frames';
import type { Direction } from './nonce';
import { handshakeNonce, isHandshakeNonce } from './nonce';

export interface KeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

export function newKeyPair(): KeyPair {
  return nacl.box.keyPair();
}

export function sharedKey(theirPublicKey: Uint8Array, ours: KeyPair): Uint8Array {
  return nacl.box.before(theirPublicKey, ours.secretKey);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function labelled(label: string, ...parts: Uint8Array[]): Uint8Array {
  return concatBytes([encoder.encode(label), ...parts]);
}

/** A JSON value boxed under `key` with a fresh handshake nonce, for the hello and rejoin frames. */
export function sealHandshake(
  payload: unknown,
  key: Uint8Array,
  direction: Direction,
): { nonce: Uint8Array; box: Uint8Array } {
  const nonce = handshakeNonce(direction);
  return { nonce, box: nacl.box.after(encoder.encode(JSON.stringify(payload)), nonce, key) };
}

/** The JSON value of a handshake box, or null when it does not open under `key` (wrong key, changed bytes). */
export function openHandshake(box: Uint8Array, nonce: Uint8Array, key: Uint8Array, direction: Direction): unknown {
  if (!isHandshakeNonce(nonce, direction)) return null;
  const plain = nacl.box.open.after(box, nonce, key);
  if (plain === null) return null;
  try {
    return JSON.parse(decoder.decode(plain)) as unknown;
  } catch {
    return null;
  }
}

/**
 * The typed-code path's commitment: the sender sends this hash of its public key before it sees
 * the receiver's, and reveals the key only after. Whoever sits in the middle must fix its own keys
 * before it can know both real ones, so it cannot search for keys that make the two safety codes
 * agree: it gets one guess in a million (the code's six digits).
 */
export function commitment(publicKey: Uint8Array): Uint8Array {
  return nacl.hash(labelled('ulak-p2p commitment v1', publicKey)).subarray(0, 32);
}

export function keepsCommitment(publicKey: Uint8Array, commit: Uint8Array): boolean {
  return publicKey.length === KEY_LENGTH && equalBytes(commitment(publicKey), commit);
}

/**
 * The safety code both pages show: six digits from a hash of both public keys, sender's first.
 * Equal codes mean both pages hold each other's real keys. 48 bits of the hash reduced mod 10^6:
 * the bias is below 10^-8.
 */
export function safetyCode(senderPublicKey: Uint8Array, receiverPublicKey: Uint8Array): string {
  const hash = nacl.hash(labelled('ulak-p2p safety code v1', senderPublicKey, receiverPublicKey));
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + (hash[i] ?? 0);
  const digits = String(value % 1_000_000).padStart(6, '0');
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}
