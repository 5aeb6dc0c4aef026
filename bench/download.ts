// A recipient's download against curl, on the same stored file: the app's Download file button
// in Chromium (the browser itself fetches the presigned URL and streams it to disk; the page never
// holds the file), `curl` fetching a presigned URL of the same object, and a plain link to such a
// URL clicked in Chromium (what the browser itself costs). Then the same bytes from a trivial Node
// file server (no storage front, no s3rver), fetched by curl, by a link in Chromium and by fetch()
// in a Chromium page that reads and drops the body: whether the gap to curl is ours or Chromium's.
// Last, curl and the app's button over a link of a set speed (BENCH_LINK_MBIT, a proxy both go
// through, bench/link-proxy.ts), where a recipient's download spends its time.
// Runs alternate; the best of each counts.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import type { DownloadTicket } from '../supabase/functions/_shared/domain/api-types.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { LINK_MBIT, startHostBehindLink } from './link-proxy.ts';
import { BENCH_ANON_KEY, MiB, shareFile, type BenchPlatform } from './platform.ts';

const run = promisify(execFile);
const ROUNDS = 2;

/** The best of a client's runs. */
const best = (seconds: number[]) => Math.min(...seconds);

/** A client's best time and its speed for `size` bytes, as the report prints them. */
const timeAndSpeed = (seconds: number[], size: number) =>
  `${best(seconds).toFixed(2)} s  (${(size / MiB / best(seconds)).toFixed(0)} MiB/s)`;

async function presignedUrl(platform: BenchPlatform, shareId: string): Promise<string> {
  const res = await fetch(`${platform.origin}/functions/v1/api/shares/${shareId}/download`, {
    method: 'POST',
    headers: { apikey: BENCH_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) throw new Error(`download ticket: ${res.status} ${await res.text()}`);
  return ((await res.json()) as DownloadTicket).url;
}

async function curlSeconds(url: string, target: string): Promise<number> {
  const { stdout } = await run('curl', ['-sS', '--fail', '-o', target, '-w', '%{time_total}', url]);
  return Number(stdout);
}

/**
 * The app's button (`link` undefined), or a plain link to `link.url` on an empty page of
 * `link.origin`.
 */
async function browserSeconds(
  platform: BenchPlatform,
  shareId: string,
  dir: string,
  link?: { origin: string; url: string },
): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, downloadsPath: dir });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    let click: () => Promise<void>;
    if (link !== undefined) {
      const { url } = link;
      await page.goto(link.origin);
      click = () =>
        page.evaluate((href) => {
          const link = document.createElement('a');
          link.href = href;
          document.body.append(link);
          link.click();
        }, url);
    } else {
      await page.goto(`${platform.origin}/s/${shareId}`);
      const button = page.getByRole('button', { name: 'Download file' });
      await button.waitFor();
      // A tap on the page as a recipient gets it: the download page starts its app on that tap
      // (public/boot.js), so the app's start is part of the download's time.
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

/** A Chromium page of `origin` that fetches `url` and reads its body to the end, dropping it. */
async function fetchSeconds(origin: string, url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(origin);
    return await page.evaluate(async (href) => {
      const started = performance.now();
      const reader = (await fetch(href)).body?.getReader();
      if (reader === undefined) throw new Error('no body');
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        // dropped
      }
      return (performance.now() - started) / 1000;
    }, url);
  } finally {
    await browser.close();
  }
}

/** Serves `file` at /file.bin (Content-Length, attachment) and an empty page at /, on a free port. */
async function startFileServer(file: string, size: number) {
  const server = createServer((req, res) => {
    if (req.url !== '/file.bin') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(size),
      'content-disposition': 'attachment; filename="file.bin"',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, url: `${origin}/file.bin`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** curl and the app's button, alternately, over a link of LINK_MBIT (`startHostBehindLink`). */
async function overALink(platform: BenchPlatform, file: string, size: number, hostPort: number, dir: string) {
  const linked = await startHostBehindLink(platform, hostPort);
  try {
    const shareId = await shareFile({ origin: linked.origin, anonKey: BENCH_ANON_KEY }, file, 'link.bin');
    const curl: number[] = [];
    const app: number[] = [];
    const target = path.join(dir, 'link.bin');
    for (let i = 0; i < ROUNDS; i++) {
      curl.push(await curlSeconds(await presignedUrl(linked, shareId), target));
      await rm(target, { force: true });
      app.push(await browserSeconds(linked, shareId, dir));
    }
    const link = (LINK_MBIT * 1e6) / 8 / MiB;
    console.log(
      `  over a ${LINK_MBIT} Mbit/s link (${link.toFixed(0)} MiB/s; a proxy curl and Chromium both go through):`,
    );
    console.log(`    curl on a presigned URL:               ${timeAndSpeed(curl, size)}`);
    console.log(`    the app's Download file in Chromium:   ${timeAndSpeed(app, size)}`);
    console.log(`    speed app / curl:                      ${(best(curl) / best(app)).toFixed(2)}  (goal >= 0.90)`);
  } finally {
    await linked.stop();
  }
}

/**
 * `file`: the same bytes as the shared file, on this machine's disk. `linkHostPort`: a free port
 * for the host behind the link.
 */
export async function runDownloadBench(
  platform: BenchPlatform,
  shareId: string,
  size: number,
  file: string,
  linkHostPort: number,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-download-'));
  const plain = await startFileServer(file, size);
  try {
    const curl: number[] = [];
    const app: number[] = [];
    const bare: number[] = [];
    const plainCurl: number[] = [];
    const plainLink: number[] = [];
    const plainFetch: number[] = [];
    const target = path.join(dir, 'curl.bin');
    for (let i = 0; i < ROUNDS; i++) {
      curl.push(await curlSeconds(await presignedUrl(platform, shareId), target));
      await rm(target, { force: true });
      app.push(await browserSeconds(platform, shareId, dir));
      const url = await presignedUrl(platform, shareId);
      bare.push(
        await browserSeconds(platform, shareId, dir, { origin: `${platform.origin}/manifest.webmanifest`, url }),
      );
      plainCurl.push(await curlSeconds(plain.url, target));
      await rm(target, { force: true });
      plainLink.push(await browserSeconds(platform, shareId, dir, plain));
      plainFetch.push(await fetchSeconds(plain.origin, plain.url));
    }
    console.log(`\nDownload of the same ${Math.round(size / MiB)} MiB file (best of ${ROUNDS})`);
    console.log(`  curl on a presigned URL:                 ${timeAndSpeed(curl, size)}`);
    console.log(`  the app's Download file in Chromium:     ${timeAndSpeed(app, size)}`);
    console.log(`  a plain link to the URL in Chromium:     ${timeAndSpeed(bare, size)}`);
    console.log(`  speed app / plain link:                  ${(best(bare) / best(app)).toFixed(2)}`);
    console.log(`  speed app / curl:                        ${(best(curl) / best(app)).toFixed(2)}  (goal >= 0.90)`);
    console.log(`  the same bytes from a trivial Node file server (no storage front):`);
    console.log(`    curl:                                  ${timeAndSpeed(plainCurl, size)}`);
    console.log(`    a plain link in Chromium:              ${timeAndSpeed(plainLink, size)}`);
    console.log(`    fetch() in a Chromium page, dropped:   ${timeAndSpeed(plainFetch, size)}`);
    console.log(`    speed Chromium link / curl:            ${(best(plainCurl) / best(plainLink)).toFixed(2)}`);
    await overALink(platform, file, size, linkHostPort, dir);
  } finally {
    await plain.close();
    await rm(dir, { recursive: true, force: true });
  }
}
