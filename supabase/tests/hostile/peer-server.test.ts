// @vitest-environment node
// The PeerJS signalling server of the real host (`npm start`'s program) under hostile traffic, with
// the `ws` package as the attacker: what a page waiting for a sender, the host's memory and the
// other visitors notice. The host trusts one proxy, so each test poses as its own visitors through
// X-Forwarded-For, as visitors behind the operator's proxy are told apart.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hostCall, startHost, type HostProcess } from '../host/host-process.ts';
import { rss } from '../host/raw-requests.ts';
import { MIB } from '../../functions/_shared/domain/constants.ts';

/** A receive code's alphabet (src/features/p2p/protocol/peer-ids.ts). */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

interface Signal {
  type: string;
  src?: string;
  dst?: string;
  payload?: { sdp?: string; msg?: string };
}

/** One page's socket to the signalling server, and everything the server told it. */
interface TestPeer {
  id: string;
  ws: WebSocket;
  received: Signal[];
  /** 'open' once registered, 'refused' when the server would not take it, 'closed' after. */
  state: 'connecting' | 'open' | 'refused' | 'closed';
  /** The HTTP status of a refused upgrade, or the close code of the socket. */
  status: number;
  send(message: Signal): void;
}

const randomCode = () => [...randomBytes(8)].map((b) => CODE_ALPHABET[b % 32]).join('');

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function connectPeer(host: HostProcess, address: string, id: string = randomCode()): TestPeer {
  const url = `${host.origin.replace(/^http/, 'ws')}/peerjs/peerjs?key=peerjs&id=${id}&token=${randomUUID()}`;
  const ws = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
  const peer: TestPeer = {
    id,
    ws,
    received: [],
    state: 'connecting',
    status: 0,
    send: (message) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(message)),
  };
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Signal;
    peer.received.push(message);
    if (message.type === 'OPEN') peer.state = 'open';
    if (message.type === 'ERROR' || message.type === 'ID-TAKEN') peer.state = 'refused';
  });
  ws.on('error', (error) => {
    const status = /Unexpected server response: (\d+)/.exec(error.message);
    if (status) {
      peer.state = 'refused';
      peer.status = Number(status[1]);
    }
  });
  ws.on('close', (code) => {
    if (peer.state !== 'refused') peer.state = 'closed';
    if (!peer.status) peer.status = code;
  });
  return peer;
}

/** A peer that registered, or the test fails. */
async function openPeer(host: HostProcess, address: string, id?: string): Promise<TestPeer> {
  const peer = connectPeer(host, address, id);
  await waitFor(`peer ${peer.id} to register`, () => peer.state !== 'connecting');
  expect(peer.state).toBe('open');
  return peer;
}

const settled = (peer: TestPeer) => peer.state !== 'connecting';
const offersTo = (peer: TestPeer, from: string) => peer.received.filter((m) => m.type === 'OFFER' && m.src === from);

/**
 * A page that registers and then never reads again: a raw socket that completes the WebSocket
 * handshake, sees OPEN, and pauses. Whatever the server sends it piles up on the server's side.
 */
async function nonReadingPeer(host: HostProcess, address: string, id: string): Promise<net.Socket> {
  const { port } = new URL(host.origin);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => {});
  let seen = '';
  await new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (seen.includes('OPEN')) {
        socket.pause();
        resolve();
      }
    });
    socket.write(
      `GET /peerjs/peerjs?key=peerjs&id=${id}&token=${randomUUID()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nX-Forwarded-For: ${address}\r\n\r\n`,
    );
  });
  return socket;
}

/** Sends OFFERs of `size` bytes to `dst` as fast as the socket drains, until `total` or a close. */
async function flood(peer: TestPeer, dst: string, size: number, total: number): Promise<number> {
  const message = JSON.stringify({ type: 'OFFER', dst, payload: { sdp: 'a'.repeat(size) } });
  let sent = 0;
  while (sent < total && peer.ws.readyState === WebSocket.OPEN) {
    if (peer.ws.bufferedAmount > 2 * MIB) await new Promise((resolve) => setTimeout(resolve, 5));
    else {
      peer.ws.send(message);
      sent += message.length;
      // Lets the socket notice a close from the server before the next send.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return sent;
}

/** The legitimate flow still works: a receiver registers and a sender's OFFER reaches it. */
async function legitimateOfferArrives(host: HostProcess, tag: string): Promise<void> {
  const receiver = await openPeer(host, `192.0.2.${tag}`);
  const sender = await openPeer(host, `198.51.100.${tag}`);
  sender.send({ type: 'OFFER', dst: receiver.id, payload: { sdp: 'v=0' } });
  await waitFor('the offer to reach the receiver', () => offersTo(receiver, sender.id).length === 1);
  receiver.ws.close();
  sender.ws.close();
}

describe('the PeerJS signalling server under hostile traffic', () => {
  let host: HostProcess;
  const opened: TestPeer[] = [];
  const track = (peer: TestPeer) => (opened.push(peer), peer);

  beforeAll(async () => {
    host = await startHost({ env: { TRUST_PROXY: '1' } });
  }, 300_000);
  afterAll(async () => {
    for (const peer of opened) peer.ws.terminate();
    await host?.stop();
  });

  it('relays an SDP-sized message and closes a socket that sends one far bigger than signalling needs', async () => {
    const a = track(await openPeer(host, '10.1.0.1'));
    const b = track(await openPeer(host, '10.1.0.2'));
    const sdp = 'v=0\r\n'.repeat(6 * 1024); // 30 KiB: a generous session description
    a.send({ type: 'OFFER', dst: b.id, payload: { sdp } });
    await waitFor('the offer to arrive', () => offersTo(b, a.id).length === 1);
    expect(offersTo(b, a.id)[0]?.payload?.sdp).toBe(sdp);

    a.send({ type: 'OFFER', dst: b.id, payload: { sdp: 'x'.repeat(4 * MIB) } });
    await waitFor('the sender of 4 MiB to be closed', () => a.state === 'closed', 30_000);
    expect(a.status).toBe(1009); // "message too big"
    expect(offersTo(b, a.id)).toHaveLength(1);
    expect(host.alive()).toBe(true);
  });

  it('keeps relaying to a page that sent a LEAVE to nobody, so nothing is queued for it uncounted', async () => {
    const a = track(await openPeer(host, '10.6.0.1'));
    const b = track(await openPeer(host, '10.6.0.2'));
    a.send({ type: 'LEAVE' });
    b.send({ type: 'OFFER', dst: a.id, payload: { sdp: 'v=0' } });
    await waitFor('the offer to reach the page', () => offersTo(a, b.id).length === 1, 30_000);
    expect(b.received.filter((m) => m.type === 'EXPIRE')).toHaveLength(0);
  });

  it('drops a page that stops reading, and the host keeps its memory while flooded from many sockets', async () => {
    const victimId = randomCode();
    const victim = await nonReadingPeer(host, '10.2.0.1', victimId);
    const before = await rss(host.pid);
    let peak = before;
    const sampler = setInterval(() => {
      void rss(host.pid).then((now) => (peak = Math.max(peak, now)));
    }, 100);
    try {
      // Twenty attackers (each its own visitor) push 30 MiB of signalling-sized OFFERs each.
      const attackers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => openPeer(host, `10.2.1.${i}`).then(track)),
      );
      const sent = await Promise.all(attackers.map((a) => flood(a, victimId, 60 * 1024, 30 * MIB)));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
      await waitFor('a last memory sample', async () => (peak = Math.max(peak, await rss(host.pid))) > 0);
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `Flooded with up to 600 MiB of OFFERs, the host grew by at most ${((peak - before) / MIB).toFixed(0)} MiB.`,
    );
    // 600 MiB were offered; the host may grow by what a few sockets' buffers hold, no more.
    expect((peak - before) / MIB).toBeLessThan(160);
    // The page that did not read was dropped: its id is free to register again.
    await waitFor('the non-reading page to be dropped', async () => {
      const probe = connectPeer(host, '10.2.2.1', victimId);
      await waitFor('the probe to settle', () => settled(probe));
      probe.ws.terminate();
      return probe.state === 'open';
    });
    victim.destroy();
    expect((await hostCall(host, 'GET', '/health')).status).toBe(200);
    await legitimateOfferArrives(host, '2');
  });

  it('lets one address hold only a few sockets at once, and everyone else still connects', async () => {
    const crowd = Array.from({ length: 60 }, () => track(connectPeer(host, '10.3.0.1')));
    await waitFor('every socket of the crowd to settle', () => crowd.every(settled));
    const registered = crowd.filter((p) => p.state === 'open').length;
    expect(registered).toBeGreaterThan(0);
    expect(registered).toBeLessThanOrEqual(20);
    expect(crowd.filter((p) => p.state === 'refused').every((p) => p.status === 429)).toBe(true);
    // An IPv6 subscriber chooses among a whole /64: it counts as one address.
    const subnet = Array.from({ length: 30 }, (_, i) => track(connectPeer(host, `2001:db8:5:6::${i + 1}`)));
    await waitFor('every socket of the /64 to settle', () => subnet.every(settled));
    expect(subnet.filter((p) => p.state === 'open').length).toBeLessThanOrEqual(20);
    await legitimateOfferArrives(host, '3');
  });

  it('limits how fast one address opens new sockets, even when it closes each one at once', async () => {
    const started = Date.now();
    let registered = 0;
    for (let i = 0; i < 60; i++) {
      const peer = connectPeer(host, '10.4.0.1');
      await waitFor('the socket to settle', () => settled(peer));
      if (peer.state === 'open') registered++;
      peer.ws.terminate();
      await waitFor('the socket to close', () => peer.ws.readyState === WebSocket.CLOSED);
    }
    // A burst of 20, then 10 a minute (the defaults).
    const minutes = (Date.now() - started) / 60_000;
    expect(registered).toBeLessThanOrEqual(20 + Math.ceil(minutes * 10) + 1);
    expect(host.alive()).toBe(true);
  });

  it('answers one address only a few receive-code guesses a minute, so a waiting page is not found by guessing', async () => {
    // A page waiting under a receive code, and an attacker guessing codes from one address with
    // eight sockets at once, each waiting for the answer to its guess (EXPIRE: nobody there) before
    // the next; the waiting page's code is its 60th guess. Each registration tests an id too.
    const waiting = track(await openPeer(host, '10.5.0.9'));
    const guesses = Array.from({ length: 10_000 }, randomCode);
    guesses.splice(59, 0, waiting.id);
    let next = 0;
    const retry: string[] = [];
    let answers = 0;
    let registrations = 0;
    const started = Date.now();
    const windowMs = 60_000;
    const worker = async () => {
      while (Date.now() - started < windowMs) {
        const peer = track(connectPeer(host, '10.5.0.1'));
        await waitFor('the socket to settle', () => settled(peer));
        if (peer.state !== 'open') {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          continue;
        }
        registrations++;
        while (peer.state === 'open' && Date.now() - started < windowMs) {
          const guess = retry.pop() ?? guesses[next++] ?? randomCode();
          peer.send({ type: 'OFFER', dst: guess, payload: { sdp: 'v=0' } });
          const answered = () => peer.received.some((m) => m.type === 'EXPIRE' && m.src === guess);
          await waitFor('an answer or a close', () => answered() || peer.state !== 'open', 30_000).catch(() => {});
          if (answered()) answers++;
          else retry.push(guess);
        }
        peer.ws.terminate();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const elapsed = (Date.now() - started) / 60_000;
    const found = waiting.received.some((m) => m.type === 'OFFER');
    const tested = answers + registrations + (found ? 1 : 0);
    console.log(
      `One address tested ${tested} ids in ${(elapsed * 60).toFixed(0)} s: ${answers} guesses answered, ${registrations} registrations.`,
    );
    expect(found).toBe(false);
    // Bursts of 20 registrations and 10 guesses, then 10 and 6 a minute (the defaults).
    expect(tested).toBeLessThanOrEqual(30 + Math.ceil(elapsed * 16) + 2);
  });

  it('says nothing about its software, and sends the host’s security headers', async () => {
    for (const p of ['/peerjs', '/peerjs/', '/peerjs/peerjs/id', '/peerjs/nothing']) {
      const res = await fetch(`${host.origin}${p}`);
      await res.arrayBuffer();
      expect(res.headers.get('x-powered-by'), p).toBeNull();
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });
});

describe('the peer server’s settings', () => {
  it('refuses to start on a malformed limit, saying which one in a sentence', async () => {
    const host = await startHost({
      env: { PEER_SOCKETS_PER_ADDRESS: 'lots' },
      until: /PEER_SOCKETS_PER_ADDRESS must be a whole number/,
    });
    try {
      await waitFor('the host to exit', () => !host.alive(), 60_000);
      expect(host.child.exitCode).toBe(1);
      expect(host.output()).toContain(
        'PEER_SOCKETS_PER_ADDRESS must be a whole number above 0 (default 20), not "lots".',
      );
      expect(host.output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      await host.stop();
    }
  });
});
