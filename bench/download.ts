// A recipient's download of an end-to-end encrypted file against curl, on the same stored object:
// the app's Download file in Chromium on the link with its key (the page fetches the ciphertext,
// decrypts it as it streams and saves through its service worker: bench/page-download.ts), and
// `curl` fetching a presigned URL of the object, which carries the same bytes on the wire and
// decrypts nothing. First on the loopback, with a plain link to the presigned URL in the same
// Chromium beside them (what the browser's own download costs there); then over a link of a set
// speed (BENCH_LINK_MBIT, a proxy both go through, bench/link-proxy.ts), where a recipient's
// download spends its time and the goal is read. The file is sent from Node as the app's engine
// sends one (bench/encrypted-share.ts); every file the app saves is hashed and compared with it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import type { DownloadTicket } from '../supabase/functions/_shared/domain/api-types.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { shareEncryptedFile, type EncryptedShare } from './encrypted-share.ts';
import { sha256OfFile } from '../tests/e2e/fixtures/test-files.ts';
import { makeFile, type BenchFile } from './files.ts';
import { LINK_MBIT, startHostBehindLink } from './link-proxy.ts';
import { pageDownload } from './page-download.ts';
import { BENCH_ANON_KEY, call, fmtMiB, fmtRounds, MiB, startPlatform, type BenchPlatform } from './platform.ts';

const run = promisify(execFile);

/** The goal for the app's speed / curl's over the link. */
export const ENCRYPTED_DOWNLOAD_GOAL = 0.85;
/** Rounds of each side, taking turns to go first (BENCH_DOWNLOAD_ROUNDS); medians are printed. */
const ROUNDS = Number(process.env.BENCH_DOWNLOAD_ROUNDS ?? 3);

const target = (host: BenchPlatform) => ({ origin: host.origin, anonKey: BENCH_ANON_KEY });

async function presignedUrl(host: BenchPlatform, fileId: string): Promise<string> {
  return (await call<DownloadTicket>(target(host), 'POST', `/shares/${fileId}/download`, {})).url;
}

async function curlSeconds(url: string, output: string): Promise<number> {
  const { stdout } = await run('curl', ['-sS', '--fail', '-o', output, '-w', '%{time_total}', url]);
  await rm(output, { force: true });
  return Number(stdout);
}

/** A plain link to `url` clicked on an empty page of `origin`, to the browser's download finished. */
async function plainLinkSeconds(origin: string, url: string, dir: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, downloadsPath: dir });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(origin);
    const started = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate((href) => {
        const link = document.createElement('a');
        link.href = href;
        document.body.append(link);
        link.click();
      }, url),
    ]);
    const failure = await download.failure();
    if (failure !== null) throw new Error(`The plain link's download failed: ${failure}`);
    const seconds = (performance.now() - started) / 1000;
    await download.delete();
    return seconds;
  } finally {
    await browser.close();
  }
}

interface AppRounds {
  seconds: number[];
  /** The browser's peak memory above the page before the tap, per round. */
  aboveIdle: number[];
  /** Rounds whose saved file was not the file sent. */
  problems: string[];
}

/** The app's Download file on the link with its key; the saved file is hashed and compared with `sent`. */
async function appRound(host: BenchPlatform, share: EncryptedShare, sent: BenchFile, into: AppRounds) {
  const url = `${host.origin}/s/${share.fileId}#${share.fragment}`;
  const done = await pageDownload(url, 'Download file', sha256OfFile);
  into.seconds.push(done.seconds);
  into.aboveIdle.push((done.peakBytes - done.idleBytes) / MiB);
  if (done.inspected !== sent.sha256) {
    into.problems.push(`round ${into.seconds.length}: the saved file's SHA-256 is not the sent file's`);
  }
}

const newRounds = (): AppRounds => ({ seconds: [], aboveIdle: [], problems: [] });
const speed = (size: number, seconds: readonly number[]) => seconds.map((s) => size / MiB / s);

function printApp(app: AppRounds, size: number, indent: string): void {
  console.log(`${indent}the app's Download file in Chromium:   ${fmtRounds(app.seconds, 2, ' s')}`);
  console.log(`${indent}  its speed, plaintext saved:          ${fmtRounds(speed(size, app.seconds), 0, ' MiB/s')}`);
  console.log(`${indent}  browser peak above the page's idle:  ${fmtRounds(app.aboveIdle, 0, ' MiB')}`);
  console.log(
    app.problems.length === 0
      ? `${indent}  every saved file's SHA-256 is the sent file's`
      : `${indent}  THE SAVED FILE IS WRONG, the figures are not of a download: ${app.problems.join('; ')}`,
  );
}

/** curl, the app and a plain link to the presigned URL, on the loopback. */
async function onTheLoopback(platform: BenchPlatform, sent: BenchFile, dir: string): Promise<string[]> {
  const share = await shareEncryptedFile(target(platform), sent.path, 'loopback.bin');
  const curl: number[] = [];
  const plain: number[] = [];
  const app = newRounds();
  for (let round = 1; round <= ROUNDS; round++) {
    curl.push(await curlSeconds(await presignedUrl(platform, share.fileId), path.join(dir, 'curl.bin')));
    await appRound(platform, share, sent, app);
    const url = await presignedUrl(platform, share.fileId);
    plain.push(await plainLinkSeconds(`${platform.origin}/manifest.webmanifest`, url, dir));
  }
  console.log(`  on the loopback:`);
  console.log(`    curl on a presigned URL (ciphertext):  ${fmtRounds(curl, 2, ' s')}`);
  printApp(app, sent.size, '    ');
  console.log(`    a plain link to the URL in Chromium:   ${fmtRounds(plain, 2, ' s')}`);
  const ratios = (reference: number[]) => reference.map((r, i) => r / (app.seconds[i] as number));
  console.log(`    speed app / plain link:                ${fmtRounds(ratios(plain), 2)}`);
  console.log(`    speed app / curl:                      ${fmtRounds(ratios(curl), 2)}`);
  return app.problems;
}

/** curl and the app's button, taking turns to go first, over a link of LINK_MBIT (`startHostBehindLink`). */
async function overALink(platform: BenchPlatform, sent: BenchFile, dir: string, hostPort: number): Promise<string[]> {
  const linked = await startHostBehindLink(platform, hostPort, { env: { UPLOAD_IN_FLIGHT_GB: '1000' } });
  try {
    const share = await shareEncryptedFile(target(linked), sent.path, 'link.bin');
    const curl: number[] = [];
    const app = newRounds();
    for (let round = 1; round <= ROUNDS; round++) {
      const viaCurl = async () =>
        curl.push(await curlSeconds(await presignedUrl(linked, share.fileId), path.join(dir, 'link.bin')));
      if (round % 2 === 1) await viaCurl();
      await appRound(linked, share, sent, app);
      if (round % 2 === 0) await viaCurl();
    }
    const ratios = curl.map((c, i) => c / (app.seconds[i] as number));
    const link = (LINK_MBIT * 1e6) / 8 / MiB;
    console.log(
      `  over a ${LINK_MBIT} Mbit/s link (${link.toFixed(0)} MiB/s; a proxy curl and Chromium both go through):`,
    );
    console.log(`    curl on a presigned URL (ciphertext):  ${fmtRounds(curl, 2, ' s')}`);
    printApp(app, sent.size, '    ');
    console.log(
      `    speed encrypted download / curl:       ${fmtRounds(ratios, 2)}  (goal >= ${ENCRYPTED_DOWNLOAD_GOAL})`,
    );
    return app.problems;
  } finally {
    await linked.stop();
  }
}

/**
 * The part `encrypted-download`: a file of `size` random bytes, on a host of its own on `port`
 * and behind the link on `linkPort`. Answers what went wrong (a saved file that is not the file
 * sent), for the run to fail on.
 */
export async function runDownloadBench(opts: { port: number; linkPort: number; size: number }): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-download-'));
  const platform = await startPlatform(opts.port, { UPLOAD_IN_FLIGHT_GB: '1000' });
  try {
    const sent = await makeFile(path.join(dir, 'sent.bin'), opts.size);
    console.log(`\nDownload of an end-to-end encrypted ${fmtMiB(opts.size)} file (median of ${ROUNDS} rounds)`);
    const problems = [
      ...(await onTheLoopback(platform, sent, dir)),
      ...(await overALink(platform, sent, dir, opts.linkPort)),
    ];
    return problems.map((problem) => `encrypted download: ${problem}`);
  } finally {
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
