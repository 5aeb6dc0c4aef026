// @vitest-environment node
// Whole transfers between a SenderSession and a ReceiverSession over in-memory channels: the
// handshakes of both paths, the files arriving byte for byte, and every way the protocol must
// refuse (wrong key, busy, changed or replayed chunks and messages, a man in the middle).
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_SIZE, WINDOW_CHUNKS } from './constants';
import { commitment, newKeyPair, type KeyPair } from './crypto';
import { decodeFrame, encodeFrame } from './frames';
import { ReceiverSession, type FileSink, type SinkFactory } from './receiver-session';
import { SenderSession, type SourceFile } from './sender-session';
import type { ReceivedFile, SessionCore, SessionSnapshot } from './session-core';
import { channelPair, type TestChannel } from '@/test/p2p-test-channel';

function bytes(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

function source(path: string, data: Uint8Array<ArrayBuffer>): SourceFile {
  return { blob: new Blob([data]), path, type: 'application/octet-stream' };
}

/** Sinks that keep the bytes in memory and record what happened to each file. */
function memorySinks(options: { writeDelay?: () => Promise<void> } = {}) {
  const aborted: number[] = [];
  const factory: SinkFactory = async (_file, index) => {
    const parts: Uint8Array<ArrayBuffer>[] = [];
    const sink: FileSink = {
      async write(data) {
        await options.writeDelay?.();
        parts.push(...data.map((part) => new Uint8Array(part)));
      },
      async close(): Promise<ReceivedFile> {
        return { kind: 'stored', blob: new Blob(parts), discard: async () => {} };
      },
      async abort() {
        aborted.push(index);
      },
    };
    return sink;
  };
  return { factory, aborted };
}

/** SHA-256 of what was received (comparing megabytes with toEqual takes vitest seconds). */
async function digestOf(file: ReceivedFile | undefined): Promise<string> {
  if (file?.kind !== 'stored') throw new Error('no stored file');
  return sha256(new Uint8Array(await file.blob.arrayBuffer()));
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function until(session: SessionCore, check: (snapshot: SessionSnapshot) => boolean): Promise<SessionSnapshot> {
  return vi.waitFor(
    () => {
      const snapshot = session.getSnapshot();
      if (!check(snapshot)) throw new Error(`still ${snapshot.phase}`);
      return snapshot;
    },
    { timeout: 20_000, interval: 5 },
  );
}

const phase = (session: SessionCore, wanted: SessionSnapshot['phase']) => until(session, (s) => s.phase === wanted);

/** Wires a channel pair between a dialing and a listening session, as the PeerJS glue does. */
function connect(dialing: SessionCore, listening: SessionCore): { dialer: TestChannel; listener: TestChannel } {
  const pair = channelPair();
  pair.dialer.onFrame = (channel, frame) => dialing.receive(channel, frame);
  pair.listener.onFrame = (channel, frame) => listening.receive(channel, frame);
  pair.dialer.onClose = (channel) => dialing.channelClosed(channel);
  pair.listener.onClose = (channel) => listening.channelClosed(channel);
  dialing.dialed(pair.dialer);
  return pair;
}

function linkPair(files: SourceFile[], senderKeys: KeyPair = newKeyPair(), fragmentKey = senderKeys.publicKey) {
  const sender = new SenderSession({ mode: 'link', files: () => files, keys: senderKeys });
  const receiver = new ReceiverSession({ mode: 'link', senderPublicKey: fragmentKey });
  return { sender, receiver };
}

/** Both pages show the safety code; the sender's person compares it and confirms: the offer goes out. */
async function confirmed(sender: SenderSession, receiver: ReceiverSession): Promise<SessionSnapshot> {
  await phase(sender, 'comparing');
  sender.confirm();
  return phase(receiver, 'offered');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('link path', () => {
  it('delivers a folder byte for byte, empty files included, and both pages show one safety code', async () => {
    const big = bytes(3 * CHUNK_SIZE + 1234, 1);
    const small = bytes(1000, 2);
    const files = [source('photos/big.bin', big), source('photos/empty.txt', new Uint8Array()), source('a.txt', small)];
    const { sender, receiver } = linkPair(files);
    connect(receiver, sender);
    const offered = await confirmed(sender, receiver);
    expect(offered.files).toEqual([
      { path: 'photos/big.bin', size: big.length, type: 'application/octet-stream' },
      { path: 'photos/empty.txt', size: 0, type: 'application/octet-stream' },
      { path: 'a.txt', size: 1000, type: 'application/octet-stream' },
    ]);
    expect(offered.safetyCode).toMatch(/^\d{3} \d{3}$/);
    expect(sender.getSnapshot().safetyCode).toBe(offered.safetyCode);

    receiver.accept(memorySinks().factory);
    const done = await phase(receiver, 'done');
    await phase(sender, 'done');
    expect(await digestOf(done.received[0])).toBe(sha256(big));
    expect(await digestOf(done.received[1])).toBe(sha256(new Uint8Array()));
    expect(await digestOf(done.received[2])).toBe(sha256(small));
    expect(done.bytesDone).toBe(done.totalBytes);
    expect(sender.getSnapshot().bytesDone).toBe(done.totalBytes);
  });

  it('both pages compare one safety code, and nothing about the files goes out before the sender confirms', async () => {
    const files = [source('secret-plans.pdf', bytes(10, 15))];
    const { sender, receiver } = linkPair(files);
    const pair = connect(receiver, sender);
    const comparing = await phase(receiver, 'comparing');
    expect((await phase(sender, 'comparing')).safetyCode).toBe(comparing.safetyCode);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.getSnapshot()).toMatchObject({ phase: 'comparing', files: [] });
    // One control message so far: 'ready', which names no file.
    expect(pair.listener.sent.filter((frame) => decodeFrame(frame).type === 'control')).toHaveLength(1);
    sender.confirm();
    expect((await phase(receiver, 'offered')).files.map((file) => file.path)).toEqual(['secret-plans.pdf']);
  });

  it('refuses a page whose link carries another key, and still serves the right one', async () => {
    const files = [source('a.txt', bytes(10, 3))];
    const senderKeys = newKeyPair();
    const { sender, receiver: impostor } = linkPair(files, senderKeys, newKeyPair().publicKey);
    connect(impostor, sender);
    expect((await phase(impostor, 'failed')).error).toBe('wrong-key');
    expect(sender.getSnapshot()).toMatchObject({ phase: 'waiting', refused: 1 });

    const receiver = new ReceiverSession({ mode: 'link', senderPublicKey: senderKeys.publicKey });
    connect(receiver, sender);
    await confirmed(sender, receiver);
  });

  it('sends nothing about the files before a hello opens', async () => {
    const files = [source('secret-plans.pdf', bytes(10, 4))];
    const { sender, receiver } = linkPair(files, newKeyPair(), newKeyPair().publicKey);
    const pair = connect(receiver, sender);
    await phase(receiver, 'failed');
    expect(pair.listener.sent.map((frame) => decodeFrame(frame).type)).toEqual(['refused']);
  });

  it('turns a second receiver away while the first is served', async () => {
    const keys = newKeyPair();
    const { sender, receiver } = linkPair([source('a.txt', bytes(10, 5))], keys);
    connect(receiver, sender);
    await confirmed(sender, receiver);
    const second = new ReceiverSession({ mode: 'link', senderPublicKey: keys.publicKey });
    connect(second, sender);
    expect((await phase(second, 'failed')).error).toBe('busy');
    expect(receiver.getSnapshot().phase).toBe('offered');
  });

  it('stops with decryption-failed when a chunk was changed on the way, and keeps no part of the file', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes(12 * CHUNK_SIZE, 6))]);
    const pair = connect(receiver, sender);
    pair.listener.intercept = (frame) => {
      const decoded = decodeFrame(frame);
      // Chunk 10: the first batch of the file is already written, and must go too.
      if (decoded.type === 'chunk' && decoded.chunkIndex === 10) frame[frame.length - 5]! ^= 0x01;
      return frame;
    };
    await confirmed(sender, receiver);
    const sinks = memorySinks();
    receiver.accept(sinks.factory);
    expect((await phase(receiver, 'failed')).error).toBe('decryption-failed');
    expect((await phase(sender, 'failed')).error).toBe('decryption-failed');
    await vi.waitFor(() => expect(sinks.aborted).toEqual([0]));
    expect(receiver.getSnapshot().received).toEqual([undefined]);
  });

  it('stops with decryption-failed when a chunk is replayed', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes(3 * CHUNK_SIZE, 7))]);
    const pair = connect(receiver, sender);
    let first: Uint8Array | undefined;
    pair.listener.intercept = (frame) => {
      if (decodeFrame(frame).type !== 'chunk') return frame;
      if (!first) first = frame;
      // The second chunk is replaced by the first one again.
      else if (frame !== first && pair.listener.sent.filter((f) => decodeFrame(f).type === 'chunk').length === 2) {
        return first;
      }
      return frame;
    };
    await confirmed(sender, receiver);
    receiver.accept(memorySinks().factory);
    expect((await phase(receiver, 'failed')).error).toBe('decryption-failed');
  });

  it('stops with decryption-failed when a control message is replayed', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes(10, 8))]);
    const pair = connect(receiver, sender);
    await confirmed(sender, receiver);
    const offer = pair.listener.sent.find((frame) => decodeFrame(frame).type === 'control');
    pair.listener.send(offer!);
    expect((await phase(receiver, 'failed')).error).toBe('decryption-failed');
  });

  it('reconnects after a lost connection and goes on from the last chunk it had, not from the start', async () => {
    const data = bytes(40 * CHUNK_SIZE + 17, 9);
    const { sender, receiver } = linkPair([source('big.bin', data)]);
    const first = connect(receiver, sender);
    await confirmed(sender, receiver);
    let cut = false;
    receiver.accept(
      memorySinks({
        writeDelay: async () => {
          // Cut the connection once, when a third of the file is written.
          if (!cut && receiver.getSnapshot().bytesDone > data.length / 3) {
            cut = true;
            first.dialer.close();
          }
        },
      }).factory,
    );
    await phase(receiver, 'reconnecting');
    await phase(sender, 'reconnecting');
    const second = connect(receiver, sender);
    const done = await phase(receiver, 'done');
    await phase(sender, 'done');
    expect(await digestOf(done.received[0])).toBe(sha256(data));
    const chunksSent = (channel: TestChannel) => channel.sent.filter((frame) => decodeFrame(frame).type === 'chunk');
    const total = chunksSent(first.listener).length + chunksSent(second.listener).length;
    // Only what was in flight when the connection dropped is sent twice: at most one window.
    expect(total).toBeGreaterThanOrEqual(41);
    expect(total).toBeLessThanOrEqual(41 + WINDOW_CHUNKS);
    expect(chunksSent(second.listener).length).toBeLessThan(41);
  });

  it('turns away a replayed rejoin, so nobody can take over the session with old frames', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes(10, 10))]);
    const first = connect(receiver, sender);
    await confirmed(sender, receiver);
    first.dialer.close();
    await phase(sender, 'reconnecting');
    const second = connect(receiver, sender);
    await phase(sender, 'offered');
    const rejoin = second.dialer.sent[0]!;
    expect(decodeFrame(rejoin).type).toBe('rejoin');
    // An attacker opens a third connection and plays the recorded rejoin again.
    const third = channelPair();
    const replies: string[] = [];
    third.dialer.onFrame = (_channel, frame) => replies.push(decodeFrame(frame).type);
    third.listener.onFrame = (channel, frame) => sender.receive(channel, frame);
    third.dialer.send(rejoin);
    await vi.waitFor(() => expect(replies).toEqual(['refused']));
    expect(sender.getSnapshot().phase).toBe('offered');
  });

  it('keeps at most one window of chunks unwritten at the receiver, however slow its disk', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes((WINDOW_CHUNKS + 20) * CHUNK_SIZE, 11))]);
    const pair = connect(receiver, sender);
    await confirmed(sender, receiver);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    receiver.accept(memorySinks({ writeDelay: () => gate }).factory);
    await vi.waitFor(() =>
      expect(pair.listener.sent.filter((f) => decodeFrame(f).type === 'chunk').length).toBe(WINDOW_CHUNKS),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pair.listener.sent.filter((f) => decodeFrame(f).type === 'chunk').length).toBe(WINDOW_CHUNKS);
    release();
    await phase(receiver, 'done');
  });

  it('either side can cancel, and the other is told', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes(10, 12))]);
    connect(receiver, sender);
    await confirmed(sender, receiver);
    sender.cancel();
    expect(sender.getSnapshot().phase).toBe('cancelled');
    expect((await phase(receiver, 'failed')).error).toBe('cancelled-by-peer');
  });

  it('a closing page says goodbye, and the other says it left', async () => {
    const { sender, receiver } = linkPair([source('a.bin', bytes(10, 13))]);
    connect(receiver, sender);
    await confirmed(sender, receiver);
    receiver.leave();
    expect((await phase(sender, 'failed')).error).toBe('peer-left');
  });

  it('the sender answers only for chunks of its offer', async () => {
    const keys = newKeyPair();
    const { sender, receiver } = linkPair([source('a.bin', bytes(10, 14))], keys);
    const pair = connect(receiver, sender);
    await confirmed(sender, receiver);
    // A receiver that asks to resume past the end of the offer.
    const link = (receiver as unknown as { link: { sealControl(m: object): Uint8Array } }).link;
    pair.dialer.send(link.sealControl({ type: 'sync', phase: 'receiving', next: 99 }));
    expect((await phase(sender, 'failed')).error).toBe('unexpected');
  });
});

describe('typed-code path', () => {
  function codePair(files: SourceFile[]) {
    const sender = new SenderSession({ mode: 'code', files: () => files });
    const receiver = new ReceiverSession({ mode: 'code' });
    return { sender, receiver };
  }

  it('agrees keys with a commitment, waits for the sender to confirm the codes, then transfers', async () => {
    const data = bytes(CHUNK_SIZE + 5, 20);
    const { sender, receiver } = codePair([source('x.bin', data)]);
    const pair = connect(sender, receiver);
    const comparing = await phase(sender, 'comparing');
    expect((await phase(receiver, 'comparing')).safetyCode).toBe(comparing.safetyCode);
    // Nothing about the files before the person confirms.
    expect(pair.dialer.sent.map((frame) => decodeFrame(frame).type)).toEqual(['commit', 'reveal']);
    sender.confirm();
    await phase(receiver, 'offered');
    receiver.accept(memorySinks().factory);
    expect(await digestOf((await phase(receiver, 'done')).received[0])).toBe(sha256(data));
  });

  it('refuses a revealed key that breaks the commitment', async () => {
    const receiver = new ReceiverSession({ mode: 'code' });
    const { dialer, listener } = channelPair();
    listener.onFrame = (channel, frame) => receiver.receive(channel, frame);
    dialer.send(encodeFrame({ type: 'commit', hash: commitment(newKeyPair().publicKey) }));
    await phase(receiver, 'connecting');
    dialer.send(encodeFrame({ type: 'reveal', publicKey: newKeyPair().publicKey }));
    expect((await phase(receiver, 'failed')).error).toBe('wrong-key');
  });

  it('a man in the middle who swaps keys makes the two safety codes differ', async () => {
    const { sender, receiver } = codePair([source('x.bin', bytes(10, 21))]);
    // The attacker runs a receiver towards the sender and a sender towards the receiver.
    const fakeReceiver = new ReceiverSession({ mode: 'code' });
    const fakeSender = new SenderSession({ mode: 'code', files: () => [] });
    connect(sender, fakeReceiver);
    connect(fakeSender, receiver);
    const a = await phase(sender, 'comparing');
    const b = await phase(receiver, 'comparing');
    expect(a.safetyCode).not.toBe(b.safetyCode);
  });
});
