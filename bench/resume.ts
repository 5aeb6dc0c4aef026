// Resume after a killed browser: a file uploaded through the app in Chromium, with the browser
// killed (SIGKILL, every process) when the page shows 5 %, 20 % and 50 %, started again on the same
// profile and the app opened; against the same file uploaded without interruption in the same run.
// The killed runs' first browser sends over a link of RESUME_LINK_MIB_PER_S (a fast home uplink),
// so that 5 % is a moment the page shows; the uninterrupted upload and every second browser go at
// the loopback's speed.
//
// Figures, per kill: parts stored when killed, parts whose ETag was stored and that were sent again
// (must be 0), parts the bucket finished twice (must be 0), bytes sent again (all part-body bytes
// the browser sent, counted on the wire by an HTTP proxy in front of the host, minus the file's
// stored size), and the second browser's time from its start to done against the uninterrupted
// upload. Every upload from the app is end-to-end encrypted: each one is checked to be stored as
// ciphertext (bench/encrypted-share.ts), and its stored size, which the parts carry, is the
// ciphertext's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { startCountingProxy, type CountingProxy } from '../tests/e2e/fixtures/counting-proxy.ts';
import { killBrowser } from '../tests/e2e/fixtures/kill-browser.ts';
import type { FileShareDto } from '../supabase/functions/_shared/domain/api-types.ts';
import { encryptionProblem } from './encrypted-share.ts';
import { makeFile } from './files.ts';
import { BENCH_ANON_KEY, call, fmtMiB, MiB, startPlatform, type Target } from './platform.ts';

/** The killed runs' link: 40 MiB/s (about 335 Mbit/s, a fast home uplink), one part at a time. */
const RESUME_LINK_MIB_PER_S = 40;

export interface ResumeBenchOptions {
  /** Port for the platform this benchmark starts (its own `npm start`). */
  port: number;
  /** File size in bytes (the figures are quoted for 1 GiB). */
  size: number;
  /** Percentages the page shows when the browser is killed. Default 5, 20 and 50. */
  killAt?: readonly number[];
}

export interface ResumeKill {
  /** What the page showed when the browser was killed. */
  shownPercent: number;
  /** Parts stored in IndexedDB when the browser was killed, of all parts. */
  partsStoredAtKill: number;
  partCount: number;
  /** Parts whose ETag was stored when killed, and that the second browser sent again. */
  storedPartsSentAgain: number;
  /** Parts the bucket answered 200 for in both browser runs. */
  finishedPartsSentAgain: number;
  /** Part-body bytes sent in the interrupted upload beyond the file's stored (encrypted) size. */
  bytesSentAgain: number;
  /** The second browser: from its start to the upload done. */
  resumeSeconds: number;
}

export interface ResumeBenchResult {
  size: number;
  uninterruptedSeconds: number;
  kills: ResumeKill[];
  /** Uploads that were not stored encrypted: their figures are not an encrypted upload's. */
  problems: string[];
}

interface JobView {
  state: string;
  shareId: string | null;
  bytesDone: number;
  size: number;
  parts: { partNumber: number }[];
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

/** Waits until the page shows at least `percent` % for the upload (Home's progress bar); returns it. */
async function waitForShown(page: Page, percent: number): Promise<number> {
  const shown = await page.waitForFunction(
    (at) => {
      const value = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0);
      return value >= at ? value : null;
    },
    percent,
    { polling: 10, timeout: 0 },
  );
  return (await shown.jsonValue()) ?? percent;
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
  // Home starts its app (which registers the worker) on the visitor's first intent: a key, as in the browser tests.
  await page.keyboard.press('Shift');
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

/**
 * The stored size of the finished upload `job` (its parts' bytes in all), after checking that it
 * was stored encrypted; a problem goes to `problems`.
 */
async function storedSize(target: Target, job: JobView, file: string, problems: string[]): Promise<number> {
  const shareId = job.shareId ?? '';
  const problem = await encryptionProblem(target, shareId, file);
  if (problem !== null) problems.push(`the app's upload ${shareId} was not encrypted: ${problem}`);
  return (await call<FileShareDto>(target, 'GET', `/shares/${shareId}`)).storedSize;
}

async function killedAt(
  killAt: number,
  file: string,
  dir: string,
  target: Target,
  proxy: CountingProxy,
  problems: string[],
): Promise<ResumeKill> {
  const { origin } = target;
  proxy.answers.length = 0;
  proxy.started.length = 0;
  proxy.partBytes = 0;
  proxy.setRun(1);
  proxy.throttleParts(RESUME_LINK_MIB_PER_S * MiB);
  const profile = path.join(dir, `profile-killed-${killAt}`);
  const first = await launch(profile, origin, proxy);
  const page = await openApp(first);
  await startUpload(page, file);
  const shownPercent = await waitForShown(page, killAt);
  const closed = new Promise((resolve) => first.once('close', resolve));
  killBrowser(profile);
  await closed;
  proxy.setRun(2);
  proxy.throttleParts(null);
  const restarted = performance.now();
  const second = await launch(profile, origin, proxy);
  let atStart: JobView | undefined;
  let done: JobView;
  try {
    const reopened = second.pages()[0] ?? (await second.newPage());
    await reopened.goto('/');
    atStart = await readJob(reopened);
    done = await waitForJob(reopened, (job) => job.state === 'done' || job.state === 'failed');
  } finally {
    await second.close();
  }
  if (done.state !== 'done') throw new Error(`The upload killed at ${killAt} % did not resume: ${done.state}`);
  const resumeSeconds = (performance.now() - restarted) / 1000;
  // The worker may have recorded a part or two before the page read the job: the stored parts are
  // the ones the second run's first answer did not bring.
  const secondFinished = new Set(proxy.answers.filter((a) => a.run === 2 && a.status === 200).map((a) => a.partNumber));
  const stored = new Set(
    (atStart?.parts ?? []).map((part) => part.partNumber).filter((part) => !secondFinished.has(part)),
  );
  const finishedFirst = new Set(proxy.answers.filter((a) => a.run === 1 && a.status === 200).map((a) => a.partNumber));
  return {
    shownPercent,
    partsStoredAtKill: stored.size,
    partCount: done.partCount ?? 0,
    storedPartsSentAgain: proxy.started.filter((s) => s.run === 2 && stored.has(s.partNumber)).length,
    finishedPartsSentAgain: [...secondFinished].filter((part) => finishedFirst.has(part)).length,
    bytesSentAgain: proxy.partBytes - (await storedSize(target, done, file, problems)),
    resumeSeconds,
  };
}

export async function runResumeBench(opts: ResumeBenchOptions): Promise<ResumeBenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-resume-'));
  const platform = await startPlatform(opts.port);
  const target = { origin: platform.origin, anonKey: BENCH_ANON_KEY };
  const proxy = await startCountingProxy();
  const problems: string[] = [];
  try {
    const { path: file } = await makeFile(path.join(dir, 'resume-bench.bin'), opts.size);

    // Uninterrupted, through the same proxy at full speed.
    const plain = await launch(path.join(dir, 'profile-plain'), platform.origin, proxy);
    let uninterruptedSeconds: number;
    try {
      const page = await openApp(plain);
      const started = await startUpload(page, file);
      const done = await waitForJob(page, (job) => job.state === 'done');
      uninterruptedSeconds = (performance.now() - started) / 1000;
      await storedSize(target, done, file, problems);
    } finally {
      await plain.close();
    }

    const kills: ResumeKill[] = [];
    for (const killAt of opts.killAt ?? [5, 20, 50]) {
      kills.push(await killedAt(killAt, file, dir, target, proxy, problems));
    }
    console.log(`\nResume after a killed browser, ${fmtMiB(opts.size)} file`);
    console.log(`  uninterrupted upload:                    ${uninterruptedSeconds.toFixed(1)} s`);
    for (const kill of kills) {
      console.log(`  killed at ${kill.shownPercent} % shown (first browser over ${RESUME_LINK_MIB_PER_S} MiB/s):`);
      console.log(`    parts stored when killed:              ${kill.partsStoredAtKill} of ${kill.partCount}`);
      console.log(`    stored parts sent again:               ${kill.storedPartsSentAgain}`);
      console.log(`    parts the bucket finished twice:       ${kill.finishedPartsSentAgain}`);
      console.log(
        `    bytes sent again:                      ${fmtMiB(kill.bytesSentAgain)} (${kill.bytesSentAgain} bytes)`,
      );
      console.log(`    second browser, start to done:         ${kill.resumeSeconds.toFixed(1)} s`);
    }
    console.log(
      problems.length === 0
        ? `  every upload was stored encrypted (encryption on its share, the ciphertext's size, not the file's bytes)`
        : `  AN UPLOAD WAS NOT ENCRYPTED, the figures are not an encrypted upload's: ${problems.join('; ')}`,
    );
    return { size: opts.size, uninterruptedSeconds, kills, problems };
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
