// @vitest-environment node
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { commitment, keepsCommitment, newKeyPair, openHandshake, safetyCode, sealHandshake, sharedKey } from './crypto';
import { chunkNonce, controlNonce, Direction, handshakeNonce } from './nonce';

describe('key agreement', () => {
  it('both sides derive the same key, and a third party another', () => {
    const a = newKeyPair();
    const b = newKeyPair();
    expect(sharedKey(b.publicKey, a)).toEqual(sharedKey(a.publicKey, b));
    expect(sharedKey(newKeyPair().publicKey, a)).not.toEqual(sharedKey(b.publicKey, a));
  });

  it('a handshake box opens only under the same key and direction', () => {
    const key = sharedKey(newKeyPair().publicKey, newKeyPair());
    const { nonce, box } = sealHandshake({ hello: 1 }, key, Direction.receiverToSender);
    expect(openHandshake(box, nonce, key, Direction.receiverToSender)).toEqual({ hello: 1 });
    expect(openHandshake(box, nonce, key, Direction.senderToReceiver)).toBeNull();
    expect(openHandshake(box, nonce, nacl.randomBytes(32), Direction.receiverToSender)).toBeNull();
    box[0]! ^= 1;
    expect(openHandshake(box, nonce, key, Direction.receiverToSender)).toBeNull();
  });
});

describe('nonces', () => {
  it('differ by direction, kind, epoch, file and index', () => {
    const all = [
      controlNonce(Direction.senderToReceiver, 0, 0),
      controlNonce(Direction.receiverToSender, 0, 0),
      controlNonce(Direction.senderToReceiver, 1, 0),
      controlNonce(Direction.senderToReceiver, 0, 1),
      chunkNonce(0, 0, 0),
      chunkNonce(1, 0, 0),
      chunkNonce(0, 1, 0),
      chunkNonce(0, 0, 1),
      chunkNonce(0, 0, 2 ** 40),
      handshakeNonce(Direction.senderToReceiver),
      handshakeNonce(Direction.senderToReceiver),
    ].map((nonce) => Buffer.from(nonce).toString('hex'));
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((hex) => hex.length === 48)).toBe(true);
  });
});

describe('commitment and safety code', () => {
  it('a commitment is kept only by the key it was made for', () => {
    const key = newKeyPair().publicKey;
    expect(keepsCommitment(key, commitment(key))).toBe(true);
    expect(keepsCommitment(newKeyPair().publicKey, commitment(key))).toBe(false);
  });

  it('is six digits, the same for the same keys, and depends on both keys and their order', () => {
    const sender = newKeyPair().publicKey;
    const receiver = newKeyPair().publicKey;
    const code = safetyCode(sender, receiver);
    expect(code).toMatch(/^\d{3} \d{3}$/);
    expect(safetyCode(sender, receiver)).toBe(code);
    expect(safetyCode(receiver, sender)).not.toBe(code);
    expect(safetyCode(sender, newKeyPair().publicKey)).not.toBe(code);
  });
});
