// Resume after a killed browser: a file uploaded through the app in Chromium, with the browser
// killed (SIGKILL, every process) when half of it is stored, started again on the same profile and
// the app opened; against the same file uploaded without interruption in the same run.
//
// Figures: bytes sent again (all part-body bytes the browser sent, counted on the wire by an HTTP
// proxy in front of the host, minus the file's size), parts the bucket finished twice, and the
// interrupted upload's time (click to done, the browser restart included) over the uninterrupted one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { startCountingProxy, type CountingProxy } from '../tests/e2e/fixtures/counting-proxy.ts';
import { killBrowser } from '../tests/e2e/fixtures/kill-browser.ts';
import { fmtMiB, MiB, startPlatform } from './platform.ts';
import { makeFile } from './upload.ts';

export interface ResumeBenchOptions {
  /** Port for the platform this benchmark starts (its own `npm start`). */
  port: number;
  /** File size in bytes (the figures are quoted for 1 GiB). */
  size: number;
  /** Fraction of the file stored when the browser is killed. Default 0.5. */
  killAt?: number;
}

export interface ResumeBenchResult {
  size: number;
  uninterruptedSeconds: number;
  interruptedSeconds: number;
  /** interruptedSeconds / uninterruptedSeconds. */
  ratio: number;
  /** Part-body bytes sent in the interrupted upload beyond the file's size. */
  bytesSentAgain: number;
  /** Parts the bucket answered 200 for in both browser runs. */
  finishedPartsSentAgain: number;
  /** Parts stored in IndexedDB when the browser was killed, of all parts. */
  partsStoredAtKill: number;
  partCount: number;
}

interface JobView {
  state: string;
  bytesDone: number;
  size: number;
  parts: unknown[];
  partCount: number | null;
}

function readJob(page: Page): Promise<JobView | undefined> {
  return page.evaluate(
    () =>
      new Promise<JobView | undefined>((resolve, reject) => {
        const open = indexedDB.open('ulak');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('uploadJobs')) return resolve(undefined);
          const all = db.transaction('uploadJobs').objectStore('uploadJobs').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as JobView[])[0]);
          };
          all.onerror = () => reject(all.error ?? new Error('read failed'));
        };
      }),
  );
}

async function waitForJob(page: Page, check: (job: JobView) => boolean): Promise<JobView> {
  for (;;) {
    const job = await readJob(page);
    if (job !== undefined && check(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function launch(profile: string, origin: string, proxy: CountingProxy): Promise<BrowserContext> {
  // Playwright sends loopback traffic through the proxy too (it adds <-loopback> to the bypass list).
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: origin,
    proxy: { server: proxy.url },
  });
}

/** Opens the app and waits until its service worker controls the page, as for a returning visitor. */
async function openApp(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller !== null) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  return page;
}

async function startUpload(page: Page, file: string): Promise<number> {
  await page.getByTestId('upload-files-input').setInputFiles(file);
  const started = performance.now();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  return started;
}

export async function runResumeBench(opts: ResumeBenchOptions): Promise<ResumeBenchResult> {
  const killAt = opts.killAt ?? 0.5;
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-resume-'));
  const platform = await startPlatform(opts.port);
  const proxy = await startCountingProxy();
  try {
    const file = await makeFile(dir, 'resume-bench.bin', opts.size);

    // Uninterrupted, through the same proxy.
    const plainProfile = path.join(dir, 'profile-plain');
    const plain = await launch(plainProfile, platform.origin, proxy);
    let uninterruptedSeconds: number;
    try {
      const page = await openApp(plain);
      const started = await startUpload(page, file);
      await waitForJob(page, (job) => job.state === 'done');
      uninterruptedSeconds = (performance.now() - started) / 1000;
    } finally {
      await plain.close();
    }

    // Interrupted at killAt, then the app opened again on the same profile.
    proxy.answers.length = 0;
    proxy.started.length = 0;
    proxy.partBytes = 0;
    const profile = path.join(dir, 'profile-killed');
    const first = await launch(profile, platform.origin, proxy);
    const page = await openApp(first);
    const started = await startUpload(page, file);
    const atKill = await waitForJob(page, (job) => job.bytesDone >= job.size * killAt);
    const closed = new Promise((resolve) => first.once('close', resolve));
    killBrowser(profile);
    await closed;
    proxy.setRun(2);
    const second = await launch(profile, platform.origin, proxy);
    let done: JobView;
    try {
      const reopened = second.pages()[0] ?? (await second.newPage());
      await reopened.goto('/');
      done = await waitForJob(reopened, (job) => job.state === 'done');
    } finally {
      await second.close();
    }
    const interruptedSeconds = (performance.now() - started) / 1000;

    const finishedFirst = new Set(
      proxy.answers.filter((a) => a.run === 1 && a.status === 200).map((a) => a.partNumber),
    );
    const finishedPartsSentAgain = proxy.answers.filter(
      (a) => a.run === 2 && a.status === 200 && finishedFirst.has(a.partNumber),
    ).length;
    const result: ResumeBenchResult = {
      size: opts.size,
      uninterruptedSeconds,
      interruptedSeconds,
      ratio: interruptedSeconds / uninterruptedSeconds,
      bytesSentAgain: proxy.partBytes - opts.size,
      finishedPartsSentAgain,
      partsStoredAtKill: atKill.parts.length,
      partCount: done.partCount ?? 0,
    };
    console.log(`\nResume after a killed browser, ${fmtMiB(opts.size)} file, killed at ${Math.round(killAt * 100)} %`);
    console.log(`  parts stored when killed:                ${result.partsStoredAtKill} of ${result.partCount}`);
    console.log(
      `  bytes sent again:                        ${fmtMiB(result.bytesSentAgain)} (${result.bytesSentAgain} bytes)`,
    );
    console.log(`  parts the bucket finished twice:         ${result.finishedPartsSentAgain}`);
    console.log(`  uninterrupted upload:                    ${uninterruptedSeconds.toFixed(1)} s`);
    console.log(`  interrupted upload (restart included):   ${interruptedSeconds.toFixed(1)} s`);
    console.log(`  ratio interrupted / uninterrupted:       ${result.ratio.toFixed(2)}`);
    return result;
  } finally {
    await proxy.close();
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/resume.ts` runs it alone (BENCH_SIZE_MIB, BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const size = Number(process.env.BENCH_SIZE_MIB ?? 1024) * MiB;
  await runResumeBench({ port: Number(process.env.BENCH_PORT ?? 8291), size });
  process.exit(0);
}
