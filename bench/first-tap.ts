// The first tap on a phone: a cold download page (host-rendered, its app not loaded yet) under
// Lighthouse's mobile conditions (4x slower CPU, 150 ms round trips, 1.6 Mbit/s down), timed from
// the tap on Download to the browser's download starting; against a plain <a download> to a
// presigned URL of the same file on the same page. Prints both medians and app / plain link
// (goal: at most FIRST_TAP_GOAL).
import type { Page } from '@playwright/test';
import { BENCH_ANON_KEY, launchBrowser, shareSmallFile, startPlatform } from './platform.ts';

/** The goal for app / plain link. */
export const FIRST_TAP_GOAL = 1.3;
/** Taps timed each way; the median is printed (one tap on a loaded 2-core machine is noisy). */
const RUNS = Number(process.env.BENCH_FIRST_TAP_RUNS ?? 5);

/** Lighthouse's mobile profile ('slow 4G', a mid-range phone). */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function runFirstTapBench(opts: { port: number }): Promise<void> {
  const platform = await startPlatform(opts.port);
  const { browser, close } = await launchBrowser();
  try {
    const shareId = await shareSmallFile(
      { origin: platform.origin, anonKey: BENCH_ANON_KEY },
      'quarterly report.pdf',
      'application/pdf',
      '%PDF-1.4\n'.padEnd(64 * 1024, '.'),
    );
    const link = `${platform.origin}/s/${shareId}`;
    /** One cold visit: the page painted, then `tap`; ms from the tap to the download's start. */
    const timeTap = async (tap: (page: Page) => Promise<void>) => {
      const context = await browser.newContext({ acceptDownloads: true, hasTouch: true });
      try {
        const page = await context.newPage();
        await throttle(page);
        await page.goto(link, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Download file' }).waitFor();
        const started = page.waitForEvent('download');
        const at = performance.now();
        await tap(page);
        await started;
        return performance.now() - at;
      } finally {
        await context.close();
      }
    };
    const app: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      app.push(await timeTap((page) => page.getByRole('button', { name: 'Download file' }).tap()));
      const url = await ticketUrl(platform.origin, shareId);
      plain.push(
        await timeTap(async (page) => {
          await page.evaluate((href) => {
            const anchor = document.createElement('a');
            anchor.href = href;
            anchor.download = 'plain';
            anchor.textContent = 'plain link';
            anchor.id = 'plain-link';
            document.body.prepend(anchor);
          }, url);
          await page.locator('#plain-link').tap();
        }),
      );
    }
    const ratio = median(app) / median(plain);
    console.log(`\nFirst tap on a cold download page, Lighthouse mobile conditions (median of ${RUNS})`);
    console.log(
      `  tap -> download start: app ${Math.round(median(app))} ms, plain link ${Math.round(median(plain))} ms`,
    );
    console.log(`  app / plain link: ${ratio.toFixed(2)} (goal <= ${FIRST_TAP_GOAL})`);
  } finally {
    await close();
    await platform.stop();
  }
}

// `npx tsx bench/first-tap.ts` runs it alone (BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  await runFirstTapBench({ port: Number(process.env.BENCH_PORT ?? 8290) + 5 });
  process.exit(0);
}
