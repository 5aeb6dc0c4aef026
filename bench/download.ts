// A recipient's download against curl, on the same stored file: the app's Download File button
// in Chromium (the browser itself fetches the presigned URL and streams it to disk; the page never
// holds the file), `curl` fetching a presigned URL of the same object, and a plain link to such a
// URL clicked in Chromium (what the browser itself costs). Runs alternate; the best of each counts.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import type { DownloadTicket } from '../supabase/functions/_shared/domain/api-types.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { BENCH_ANON_KEY, MiB, type BenchPlatform } from './platform.ts';

const run = promisify(execFile);
const ROUNDS = 2;

async function presignedUrl(platform: BenchPlatform, shareId: string): Promise<string> {
  const res = await fetch(`${platform.origin}/functions/v1/api/shares/${shareId}/download`, {
    method: 'POST',
    headers: { apikey: BENCH_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) throw new Error(`download ticket: ${res.status} ${await res.text()}`);
  return ((await res.json()) as DownloadTicket).url;
}

async function curlSeconds(platform: BenchPlatform, shareId: string, target: string): Promise<number> {
  const url = await presignedUrl(platform, shareId);
  const { stdout } = await run('curl', ['-sS', '--fail', '-o', target, '-w', '%{time_total}', url]);
  return Number(stdout);
}

/** The app's button (`bare`: false), or a plain link to a presigned URL on an empty page (`bare`: true). */
async function browserSeconds(platform: BenchPlatform, shareId: string, dir: string, bare: boolean): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, downloadsPath: dir });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    let click: () => Promise<void>;
    if (bare) {
      const url = await presignedUrl(platform, shareId);
      await page.goto(`${platform.origin}/manifest.webmanifest`);
      click = () =>
        page.evaluate((href) => {
          const link = document.createElement('a');
          link.href = href;
          document.body.append(link);
          link.click();
        }, url);
    } else {
      await page.goto(`${platform.origin}/s/${shareId}`);
      const button = page.getByRole('button', { name: 'Download File' });
      await button.waitFor();
      click = () => button.click();
    }
    const started = performance.now();
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const failure = await download.failure();
    if (failure !== null) throw new Error(`browser download failed: ${failure}`);
    await download.path();
    const seconds = (performance.now() - started) / 1000;
    await download.delete();
    return seconds;
  } finally {
    await browser.close();
  }
}

export async function runDownloadBench(platform: BenchPlatform, shareId: string, size: number): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-download-'));
  try {
    const curl: number[] = [];
    const app: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      curl.push(await curlSeconds(platform, shareId, path.join(dir, 'curl.bin')));
      await rm(path.join(dir, 'curl.bin'), { force: true });
      app.push(await browserSeconds(platform, shareId, dir, false));
      bare.push(await browserSeconds(platform, shareId, dir, true));
    }
    const best = (xs: number[]) => Math.min(...xs);
    const mibps = (s: number) => (size / MiB / s).toFixed(0);
    console.log(`\nDownload of the same ${Math.round(size / MiB)} MiB file (best of ${ROUNDS})`);
    console.log(`  curl on a presigned URL:                 ${best(curl).toFixed(2)} s  (${mibps(best(curl))} MiB/s)`);
    console.log(`  the app's Download File in Chromium:     ${best(app).toFixed(2)} s  (${mibps(best(app))} MiB/s)`);
    console.log(`  a plain link to the URL in Chromium:     ${best(bare).toFixed(2)} s  (${mibps(best(bare))} MiB/s)`);
    console.log(`  speed app / plain link:                  ${(best(bare) / best(app)).toFixed(2)}`);
    console.log(`  speed app / curl:                        ${(best(curl) / best(app)).toFixed(2)}  (goal >= 0.90)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
