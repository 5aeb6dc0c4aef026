// Upload speed and memory: a 1 GiB file uploaded through the app in Chromium to the embedded
// storage, against the same bytes sent by @aws-sdk/lib-storage's Upload from Node to the same
// storage in the same run (same part size and parallelism), so the ratio shows our overhead.
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PART_SIZE, PARTS_IN_FLIGHT } from '../supabase/functions/_shared/domain/constants.ts';
import { fmtMiB, launchBrowser, MiB, sampleMemory, startPlatform, type BenchPlatform } from './platform.ts';

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

async function browserUpload(platform: BenchPlatform, file: string): Promise<{ seconds: number; peakBytes: number }> {
  const { browser, pid, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(platform.origin);
    // Let the service worker take control first, as it does for a returning visitor.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByTestId('upload-files-input').setInputFiles(file);
    const memory = sampleMemory(pid);
    const started = performance.now();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page
      .getByRole('region', { name: /Your share links?/ })
      .getByRole('link', { name: /\/s\/[A-Za-z0-9]{8}$/ })
      .waitFor({ timeout: 30 * 60_000 });
    const seconds = (performance.now() - started) / 1000;
    return { seconds, peakBytes: await memory.stop() };
  } finally {
    await close();
  }
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

export async function runUploadBench(opts: { port: number; size: number }): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-files-'));
  const platform = await startPlatform(opts.port);
  try {
    const file = await makeFile(dir, 'bench.bin', opts.size);
    const reference = await nodeUpload(platform, file);
    const ours = await browserUpload(platform, file);
    const mibps = (s: number) => (opts.size / MiB / s).toFixed(1);
    console.log(`\nUpload of ${fmtMiB(opts.size)} to the embedded storage`);
    console.log(`  reference (lib-storage Upload from Node): ${reference.toFixed(1)} s  (${mibps(reference)} MiB/s)`);
    console.log(
      `  ours (the app in Chromium):              ${ours.seconds.toFixed(1)} s  (${mibps(ours.seconds)} MiB/s)`,
    );
    console.log(`  ratio ours / reference:                  ${(ours.seconds / reference).toFixed(2)}`);
    console.log(`  browser peak memory (all processes):     ${fmtMiB(ours.peakBytes)}`);
  } finally {
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
