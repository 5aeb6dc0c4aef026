// The first tap on a phone: a cold download page (host-rendered, its app not loaded yet) under
// Lighthouse's mobile conditions (4x slower CPU; a link of 150 ms round trips, 1.6 Mbit/s down,
// 750 kbit/s up, bench/link-proxy.ts, in front of the host), timed from
// the tap on Download to the browser's download starting; against a plain <a download> to a
// presigned URL of the same stored file on the same page, in turns. For a file stored as sent (an
// API client's) and an end-to-end encrypted one (the app's): both medians with their spread and
// app / plain link (goal: at most FIRST_TAP_GOAL); then Lighthouse's performance score for the
// page (goal: at least FIRST_TAP_LIGHTHOUSE_GOAL).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { shareEncryptedFile } from './encrypted-share.ts';
import { auditPages } from './lighthouse.ts';
import { startHostBehindLink } from './link-proxy.ts';
import { BENCH_ANON_KEY, benchDistDir, launchBrowser, median, shareSmallFile } from './platform.ts';

/** The goal for app / plain link. */
export const FIRST_TAP_GOAL = 1.3;
/** The goal for the page's Lighthouse performance score while the tap is that fast. */
export const FIRST_TAP_LIGHTHOUSE_GOAL = 95;
/** Taps timed each way; the median is printed (one tap on a loaded 2-core machine is noisy). */
const RUNS = Number(process.env.BENCH_FIRST_TAP_RUNS ?? 5);
/** A tap with no download after this long is a failed round (default 60 s; a round takes about 5 s). */
const TAP_TIMEOUT_MS = 60_000;

/** One way to start the download: `prepare` is not timed, `tap` is. */
interface Arm {
  prepare?: (page: Page) => Promise<void>;
  tap: (page: Page) => Promise<void>;
}

/**
 * Lighthouse's mobile network ('slow 4G'): the link the host is behind, which every request of the
 * browser's crosses, its service worker's too (Chromium's own network emulation reaches only the
 * page's).
 */
const MOBILE_LINK = { down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8, roundTripMs: 150 };

/** Lighthouse's mobile CPU (a mid-range phone): the page runs 4 times slower. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function ticketUrl(origin: string, shareId: string): Promise<string> {
  const answer = await fetch(`${origin}/functions/v1/api/shares/${shareId}/download`, {
    method: 'POST',
    headers: { apikey: BENCH_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!answer.ok) throw new Error(`download ticket: ${answer.status}`);
  return ((await answer.json()) as { url: string }).url;
}

const ms = (value: number | undefined) => `${Math.round(value ?? Number.NaN)} ms`;
const spread = (values: number[]) => `${ms(Math.min(...values))} to ${ms(Math.max(...values))}`;

export async function runFirstTapBench(opts: { port: number }): Promise<void> {
  const platform = await startHostBehindLink({ distDir: benchDistDir(opts.port) }, opts.port, { link: MOBILE_LINK });
  const { browser, close } = await launchBrowser();
  const dir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-first-tap-'));
  try {
    const target = { origin: platform.origin, anonKey: BENCH_ANON_KEY };
    const content = '%PDF-1.4\n'.padEnd(64 * 1024, '.');
    const plainId = await shareSmallFile(target, 'quarterly report.pdf', 'application/pdf', content);
    await timeFirstTaps(browser, platform.origin, 'a file stored as sent', plainId, `/s/${plainId}`);
    const file = path.join(dir, 'quarterly report.pdf');
    await writeFile(file, content);
    const sealed = await shareEncryptedFile(target, file, 'quarterly report.pdf');
    await timeFirstTaps(
      browser,
      platform.origin,
      'an end-to-end encrypted file',
      sealed.fileId,
      `/s/${sealed.fileId}#${sealed.fragment}`,
    );
    // Straight to the host: Lighthouse applies the same mobile conditions itself.
    const direct = `http://localhost:${opts.port}`;
    const pages = [
      { what: 'a file stored as sent', url: `${direct}/s/${plainId}` },
      { what: 'an encrypted file', url: `${direct}/s/${sealed.fileId}#${sealed.fragment}` },
    ];
    const audits = await auditPages(pages.map((page) => page.url));
    console.log('');
    for (const [i, audit] of audits.entries()) {
      console.log(
        `Lighthouse performance of the download page of ${pages[i]?.what}: ${audit.median.performance} (runs ${audit.scores.join(', ')}; goal >= ${FIRST_TAP_LIGHTHOUSE_GOAL})`,
      );
    }
    await timeHomePicks(browser, platform.origin);
  } finally {
    await close();
    await platform.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The first tap on the cold page `pagePath` of share `shareId`, against a plain link to a
 * presigned URL of the same stored object, in RUNS rounds; prints the medians and their ratio.
 */
async function timeFirstTaps(
  browser: Browser,
  origin: string,
  what: string,
  shareId: string,
  pagePath: string,
): Promise<void> {
  /**
   * One cold visit: the page painted, `arm.prepare` done, then `arm.tap`; ms from the tap to the
   * download's start, or null when none started within TAP_TIMEOUT_MS (said, and left out).
   */
  const timeTap = async (arm: Arm): Promise<number | null> => {
    const context = await browser.newContext({ acceptDownloads: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await throttle(page);
      await page.goto(`${origin}${pagePath}`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Download file' }).waitFor();
      await arm.prepare?.(page);
      // Timed when the event arrives, and never left unhandled: a tap that itself hangs (Playwright
      // sets no time limit on an action outside its test runner) must not end the process with
      // its host still running.
      const started = page.waitForEvent('download', { timeout: TAP_TIMEOUT_MS }).then(() => performance.now());
      started.catch(() => undefined);
      const at = performance.now();
      await arm.tap(page);
      return (await started) - at;
    } catch (error) {
      console.log(`    no download started: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      return null;
    } finally {
      await context.close();
    }
  };
  const plainArm: Arm = {
    // The link is on the page before the clock starts: only the tap on it is timed.
    prepare: async (page) => {
      const url = await ticketUrl(origin, shareId);
      await page.evaluate((href) => {
        const anchor = document.createElement('a');
        anchor.href = href;
        anchor.download = 'plain';
        anchor.textContent = 'plain link';
        anchor.id = 'plain-link';
        // Above the page's own header, which would otherwise take the tap (Playwright then waits
        // for the link to be tappable until the round times out).
        anchor.style.cssText = 'position:fixed;left:0;bottom:0;z-index:2147483647;padding:16px;background:#fff';
        document.body.append(anchor);
      }, url);
    },
    tap: (page) => page.locator('#plain-link').tap({ timeout: TAP_TIMEOUT_MS }),
  };
  const appArm: Arm = {
    tap: (page) => page.getByRole('button', { name: 'Download file' }).tap({ timeout: TAP_TIMEOUT_MS }),
  };
  const app: number[] = [];
  const plain: number[] = [];
  console.log(`  ${what}:`);
  // In turns, each going first in every other round: the machine's state drifts within a round.
  for (let round = 1; round <= RUNS; round++) {
    let appMs: number | null;
    let plainMs: number | null;
    if (round % 2 === 1) {
      appMs = await timeTap(appArm);
      plainMs = await timeTap(plainArm);
    } else {
      plainMs = await timeTap(plainArm);
      appMs = await timeTap(appArm);
    }
    console.log(`    round ${round}: app ${ms(appMs ?? undefined)}, plain link ${ms(plainMs ?? undefined)}`);
    if (appMs === null || plainMs === null) continue;
    app.push(appMs);
    plain.push(plainMs);
  }
  const ratios = app.map((a, i) => a / (plain[i] as number));
  console.log(
    `\nFirst tap on a cold download page of ${what}, Lighthouse mobile conditions (median of ${app.length} rounds of ${RUNS})`,
  );
  console.log(
    `  tap -> download start: app ${ms(median(app))} (${spread(app)}), plain link ${ms(median(plain))} (${spread(plain)})`,
  );
  console.log(
    `  app / plain link: ${(median(app) / median(plain)).toFixed(2)} (rounds' own ${ratios.map((r) => r.toFixed(2)).join(', ')}; goal <= ${FIRST_TAP_GOAL})\n`,
  );
}

/**
 * Home's first tap, as a visitor makes it on a cold Home under the same conditions: a tap on Add
 * files, timed to the browser's file picker opening (Playwright's `filechooser` event), then the
 * file picked, timed to the card listing it (the app started by the tap, live, and the file handed
 * to it). BENCH_FIRST_TAP_RUNS rounds; the medians with their spread.
 */
async function timeHomePicks(browser: Browser, origin: string): Promise<void> {
  const picker: number[] = [];
  const listed: number[] = [];
  for (let round = 1; round <= RUNS; round++) {
    const context = await browser.newContext({ hasTouch: true });
    try {
      const page = await context.newPage();
      await throttle(page);
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      const addFiles = page.getByText('Add files', { exact: true });
      await addFiles.waitFor();
      const opened = page.waitForEvent('filechooser', { timeout: TAP_TIMEOUT_MS }).then((chooser) => ({
        chooser,
        at: performance.now(),
      }));
      opened.catch(() => undefined);
      const at = performance.now();
      await addFiles.tap({ timeout: TAP_TIMEOUT_MS });
      const { chooser, at: openedAt } = await opened;
      picker.push(openedAt - at);
      const picked = performance.now();
      await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first pick') });
      await page.getByText('1 file selected').waitFor({ timeout: TAP_TIMEOUT_MS });
      listed.push(performance.now() - picked);
      console.log(`    Home round ${round}: picker ${ms(picker.at(-1))}, listed ${ms(listed.at(-1))}`);
    } catch (error) {
      console.log(
        `    Home round ${round} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    } finally {
      await context.close();
    }
  }
  console.log(`\nFirst tap on a cold Home's Add files, same conditions (median of ${picker.length} rounds of ${RUNS})`);
  console.log(`  tap -> file picker open: ${ms(median(picker))} (${spread(picker)})`);
  console.log(`  file picked -> listed by the app: ${ms(median(listed))} (${spread(listed)})`);
}

// `npx tsx bench/first-tap.ts` runs it alone (BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  await runFirstTapBench({ port: Number(process.env.BENCH_PORT ?? 8290) + 5 });
  process.exit(0);
}
