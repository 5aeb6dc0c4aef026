// @vitest-environment node
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { commitment, keepsCommitment, newKeyPair, openHandshake, safetyCode, sealHandshake, sharedKey } from './crypto';
import { decodeFrame } from './frames';
import { chunkNonce, controlNonce, Direction, handshakeNonce } from './nonce';
import { IntegrityError, SecureLink } from './secure-link';

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
  it('of handshake and control boxes differ by direction, kind, epoch and counter', () => {
    const all = [
      controlNonce(Direction.senderToReceiver, 0, 0),
      controlNonce(Direction.receiverToSender, 0, 0),
      controlNonce(Direction.senderToReceiver, 1, 0),
      controlNonce(Direction.senderToReceiver, 0, 1),
      controlNonce(Direction.senderToReceiver, 0, 2 ** 40),
      handshakeNonce(Direction.senderToReceiver),
      handshakeNonce(Direction.senderToReceiver),
    ].map((nonce) => Buffer.from(nonce).toString('hex'));
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((hex) => hex.length === 48)).toBe(true);
  });

  it('of chunks differ by epoch, file and index', () => {
    const all = [
      chunkNonce(0, 0, 0),
      chunkNonce(1, 0, 0),
      chunkNonce(0, 1, 0),
      chunkNonce(0, 0, 1),
      chunkNonce(0, 0, 2 ** 32 - 1),
      chunkNonce(2 ** 32 - 1, 0, 0),
    ].map((nonce) => Buffer.from(nonce).toString('hex'));
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((hex) => hex.length === 24)).toBe(true);
  });
});

describe('chunk boxes', () => {
  const key = sharedKey(newKeyPair().publicKey, newKeyPair());
  const data = nacl.randomBytes(1000);

  async function sealed(link = new SecureLink(key, 'sender')) {
    const frame = decodeFrame(await link.sealChunk(0, 3, data));
    if (frame.type !== 'chunk') throw new Error('not a chunk');
    return frame;
  }

  it('open under the same key, file, index and epoch', async () => {
    expect(await new SecureLink(key, 'receiver').openChunk(await sealed(), 0, 3)).toEqual(data);
  });

  it('refuse a changed byte, another index, another epoch or another key', async () => {
    const changed = await sealed();
    changed.box[10]! ^= 1;
    await expect(new SecureLink(key, 'receiver').openChunk(changed, 0, 3)).rejects.toThrow(IntegrityError);
    expect(() =>
      new SecureLink(key, 'receiver').openChunk({ ...(changed as object), chunkIndex: 4 } as never, 0, 3),
    ).toThrow(IntegrityError);
    const later = new SecureLink(key, 'receiver');
    later.setEpoch(1);
    await expect(later.openChunk(await sealed(), 0, 3)).rejects.toThrow(IntegrityError);
    const stranger = new SecureLink(sharedKey(newKeyPair().publicKey, newKeyPair()), 'receiver');
    await expect(stranger.openChunk(await sealed(), 0, 3)).rejects.toThrow(IntegrityError);
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
