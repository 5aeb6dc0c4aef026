// Upload speed and memory: a file (512 MiB by default) uploaded through the app in Chromium to the
// embedded storage, against references in the same rounds to the same storage: a bare page script
// in the same browser (the same API calls, presigned part PUTs with fetch, PARTS_IN_FLIGHT at once,
// no IndexedDB, no service worker, no encryption), the same script encrypting, into a copy on disk
// or keeping none (bareBrowserUpload's `encrypting`), and @aws-sdk/lib-storage's Upload from Node (same part size
// and parallelism). Every upload from the app is end-to-end encrypted, and each is
// checked to be (stored as ciphertext) before its figures count: the first ratio is what the
// engine and its encryption cost; the second, the browser's and ours.
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appUpload, bareBrowserUpload, describePhases, type BrowserUpload } from './browser-upload.ts';
import { encryptionProblem } from './encrypted-share.ts';
import { makeFile } from './files.ts';
import { LINK_MBIT, startHostBehindLink } from './link-proxy.ts';
import { DEFAULT_PART_SIZE, PARTS_IN_FLIGHT } from '../supabase/functions/_shared/domain/constants.ts';
import { BENCH_ANON_KEY, fmtMiB, fmtRounds, MiB, startPlatform, type BenchPlatform } from './platform.ts';

/** The goal for the app's upload time / the bare script's: the app encrypts, the bare script does not. */
export const ENCRYPTED_UPLOAD_GOAL = 1.15;

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
export async function fresh(platform: BenchPlatform): Promise<void> {
  await emptyBucket(platform);
  settleDisk();
}

/**
 * The app's upload, checked to be end-to-end encrypted before the bucket is emptied: its figures
 * are an encrypted upload's only if it was one. A problem is kept in `problems`, for the run to
 * fail on.
 */
async function encryptedAppUpload(platform: BenchPlatform, file: string, problems: string[]): Promise<BrowserUpload> {
  const ours = await appUpload(platform, file);
  const problem = await encryptionProblem({ origin: platform.origin, anonKey: BENCH_ANON_KEY }, ours.shareId, file);
  if (problem !== null) problems.push(`the app's upload to ${platform.origin} was not encrypted: ${problem}`);
  return ours;
}

/**
 * The bare script and the app, each from a fresh bucket. They take turns to go first, the bare
 * script in odd rounds: the machine's state drifts in a round.
 */
async function bothBrowsers(
  platform: BenchPlatform,
  file: string,
  round: number,
  problems: string[],
): Promise<{ bare: BrowserUpload; ours: BrowserUpload }> {
  if (round % 2 === 1) {
    await fresh(platform);
    const bare = await bareBrowserUpload(platform, file);
    await fresh(platform);
    return { bare, ours: await encryptedAppUpload(platform, file, problems) };
  }
  await fresh(platform);
  const ours = await encryptedAppUpload(platform, file, problems);
  await fresh(platform);
  return { bare: await bareBrowserUpload(platform, file), ours };
}

type Round = { bare: BrowserUpload; ours: BrowserUpload };

/** Each round's times, as it ends. */
function printRound(round: number, { bare, ours }: Round, indent: string, reference?: number): void {
  const lib = reference === undefined ? '' : `lib-storage ${reference.toFixed(2)} s, `;
  console.log(
    `${indent}round ${round}: ${lib}bare script ${bare.seconds.toFixed(2)} s, app ${ours.seconds.toFixed(2)} s; ` +
      `app / bare ${(ours.seconds / bare.seconds).toFixed(2)}`,
  );
  console.log(`${indent}  bare script: ${describePhases(bare.phases)}`);
  console.log(`${indent}  app:         ${describePhases(ours.phases)} (from the click)`);
}

/**
 * The browsers' times and speeds over the rounds, the app / bare ratio the goal is read from, and
 * a loud line when an app upload was not encrypted.
 */
function printBrowsers(rounds: readonly Round[], size: number, problems: readonly string[], indent: string): void {
  const times = (side: keyof Round) => rounds.map((r) => r[side].seconds);
  const speeds = (side: keyof Round) => times(side).map((s) => size / MiB / s);
  console.log(`${indent}bare page script in Chromium:            ${fmtRounds(times('bare'), 2, ' s')}`);
  console.log(`${indent}  its speed:                             ${fmtRounds(speeds('bare'), 1, ' MiB/s')}`);
  console.log(`${indent}the app in Chromium, encrypting:         ${fmtRounds(times('ours'), 2, ' s')}`);
  console.log(`${indent}  its speed:                             ${fmtRounds(speeds('ours'), 1, ' MiB/s')}`);
  const ratios = rounds.map((r) => r.ours.seconds / r.bare.seconds);
  console.log(
    `${indent}ratio encrypted app / bare page script:  ${fmtRounds(ratios, 2)}  (goal <= ${ENCRYPTED_UPLOAD_GOAL})`,
  );
  console.log(
    problems.length === 0
      ? `${indent}  every app upload was stored encrypted (encryption on its share, the ciphertext's size, not the file's bytes)`
      : `${indent}  AN APP UPLOAD WAS NOT ENCRYPTED, the figures are not an encrypted upload's: ${problems.join('; ')}`,
  );
}

/**
 * The bare script and the app, taking turns, over a link of LINK_MBIT each way
 * (`startHostBehindLink`), as from a person's browser to a bucket elsewhere. On the loopback, the
 * bucket's work shares the browsers' two cores.
 */
async function uploadOverALink(platform: BenchPlatform, file: string, size: number, count: number, hostPort: number) {
  const linked = await startHostBehindLink(platform, hostPort, { uplink: true, env: { UPLOAD_IN_FLIGHT_GB: '1000' } });
  const problems: string[] = [];
  try {
    console.log(`  over a ${LINK_MBIT} Mbit/s link each way (a proxy both browsers go through):`);
    const rounds: Round[] = [];
    for (let round = 1; round <= count; round += 1) {
      rounds.push(await bothBrowsers(linked, file, round, problems));
      printRound(round, rounds.at(-1) as Round, '    ');
    }
    printBrowsers(rounds, size, problems, '    ');
    return problems;
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
 * upload, then the two browsers over a link. The figures are the medians and spreads of the
 * rounds, and the ratios those of each round's own ratio, so a slow spell of this shared machine
 * weighs on both sides of a ratio, or on one round only. Answers what went wrong (an app upload
 * that was not encrypted), for the run to fail on.
 */
export async function runUploadBench(opts: { port: number; size: number; rounds: number }): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-files-'));
  // The quota on bytes in flight per visitor would refuse the later uploads of a large file.
  const platform = await startPlatform(opts.port, { UPLOAD_IN_FLIGHT_GB: '1000' });
  const problems: string[] = [];
  try {
    const { path: file } = await makeFile(path.join(dir, 'bench.bin'), opts.size);
    console.log(`\nUpload of ${fmtMiB(opts.size)} to the embedded storage, ${opts.rounds} rounds`);
    const rounds: (Round & { reference: number; encrypting: BrowserUpload; inMemory: BrowserUpload })[] = [];
    for (let round = 1; round <= opts.rounds; round += 1) {
      await fresh(platform);
      const reference = await nodeUpload(platform, file);
      await fresh(platform);
      const encrypting = await bareBrowserUpload(platform, file, { encrypting: 'to-disk' });
      await fresh(platform);
      const inMemory = await bareBrowserUpload(platform, file, { encrypting: 'in-memory' });
      rounds.push({ reference, encrypting, inMemory, ...(await bothBrowsers(platform, file, round, problems)) });
      printRound(round, rounds.at(-1) as Round, '  ', reference);
      console.log(
        `    encrypting script, a copy on disk ${encrypting.seconds.toFixed(2)} s, none ${inMemory.seconds.toFixed(2)} s`,
      );
    }
    const reference = rounds.map((r) => r.reference);
    console.log(`  lib-storage Upload from Node:            ${fmtRounds(reference, 2, ' s')}`);
    printBrowsers(rounds, opts.size, problems, '  ');
    const encrypting = rounds.map((r) => r.encrypting.seconds);
    console.log(`  encrypting page script, a copy on disk:  ${fmtRounds(encrypting, 2, ' s')}`);
    const floor = rounds.map((r) => r.encrypting.seconds / r.bare.seconds);
    console.log(`  ratio encrypting script / bare script:   ${fmtRounds(floor, 2)}  (the least the work itself costs)`);
    const noCopy = rounds.map((r) => r.inMemory.seconds / r.bare.seconds);
    console.log(`    the same with no copy kept:            ${fmtRounds(noCopy, 2)}`);
    const aboveFloor = rounds.map((r) => r.ours.seconds / r.encrypting.seconds);
    console.log(
      `  ratio encrypted app / encrypting script: ${fmtRounds(aboveFloor, 2)}  (what the engine costs above it)`,
    );
    const ratioReference = rounds.map((r) => r.ours.seconds / r.reference);
    console.log(`  ratio encrypted app / lib-storage:       ${fmtRounds(ratioReference, 2)}`);
    const peaks = (side: keyof Round) => rounds.map((r) => r[side].peakBytes / MiB);
    console.log(`  browser peak memory (all processes):     app ${fmtRounds(peaks('ours'), 0, ' MiB')}`);
    console.log(`                                           bare script ${fmtRounds(peaks('bare'), 0, ' MiB')}`);
    problems.push(...(await uploadOverALink(platform, file, opts.size, opts.rounds, opts.port + 6)));
    return problems;
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
