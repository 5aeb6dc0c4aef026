// Download all of a transfer: a recipient's zip of every file, built in the browser as it streams
// (src/lib/download-pipeline), against curl fetching the same files' presigned URLs one after
// another, both over a link of LINK_MBIT (bench/link-proxy.ts) in front of a host started as a
// user starts it. The transfer (3 files, one at the top, two in nested folders) is made through
// the API as the app makes one. The browser saves the zip through the app's service worker, the
// way every engine has (Chromium's save dialog cannot be answered in a bench); its every process's
// memory is sampled, for a transfer of the full size and for ones a half and a quarter of it (the
// half is the measure of flat memory; see bench/encrypted-memory.ts), and the zip it saved is
// opened and each entry's name, size and SHA-256 compared with the files sent.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TransferDownload } from '../supabase/functions/_shared/domain/api-types.ts';
import { makeFile } from './files.ts';
import { LINK_MBIT, startHostBehindLink } from './link-proxy.ts';
import { pageDownload, type PageDownload } from './page-download.ts';
import {
  BENCH_ANON_KEY,
  benchDistDir,
  createTransfer,
  flatNote,
  fmtMiB,
  median,
  MiB,
  shareFile,
  type BenchPlatform,
} from './platform.ts';

const run = promisify(execFile);

/** The goal for the app's speed / curl's. */
export const DOWNLOAD_ALL_GOAL = 0.8;
/** Rounds of each side, taking turns to go first; the median is printed. */
const ROUNDS = Number(process.env.BENCH_DOWNLOAD_ALL_ROUNDS ?? 3);
/** The transfer's size (BENCH_DOWNLOAD_ALL_MIB, else BENCH_SIZE_MIB, else 1 GiB); also measured at a half and a quarter of it. */
const SIZE = Number(process.env.BENCH_DOWNLOAD_ALL_MIB ?? process.env.BENCH_SIZE_MIB ?? 1024) * MiB;

/** The transfer's files: their share of its size, their folder. */
const LAYOUT = [
  { name: 'film.bin', path: '', share: 1 / 2 },
  { name: 'photos.bin', path: 'album', share: 3 / 8 },
  { name: 'notes çğ.bin', path: 'album/2026', share: 1 / 8 },
];

interface SentFile {
  /** Its name in the zip: folder, then name. */
  entry: string;
  size: number;
  sha256: string;
}

interface SentTransfer {
  shareId: string;
  size: number;
  files: SentFile[];
}

/** A transfer of LAYOUT's files, `size` bytes in all, sent through the host's API. */
async function sendTransfer(host: BenchPlatform, dir: string, size: number): Promise<SentTransfer> {
  const target = { origin: host.origin, anonKey: BENCH_ANON_KEY };
  const transfer = await createTransfer(target);
  const files: SentFile[] = [];
  for (const { name, path: folder, share } of LAYOUT) {
    const fileSize = Math.round(size * share);
    const local = path.join(dir, 'sent.bin');
    const { sha256 } = await makeFile(local, fileSize);
    await shareFile(target, local, name, { transfer, path: folder });
    await rm(local);
    files.push({ entry: folder ? `${folder}/${name}` : name, size: fileSize, sha256 });
  }
  return { shareId: transfer.shareId, size, files };
}

/** curl fetching the transfer's presigned URLs one after another (one process, one connection). */
async function curlSeconds(host: BenchPlatform, transfer: SentTransfer, dir: string): Promise<number> {
  const answer = await fetch(`${host.origin}/functions/v1/api/shares/${transfer.shareId}/download`, {
    method: 'POST',
    headers: { apikey: BENCH_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!answer.ok) throw new Error(`download tickets: ${answer.status} ${await answer.text()}`);
  const { tickets } = (await answer.json()) as TransferDownload;
  const outputs = tickets.map((_, index) => path.join(dir, `curl-${index}.bin`));
  const started = performance.now();
  await run('curl', ['-sS', '--fail', ...tickets.flatMap((ticket, index) => ['-o', outputs[index] ?? '', ticket.url])]);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(outputs.map((output) => rm(output, { force: true })));
  return seconds;
}

/** An entry's bytes streamed out of the zip by unzip: their count and SHA-256. */
function hashEntry(zip: string, entry: string): Promise<{ size: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    // -p writes the entry to stdout; names are patterns to unzip, so its wildcard characters are escaped.
    const child = spawn('unzip', ['-p', zip, entry.replace(/[[\]*?\\]/g, '\\$&')], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const hash = createHash('sha256');
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ size, sha256: hash.digest('hex') }) : reject(new Error(`unzip -p ${entry}: ${code}`)),
    );
  });
}

/** What is wrong with the saved zip, or nothing: its entries are the files sent, byte for byte. */
async function zipProblems(zip: string, transfer: SentTransfer): Promise<string[]> {
  const { stdout } = await run('unzip', ['-Z1', zip]);
  const entries = stdout.trim().split('\n').sort();
  const expected = transfer.files.map((file) => file.entry).sort();
  if (entries.join('\n') !== expected.join('\n')) return [`entries ${entries.join(', ')}; sent ${expected.join(', ')}`];
  const problems: string[] = [];
  for (const file of transfer.files) {
    const got = await hashEntry(zip, file.entry);
    if (got.size !== file.size) problems.push(`${file.entry}: ${got.size} bytes, sent ${file.size}`);
    else if (got.sha256 !== file.sha256) problems.push(`${file.entry}: SHA-256 differs from the file sent`);
  }
  return problems;
}

const list = (values: readonly number[], digits: number) => values.map((v) => v.toFixed(digits)).join(', ');

/** The app's Download all: its time, the browser's memory, and what is wrong with the zip it saved (round 1's). */
type AppRun = PageDownload<string[]>;

interface SizeResult {
  curl: number[];
  app: AppRun[];
  problems: string[];
}

/**
 * ROUNDS rounds of curl and the app on `transfer`, taking turns to go first. The first zip is
 * opened and checked; every zip is deleted once read.
 */
async function measure(host: BenchPlatform, transfer: SentTransfer, dir: string): Promise<SizeResult> {
  const result: SizeResult = { curl: [], app: [], problems: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const app = async () => {
      const done = await pageDownload(`${host.origin}/s/${transfer.shareId}`, 'Download all', async (zip) =>
        round === 1 ? zipProblems(zip, transfer) : [],
      );
      if (round === 1) result.problems = done.inspected;
      result.app.push(done);
    };
    if (round % 2 === 1) {
      result.curl.push(await curlSeconds(host, transfer, dir));
      await app();
    } else {
      await app();
      result.curl.push(await curlSeconds(host, transfer, dir));
    }
    const last = result.app.at(-1) as AppRun;
    console.log(
      `    ${fmtMiB(transfer.size)} round ${round}: curl ${(result.curl.at(-1) as number).toFixed(2)} s, ` +
        `app ${last.seconds.toFixed(2)} s, browser peak ${fmtMiB(last.peakBytes)}`,
    );
  }
  return result;
}

export async function runDownloadAllBench(opts: { port: number }): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-download-all-'));
  const host = await startHostBehindLink({ distDir: benchDistDir(opts.port) }, opts.port, {
    env: { UPLOAD_IN_FLIGHT_GB: '1000' },
  });
  try {
    const sizes = [SIZE, SIZE / 2, SIZE / 4];
    console.log(
      `\nDownload all of a transfer of ${LAYOUT.length} files, over a ${LINK_MBIT} Mbit/s link ` +
        `(median of ${ROUNDS} rounds; curl and Chromium both go through it)`,
    );
    const results: { transfer: SentTransfer; result: SizeResult }[] = [];
    for (const size of sizes) {
      const transfer = await sendTransfer(host, dir, size);
      results.push({ transfer, result: await measure(host, transfer, dir) });
    }
    for (const { transfer, result } of results) {
      const ratios = result.curl.map((curl, index) => curl / (result.app[index] as AppRun).seconds);
      const mibps = (seconds: number) => (transfer.size / MiB / seconds).toFixed(1);
      const curl = median(result.curl);
      const app = median(result.app.map((r) => r.seconds));
      console.log(`  ${fmtMiB(transfer.size)} in ${transfer.files.length} files:`);
      console.log(`    curl, the files one after another:     ${curl.toFixed(2)} s  (${mibps(curl)} MiB/s)`);
      console.log(`    the app's Download all (a zip):        ${app.toFixed(2)} s  (${mibps(app)} MiB/s)`);
      console.log(
        `    speed app / curl:                      ${median(ratios).toFixed(2)}  (rounds ${list(ratios, 2)}; goal >= ${DOWNLOAD_ALL_GOAL})`,
      );
      const peaks = result.app.map((r) => r.peakBytes / MiB);
      const above = result.app.map((r) => (r.peakBytes - r.idleBytes) / MiB);
      const low = result.app.map((r) => (r.lowBytes - r.idleBytes) / MiB);
      console.log(
        `    browser peak PSS (all processes):      ${median(peaks).toFixed(0)} MiB, ` +
          `${median(above).toFixed(0)} MiB above the page before the tap (rounds ${list(peaks, 0)} MiB)`,
      );
      console.log(
        `    lowest in the second half, above it:   ${median(low).toFixed(0)} MiB (rounds ${list(low, 0)} MiB; held throughout, not a peak)`,
      );
      console.log(
        result.problems.length === 0
          ? `    the zip saved: ${transfer.files.length} entries, names, sizes and SHA-256 as sent`
          : `    THE ZIP SAVED IS WRONG, the figure is not of a download: ${result.problems.join('; ')}`,
      );
    }
    const peaks = results.map(({ transfer, result }) => ({
      size: transfer.size,
      above: median(result.app.map((r) => (r.peakBytes - r.idleBytes) / MiB)),
    }));
    const [large, ...smaller] = peaks as [(typeof peaks)[number], ...typeof peaks];
    for (const [i, small] of smaller.entries()) {
      console.log(
        `  peak above the page, ${fmtMiB(large.size)} / ${fmtMiB(small.size)}: ${(large.above / small.above).toFixed(2)}  ` +
          flatNote(large.size, small.size, i === 0),
      );
    }
  } finally {
    await host.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/download-all.ts` runs it alone (BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  await runDownloadAllBench({ port: Number(process.env.BENCH_PORT ?? 8290) + 7 });
  process.exit(0);
}
