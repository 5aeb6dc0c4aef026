// The browser's memory while it encrypts and uploads a 2 GiB file, and while it downloads and
// decrypts the same file, beside the same for files half and an eighth of that size: the peak of
// every process of the browser above the page's idle (the page loaded, before the click or the
// tap) does not grow with the file when no part of the app holds any of it. The half-size file is
// the measure: the browser's collector lets its heap grow over a run's first seconds before it
// settles, and a run as short as the eighth's (about 3 s on the loopback) ends before that. Both
// sides are the app's own: Home's upload (bench/browser-upload.ts), checked to be stored encrypted, then the
// download page on the link with its key (bench/page-download.ts), whose saved file is hashed and
// compared with the file sent. The files are sparse (zeros that take no room on disk); their
// stored bytes are ciphertext all the same.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appUpload } from './browser-upload.ts';
import { encryptionProblem } from './encrypted-share.ts';
import { sha256OfFile } from '../tests/e2e/fixtures/test-files.ts';
import { makeSparseFile, type BenchFile } from './files.ts';
import { pageDownload } from './page-download.ts';
import {
  BENCH_ANON_KEY,
  flatNote,
  fmtMiB,
  fmtRounds,
  median,
  MiB,
  startPlatform,
  type BenchPlatform,
} from './platform.ts';
import { fresh } from './upload.ts';

/** The large file (BENCH_MEMORY_MIB, default 2 GiB: the largest file the product takes); also measured at a half and an eighth of it. */
const LARGE = Number(process.env.BENCH_MEMORY_MIB ?? 2048) * MiB;
/** Rounds of each size (BENCH_MEMORY_ROUNDS); the median and the spread are printed. */
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);

interface SizeRounds {
  file: BenchFile;
  /** Peaks above the page's idle, MiB, per round. */
  up: number[];
  down: number[];
  /** The lowest of each run's second half above the page's idle, MiB, per round. */
  upLow: number[];
  downLow: number[];
  upSeconds: number[];
  downSeconds: number[];
}

/** One round: the file uploaded through Home, checked, downloaded through its link; problems go to `problems`. */
async function round(platform: BenchPlatform, into: SizeRounds, problems: string[]): Promise<void> {
  const { file } = into;
  const up = await appUpload(platform, file.path);
  const problem = await encryptionProblem({ origin: platform.origin, anonKey: BENCH_ANON_KEY }, up.shareId, file.path);
  if (problem !== null) problems.push(`the ${fmtMiB(file.size)} upload was not encrypted: ${problem}`);
  const down = await pageDownload(
    `${platform.origin}/s/${up.shareId}#${up.fragment ?? ''}`,
    'Download file',
    sha256OfFile,
  );
  if (down.inspected !== file.sha256) problems.push(`the ${fmtMiB(file.size)} file saved is not the file sent`);
  into.up.push((up.peakBytes - up.idleBytes) / MiB);
  into.down.push((down.peakBytes - down.idleBytes) / MiB);
  into.upLow.push((up.lowBytes - up.idleBytes) / MiB);
  into.downLow.push((down.lowBytes - down.idleBytes) / MiB);
  into.upSeconds.push(up.seconds);
  into.downSeconds.push(down.seconds);
  await fresh(platform);
  console.log(
    `  ${fmtMiB(file.size)} round ${into.up.length}: upload ${up.seconds.toFixed(1)} s, ` +
      `peak ${(into.up.at(-1) as number).toFixed(0)} MiB above idle; download ${down.seconds.toFixed(1)} s, ` +
      `peak ${(into.down.at(-1) as number).toFixed(0)} MiB above idle`,
  );
}

function printSide(side: 'up' | 'down', sizes: readonly SizeRounds[]): void {
  const what = side === 'up' ? 'encrypting upload (Home)' : 'decrypting download (the link)';
  const low = side === 'up' ? 'upLow' : 'downLow';
  const share = (r: SizeRounds) => ((median(r[side]) * MiB) / r.file.size) * 100;
  console.log(`  ${what}, browser memory above the page's idle (PSS, all processes):`);
  for (const r of sizes) {
    console.log(
      `    ${fmtMiB(r.file.size).padEnd(9)} file: peak ${fmtRounds(r[side], 0, ' MiB')}, ${share(r).toFixed(1)} % of the file; ` +
        `lowest in its second half ${fmtRounds(r[low], 0, ' MiB')}`,
    );
  }
  const [large, ...smaller] = sizes as [SizeRounds, ...SizeRounds[]];
  for (const [i, small] of smaller.entries()) {
    const pair = `${fmtMiB(large.file.size)} / ${fmtMiB(small.file.size)}`;
    const peak = (median(large[side]) / median(small[side])).toFixed(2);
    const held = (median(large[low]) / median(small[low])).toFixed(2);
    console.log(`    peak ${pair}:`.padEnd(32) + `${peak}  ${flatNote(large.file.size, small.file.size, i === 0)}`);
    console.log(`    lowest ${pair}:`.padEnd(32) + `${held}  (held throughout, not a peak)`);
  }
}

/**
 * The part `memory-2gib`, on a host of its own on `port`. Answers what went wrong (an upload not
 * encrypted, a saved file not the one sent), for the run to fail on.
 */
export async function runMemoryBench(opts: { port: number }): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-memory-'));
  // The quota on bytes in flight per visitor would refuse the later uploads of a large file.
  const platform = await startPlatform(opts.port, { UPLOAD_IN_FLIGHT_GB: '1000' });
  const problems: string[] = [];
  try {
    console.log(
      `\nBrowser memory of an encrypted upload and its download, ${fmtMiB(LARGE)}, ${fmtMiB(LARGE / 2)} and ${fmtMiB(LARGE / 8)} ` +
        `(median of ${ROUNDS} rounds, on the loopback)`,
    );
    const sizes: SizeRounds[] = [];
    for (const size of [LARGE, LARGE / 2, LARGE / 8]) {
      const file = await makeSparseFile(path.join(dir, `sparse-${size / MiB}.bin`), size);
      const rounds: SizeRounds = { file, up: [], down: [], upLow: [], downLow: [], upSeconds: [], downSeconds: [] };
      for (let i = 0; i < ROUNDS; i++) await round(platform, rounds, problems);
      await rm(file.path);
      sizes.push(rounds);
    }
    printSide('up', sizes);
    printSide('down', sizes);
    for (const r of sizes) {
      console.log(
        `  ${fmtMiB(r.file.size)} file, time from the click: upload ${fmtRounds(r.upSeconds, 1, ' s')}; ` +
          `from the tap: download ${fmtRounds(r.downSeconds, 1, ' s')}`,
      );
    }
    console.log(
      problems.length === 0
        ? `  every upload was stored encrypted, and every file saved hashes to the file sent`
        : `  THE FIGURES ARE NOT AN ENCRYPTED ROUND TRIP'S: ${problems.join('; ')}`,
    );
    return problems.map((problem) => `memory: ${problem}`);
  } finally {
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
