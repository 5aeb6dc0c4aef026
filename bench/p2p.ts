// Direct transfer speed and memory: a 1 GiB file sent through the app between two Chromium instances
// (signalling through the host's PeerJS server, chunks in AES-GCM under the tweetnacl key
// exchange, written to the receiver's private file system), against the same bytes over a raw,
// unencrypted RTCDataChannel between the same two browsers in the same run (same chunk size, same
// flow control, bytes counted and dropped), so the ratio shows what our protocol, crypto and disk
// writes cost. Also: PeerJS's 'raw' against its 'binary' serialization, the measurement behind our
// choice of 'raw'.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Peer } from 'peerjs';
import { BUFFER_HIGH, BUFFER_LOW, CHUNK_SIZE, READ_BLOCK_CHUNKS } from '../src/features/p2p/protocol/constants.ts';
import {
  fmtMiB,
  launchProfile,
  MiB,
  sampleMemory,
  startPlatform,
  treeCpuSeconds,
  treeMemory,
  type BenchPlatform,
  type ProfileBrowser,
} from './platform.ts';
import { makeFile } from './files.ts';

/** CPU seconds both browsers spend while `run` runs. */
async function cpuOf<T>(browsers: ProfileBrowser[], run: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const sum = async () => (await Promise.all(browsers.map((b) => treeCpuSeconds(b.pid)))).reduce((x, y) => x + y, 0);
  const before = await sum();
  const result = await run();
  return { result, cpu: (await sum()) - before };
}

/** What PeerJS's browser bundle puts on window. */
type PeerJsGlobal = { Peer: typeof Peer };

/** PeerJS's browser bundle, and where the bench pages load it from. */
const PEERJS_BUNDLE = path.resolve(import.meta.dirname, '../node_modules/peerjs/dist/peerjs.min.js');
const PEERJS_SCRIPT = '/bench-peerjs.min.js';

/** The PeerJS serialization comparison uses at most this much: 'binary' is slow. */
const SERIALIZATION_BYTES = 64 * MiB;

async function pickFile(page: Page, file: string): Promise<void> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-file';
    document.body.append(input);
  });
  await page.locator('#bench-file').setInputFiles(file);
}

/**
 * A raw RTCDataChannel between the two pages, the offer and answer carried by this script (no
 * trickle: each side gathers its candidates first). Returns when the channel is open.
 */
async function rawChannel(sender: Page, receiver: Page): Promise<void> {
  const offer = await sender.evaluate(async () => {
    const pc = new RTCPeerConnection();
    const channel = pc.createDataChannel('bench', { ordered: true });
    channel.binaryType = 'arraybuffer';
    Object.assign(window, { benchPc: pc, benchChannel: channel });
    const gathered = new Promise<void>((resolve) =>
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve()),
    );
    await pc.setLocalDescription(await pc.createOffer());
    await gathered;
    return pc.localDescription?.toJSON();
  });
  const answer = await receiver.evaluate(async (offer) => {
    const pc = new RTCPeerConnection();
    Object.assign(window, { benchPc: pc });
    pc.addEventListener('datachannel', (event) => {
      const channel = event.channel;
      channel.binaryType = 'arraybuffer';
      let received = 0;
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      Object.assign(window, { benchDone: done });
      channel.addEventListener('message', (message) => {
        received += (message.data as ArrayBuffer).byteLength;
        if (received >= (window as unknown as { benchExpected: number }).benchExpected) finish();
      });
    });
    const gathered = new Promise<void>((resolve) =>
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve()),
    );
    await pc.setRemoteDescription(offer as RTCSessionDescriptionInit);
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered;
    return pc.localDescription?.toJSON();
  }, offer);
  await sender.evaluate(async (description) => {
    const { benchPc, benchChannel } = window as unknown as { benchPc: RTCPeerConnection; benchChannel: RTCDataChannel };
    await benchPc.setRemoteDescription(description as RTCSessionDescriptionInit);
    if (benchChannel.readyState !== 'open')
      await new Promise((resolve) => benchChannel.addEventListener('open', resolve));
  }, answer);
}

/** The reference: the file read and sent unencrypted, as our sender reads and sends it, counted and dropped. */
async function rawTransfer(
  origin: string,
  a: ProfileBrowser,
  b: ProfileBrowser,
  file: string,
  size: number,
): Promise<TransferResult> {
  const sender = await a.context.newPage();
  const receiver = await b.context.newPage();
  try {
    await sender.goto(`${origin}/about`);
    await receiver.goto(`${origin}/about`);
    await pickFile(sender, file);
    await rawChannel(sender, receiver);
    await receiver.evaluate((expected) => Object.assign(window, { benchExpected: expected }), size);
    const received = receiver.evaluate(() => (window as unknown as { benchDone: Promise<void> }).benchDone);
    const memory = watchMemory(a, b);
    const started = performance.now();
    await sender.evaluate(
      async ({ chunkSize, blockSize, high, low }) => {
        const channel = (window as unknown as { benchChannel: RTCDataChannel }).benchChannel;
        channel.bufferedAmountLowThreshold = low;
        const blob = (document.querySelector('#bench-file') as HTMLInputElement).files?.[0];
        if (!blob) throw new Error('no file');
        // Read as our sender reads: a block at a time, the next one while this one is sent. (No
        // named function in here: the bundler's name helper does not exist in the page.)
        let next = blob.slice(0, blockSize).arrayBuffer();
        for (let block = 0; block < blob.size; block += blockSize) {
          const bytes = await next;
          next = blob.slice(block + blockSize, block + 2 * blockSize).arrayBuffer();
          for (let at = 0; at < bytes.byteLength; at += chunkSize) {
            if (channel.bufferedAmount > high) {
              await new Promise((resolve) => channel.addEventListener('bufferedamountlow', resolve, { once: true }));
            }
            channel.send(new Uint8Array(bytes, at, Math.min(chunkSize, bytes.byteLength - at)));
          }
        }
      },
      { chunkSize: CHUNK_SIZE, blockSize: CHUNK_SIZE * READ_BLOCK_CHUNKS, high: BUFFER_HIGH, low: BUFFER_LOW },
    );
    await received;
    const seconds = (performance.now() - started) / 1000;
    return { seconds, ...(await memory.stop()) };
  } finally {
    await sender.close();
    await receiver.close();
  }
}

interface TransferResult {
  seconds: number;
  /** Peak of each browser's processes during the transfer, above what they used just before it. */
  senderAboveIdle: number;
  receiverAboveIdle: number;
}

/**
 * Watches both browsers' memory from now on. Both transfers are watched the same way, so the
 * sampling's own CPU weighs on the reference as much as on ours.
 */
function watchMemory(a: ProfileBrowser, b: ProfileBrowser) {
  const idle = Promise.all([treeMemory(a.pid), treeMemory(b.pid)]);
  const sender = sampleMemory(a.pid);
  const receiver = sampleMemory(b.pid);
  return {
    async stop(): Promise<Omit<TransferResult, 'seconds'>> {
      const [senderIdle, receiverIdle] = await idle;
      return {
        senderAboveIdle: (await sender.stop()) - senderIdle,
        receiverAboveIdle: (await receiver.stop()) - receiverIdle,
      };
    },
  };
}

/** Ours: the app's receive link, Accept, and the file written to the receiver's disk (its private file system). */
async function appTransfer(
  origin: string,
  a: ProfileBrowser,
  b: ProfileBrowser,
  file: string,
): Promise<TransferResult> {
  const sender = await a.context.newPage();
  const receiver = await b.context.newPage();
  try {
    await sender.goto(`${origin}/p2p`);
    await sender.getByTestId('p2p-files-input').setInputFiles(file);
    const link = await sender.getByTestId('p2p-receive-link').getAttribute('href', { timeout: 120_000 });
    await receiver.goto(link ?? '');
    // Both pages show the safety code; the sender confirms it before the offer goes out.
    await sender.getByRole('button', { name: 'The codes match: send' }).click({ timeout: 120_000 });
    const accept = receiver.getByRole('button', { name: 'Accept' });
    await accept.waitFor({ timeout: 120_000 });
    await receiver.getByTestId('p2p-storage').waitFor();
    // Idle: both pages loaded, connected and waiting for Accept.
    const memory = watchMemory(a, b);
    const started = performance.now();
    await accept.click();
    await receiver.getByText('All files received and checked.').waitFor({ timeout: 60 * 60_000 });
    const seconds = (performance.now() - started) / 1000;
    return { seconds, ...(await memory.stop()) };
  } finally {
    await sender.close();
    await receiver.close();
  }
}

/**
 * Opens the app once in `context` and waits for its service worker to be active (it precaches the
 * app on install). Without this, the first reference run paid for the browser's first visit, and
 * its CPU seconds came out higher than ours. Bounded, for a build without a service worker.
 */
async function warmUp(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/p2p`);
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 20_000))]).then(
        () => undefined,
      ),
    );
  } finally {
    await page.close();
  }
}

/** PeerJS's own serializations over the host's PeerJS server: MiB/s of each for `size` bytes. */
async function serializationSpeeds(platform: BenchPlatform, a: BrowserContext, b: BrowserContext, size: number) {
  const port = Number(new URL(platform.origin).port);
  const speeds: Record<string, number> = {};
  for (const serialization of ['raw', 'binary']) {
    const sender = await a.newPage();
    const receiver = await b.newPage();
    try {
      for (const page of [sender, receiver]) {
        // Served from the page's own origin: the CSP (script-src 'self') refuses inline scripts.
        await page.route(`${platform.origin}${PEERJS_SCRIPT}`, (route) =>
          route.fulfill({ path: PEERJS_BUNDLE, contentType: 'text/javascript' }),
        );
        await page.goto(`${platform.origin}/about`);
        await page.addScriptTag({ url: PEERJS_SCRIPT });
      }
      const id = `bench${Date.now()}${serialization}`;
      const received = receiver.evaluate(
        ({ id, port, size }) =>
          new Promise<void>((resolve) => {
            const { Peer } = (window as unknown as { peerjs: PeerJsGlobal }).peerjs;
            const peer = new Peer(id, {
              host: 'localhost',
              port,
              path: '/peerjs',
              secure: false,
              config: { iceServers: [] },
            });
            let count = 0;
            peer.on('connection', (connection) =>
              connection.on('data', (data) => {
                count += (data as ArrayBuffer).byteLength;
                if (count >= size) resolve();
              }),
            );
            (window as unknown as { benchPeer: unknown }).benchPeer = peer;
          }),
        { id, port, size },
      );
      await receiver.waitForFunction(() => (window as unknown as { benchPeer?: { open: boolean } }).benchPeer?.open);
      const started = performance.now();
      await sender.evaluate(
        ({ id, port, size, chunkSize, serialization }) =>
          new Promise<void>((resolve, reject) => {
            const { Peer } = (window as unknown as { peerjs: PeerJsGlobal }).peerjs;
            const peer = new Peer({
              host: 'localhost',
              port,
              path: '/peerjs',
              secure: false,
              config: { iceServers: [] },
            });
            peer.on('error', reject);
            peer.on('open', () => {
              const connection = peer.connect(id, { reliable: true, serialization });
              connection.on('open', () => {
                const chunk = new Uint8Array(chunkSize);
                // PeerJS queues what the channel cannot take; we only feed it.
                for (let sent = 0; sent < size; sent += chunkSize) void connection.send(chunk.slice().buffer);
                resolve();
              });
            });
          }),
        { id, port, size, chunkSize: CHUNK_SIZE, serialization },
      );
      await received;
      speeds[serialization] = size / MiB / ((performance.now() - started) / 1000);
    } finally {
      await sender.close();
      await receiver.close();
    }
  }
  return speeds;
}

export async function runP2pBench(opts: { port: number; size: number }): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-p2p-'));
  const platform = await startPlatform(opts.port);
  // Two browsers, as two people's machines would be: their own processes, measured apart.
  const a = await launchProfile(path.join(dir, 'profile-a'));
  const b = await launchProfile(path.join(dir, 'profile-b'));
  try {
    // Whole chunks, so the raw reference sends exactly the same number of messages.
    const size = Math.ceil(opts.size / CHUNK_SIZE) * CHUNK_SIZE;
    const { path: file } = await makeFile(path.join(dir, 'p2p.bin'), size);
    // A first visit installs the service worker and caches the app: not part of any transfer.
    await Promise.all([warmUp(a.context, platform.origin), warmUp(b.context, platform.origin)]);
    const raw = () => rawTransfer(platform.origin, a, b, file, size);
    // The reference runs before and after ours and counts as their mean: on a shared machine the
    // load changes during a run, and this way both measurements see the same on average.
    const before = await cpuOf([a, b], raw);
    const ours = await cpuOf([a, b], () => appTransfer(platform.origin, a, b, file));
    const after = await cpuOf([a, b], raw);
    const reference = (before.result.seconds + after.result.seconds) / 2;
    const referenceCpu = (before.cpu + after.cpu) / 2;
    const serialization = Math.min(size, SERIALIZATION_BYTES);
    const speeds = await serializationSpeeds(platform, a.context, b.context, serialization);
    const mibps = (seconds: number) => (size / MiB / seconds).toFixed(1);
    const cpuPerGiB = (cpu: number) => ((cpu * 1024 * MiB) / size).toFixed(0);
    console.log(`\nDirect transfer of ${fmtMiB(size)} between two Chromium instances`);
    console.log(
      `  reference (raw RTCDataChannel, unencrypted): ${reference.toFixed(1)} s  (${mibps(reference)} MiB/s; ${before.result.seconds.toFixed(1)} s before ours, ${after.result.seconds.toFixed(1)} s after)`,
    );
    console.log(
      `  ours (encrypted, written to disk):           ${ours.result.seconds.toFixed(1)} s  (${mibps(ours.result.seconds)} MiB/s)`,
    );
    console.log(
      `  throughput ratio ours / reference:          ${(reference / ours.result.seconds).toFixed(2)}  (target >= 0.8)`,
    );
    console.log(
      `  CPU of both browsers per GiB:               reference ${cpuPerGiB(referenceCpu)} s, ours ${cpuPerGiB(ours.cpu)} s (the machine has 2 cores)`,
    );
    console.log(
      `  peak memory above idle: sender ${fmtMiB(ours.result.senderAboveIdle)}, receiver ${fmtMiB(ours.result.receiverAboveIdle)}  (target <= 200 MB each; the reference's: ${fmtMiB(Math.max(before.result.senderAboveIdle, after.result.senderAboveIdle))}, ${fmtMiB(Math.max(before.result.receiverAboveIdle, after.result.receiverAboveIdle))})`,
    );
    console.log(
      `  PeerJS serialization, ${fmtMiB(serialization)}: 'raw' ${speeds.raw?.toFixed(1)} MiB/s, 'binary' ${speeds.binary?.toFixed(1)} MiB/s`,
    );
  } finally {
    await a.context.close();
    await b.context.close();
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
