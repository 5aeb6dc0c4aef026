// Upload speed and memory: a file (512 MiB by default) uploaded through the app in Chromium to the
// embedded storage, against two references in the same rounds to the same storage: a bare page script
// in the same browser (the same API calls, presigned part PUTs with fetch, PARTS_IN_FLIGHT at once,
// no IndexedDB, no service worker) and @aws-sdk/lib-storage's Upload from Node (same part size and
// parallelism). The first ratio is the engine's overhead; the second, the browser's and ours.
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appUpload, bareBrowserUpload, describePhases, type BrowserUpload } from './browser-upload.ts';
import { runDownloadBench } from './download.ts';
import { LINK_MBIT, startHostBehindLink } from './link-proxy.ts';
import { DEFAULT_PART_SIZE, PARTS_IN_FLIGHT } from '../supabase/functions/_shared/domain/constants.ts';
import { fmtMiB, median, MiB, startPlatform, type BenchPlatform } from './platform.ts';

export async function makeFile(dir: string, name: string, size: number): Promise<string> {
  const file = path.join(dir, name);
  const handle = await open(file, 'w');
  const chunk = randomBytes(16 * MiB); // random enough that nothing on the way can compress it
  for (let written = 0; written < size; written += chunk.length) {
    await handle.write(chunk, 0, Math.min(chunk.length, size - written));
  }
  await handle.close();
  return file;
}

async function nodeUpload(platform: BenchPlatform, file: string): Promise<number> {
  const client = new S3Client({
    endpoint: platform.storage.endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: platform.storage.accessKeyId, secretAccessKey: platform.storage.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const started = performance.now();
  await new Upload({
    client,
    params: { Bucket: platform.storage.bucket, Key: 'bench/reference.bin', Body: createReadStream(file) },
    partSize: DEFAULT_PART_SIZE,
    queueSize: PARTS_IN_FLIGHT,
  }).done();
  return (performance.now() - started) / 1000;
}

/**
 * Empties the bucket's folder, so each upload starts from the same disk: otherwise each round adds
 * 1.5 GiB to the storage's folder, and the rounds got slower one after another, the app (which also
 * writes its copy of the file) the most. Straight on disk: the storage front serves no listing.
 */
async function emptyBucket(platform: BenchPlatform): Promise<void> {
  const folder = path.join(platform.dataDir, 'storage', platform.storage.bucket);
  for (const entry of await readdir(folder)) await rm(path.join(folder, entry), { recursive: true, force: true });
}

/**
 * Writes the previous upload's bytes out to disk, so that no run pays for the one before it
 * (Linux writes dirty pages back up to 30 s later, in the middle of the next run).
 */
function settleDisk(): void {
  execFileSync('sync');
}

/**
 * An empty bucket and a settled disk. With the folder emptied once a round, the upload that went
 * second found 1 GiB more on disk and took 0.4-0.8 s longer (its complete call above all), and
 * with 3 rounds the app went second in two of them.
 */
async function fresh(platform: BenchPlatform): Promise<void> {
  await emptyBucket(platform);
  settleDisk();
}

/**
 * The bare script and the app, each from a fresh bucket. They take turns to go first, the bare
 * script in odd rounds: the machine's state drifts in a round.
 */
async function bothBrowsers(
  platform: BenchPlatform,
  file: string,
  round: number,
): Promise<{ bare: BrowserUpload; ours: BrowserUpload }> {
  if (round % 2 === 1) {
    await fresh(platform);
    const bare = await bareBrowserUpload(platform, file);
    await fresh(platform);
    return { bare, ours: await appUpload(platform, file) };
  }
  await fresh(platform);
  const ours = await appUpload(platform, file);
  await fresh(platform);
  return { bare: await bareBrowserUpload(platform, file), ours };
}

/**
 * The bare script and the app, taking turns, over a link of LINK_MBIT each way
 * (`startHostBehindLink`), as from a person's browser to a bucket elsewhere. On the loopback, the
 * bucket's work shares the browsers' two cores.
 */
async function uploadOverALink(platform: BenchPlatform, file: string, size: number, rounds: number, hostPort: number) {
  const linked = await startHostBehindLink(platform, hostPort, { uplink: true, env: { UPLOAD_IN_FLIGHT_GB: '1000' } });
  try {
    const results: { bare: number; ours: number }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const { bare, ours } = await bothBrowsers(linked, file, round);
      results.push({ bare: bare.seconds, ours: ours.seconds });
      console.log(
        `    round ${round}: bare script ${bare.seconds.toFixed(2)} s, app ${ours.seconds.toFixed(2)} s; ` +
          `app / bare ${(ours.seconds / bare.seconds).toFixed(2)}`,
      );
      console.log(`      bare script: ${describePhases(bare.phases)}`);
      console.log(`      app:         ${describePhases(ours.phases)} (from the click)`);
    }
    const mibps = (s: number) => (size / MiB / s).toFixed(1);
    const bare = median(results.map((r) => r.bare));
    const ours = median(results.map((r) => r.ours));
    console.log(`    bare page script in Chromium:          ${bare.toFixed(1)} s  (${mibps(bare)} MiB/s)`);
    console.log(`    the app in Chromium:                   ${ours.toFixed(1)} s  (${mibps(ours)} MiB/s)`);
    console.log(`    ratio app / bare page script:          ${median(results.map((r) => r.ours / r.bare)).toFixed(2)}`);
  } finally {
    await linked.stop();
  }
}

/**
 * A round's app / bare ratio moves by about ±0.2 on a shared 2-core machine (the bare script's own
 * time by as much): the median of 5 rounds is what the goal is read from.
 */
export const UPLOAD_ROUNDS = 5;

/**
 * `rounds` rounds of the three uploads in turn, from an empty bucket, the disk settled before each
 * upload. The figures are the medians, and the ratios the medians of each round's own ratio, so a
 * slow spell of this shared machine weighs on both sides of a ratio, or on one round only.
 */
export async function runUploadBench(opts: { port: number; size: number; rounds: number }): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-files-'));
  // The quota on bytes in flight per visitor would refuse the later uploads of a large file.
  const platform = await startPlatform(opts.port, { UPLOAD_IN_FLIGHT_GB: '1000' });
  try {
    const file = await makeFile(dir, 'bench.bin', opts.size);
    const mibps = (s: number) => (opts.size / MiB / s).toFixed(1);
    console.log(`\nUpload of ${fmtMiB(opts.size)} to the embedded storage, ${opts.rounds} rounds`);
    const rounds: { reference: number; bare: BrowserUpload; ours: BrowserUpload }[] = [];
    let shareId = '';
    for (let round = 1; round <= opts.rounds; round += 1) {
      await fresh(platform);
      const reference = await nodeUpload(platform, file);
      const { bare, ours } = await bothBrowsers(platform, file, round);
      // The download bench fetches the round's last upload.
      shareId = round % 2 === 1 ? ours.shareId : bare.shareId;
      rounds.push({ reference, bare, ours });
      console.log(
        `  round ${round}: lib-storage ${reference.toFixed(2)} s, bare script ${bare.seconds.toFixed(2)} s, ` +
          `app ${ours.seconds.toFixed(2)} s; app / bare ${(ours.seconds / bare.seconds).toFixed(2)}`,
      );
      console.log(`    bare script: ${describePhases(bare.phases)}`);
      console.log(`    app:         ${describePhases(ours.phases)} (from the click)`);
    }
    const reference = median(rounds.map((r) => r.reference));
    const bare = median(rounds.map((r) => r.bare.seconds));
    const ours = median(rounds.map((r) => r.ours.seconds));
    console.log(`  medians of the rounds:`);
    console.log(`  lib-storage Upload from Node:            ${reference.toFixed(1)} s  (${mibps(reference)} MiB/s)`);
    console.log(`  bare page script in Chromium:            ${bare.toFixed(1)} s  (${mibps(bare)} MiB/s)`);
    console.log(`  the app in Chromium:                     ${ours.toFixed(1)} s  (${mibps(ours)} MiB/s)`);
    const ratioBare = median(rounds.map((r) => r.ours.seconds / r.bare.seconds));
    const ratioReference = median(rounds.map((r) => r.ours.seconds / r.reference));
    console.log(`  ratio app / bare page script:            ${ratioBare.toFixed(2)}  (goal <= 1.10)`);
    console.log(`  ratio app / lib-storage:                 ${ratioReference.toFixed(2)}`);
    const peak = (side: 'ours' | 'bare') => fmtMiB(Math.max(...rounds.map((r) => r[side].peakBytes)));
    console.log(`  browser peak memory (all processes):     ${peak('ours')}  (the bare script's: ${peak('bare')})`);
    console.log(`  over a ${LINK_MBIT} Mbit/s link each way (a proxy both browsers go through):`);
    await uploadOverALink(platform, file, opts.size, opts.rounds, opts.port + 6);
    await runDownloadBench(platform, shareId, opts.size, file, opts.port + 5);
  } finally {
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/upload.ts` runs it alone (BENCH_UPLOAD_MIB, BENCH_UPLOAD_ROUNDS, BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await runUploadBench({
    port: Number(process.env.BENCH_PORT ?? 8290),
    size: Number(process.env.BENCH_UPLOAD_MIB ?? 512) * MiB,
    rounds: Number(process.env.BENCH_UPLOAD_ROUNDS ?? UPLOAD_ROUNDS),
  });
  process.exit(0);
}
