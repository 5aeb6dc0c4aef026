// First visit to a static host: the build of `npm run build` on a plain static host
// (bench/static-server.ts), its API the Edge entry under Deno on PostgreSQL 15 and radosgw
// (bench/static-platform.ts). Lighthouse's mobile profile on Home and a real share's download page,
// the median of BENCH_STATIC_LIGHTHOUSE_RUNS runs each with their spread; and, with the app's
// scripts blocked, whether the download page's shell shows the share's name and size by itself
// (public/share-fill.js) and how soon. A median under LIGHTHOUSE_FLOOR, or a shell left unfilled,
// is returned as a failure: `npm run bench` ends non-zero on it.
import { auditPages, LIGHTHOUSE_FLOOR } from './lighthouse.ts';
import { launchBrowser, shareSmallFile } from './platform.ts';
import { startStaticPlatform } from './static-platform.ts';

/** Runs per page: five, for a median a single slow run on a loaded 2-core machine cannot move. */
const RUNS = Number(process.env.BENCH_STATIC_LIGHTHOUSE_RUNS ?? 5);
/** How long the shell may take to show the share with no app (a cold Deno answers in well under this). */
const FILL_TIMEOUT_MS = 30_000;

const FILE_NAME = 'quarterly report.pdf';

/** Milliseconds from navigation to the shell showing `FILE_NAME`, with the app's scripts refused. */
async function shellFillMs(url: string): Promise<{ ms: number; size: string }> {
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(url);
    const heading = page.locator('#root h1');
    await heading.filter({ hasText: FILE_NAME }).waitFor({ timeout: FILL_TIMEOUT_MS });
    const ms = await page.evaluate(() => performance.now());
    const size =
      (await heading.locator('xpath=following-sibling::p[1]').textContent({ timeout: FILL_TIMEOUT_MS })) ?? '';
    return { ms, size };
  } finally {
    await close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function runStaticLighthouseBench(opts: { port: number }): Promise<string[]> {
  const failures: string[] = [];
  console.log('\nStatic host (npm run build) with the Edge API under Deno: starting PostgreSQL 15, radosgw, Deno...');
  const platform = await startStaticPlatform(opts.port, opts.port + 1);
  try {
    const shareId = await shareSmallFile(
      { origin: platform.apiOrigin, anonKey: platform.anonKey },
      FILE_NAME,
      'application/pdf',
      '%PDF-1.4\n'.padEnd(4096, '.'),
    );
    const downloadPage = `${platform.origin}/s/${shareId}`;
    try {
      const fill = await shellFillMs(downloadPage);
      console.log(
        `  cold /s/{id}, app's scripts blocked: name and size (${fill.size}) shown at ${Math.round(fill.ms)} ms`,
      );
    } catch (error) {
      failures.push(`The static download page's shell did not show the share's name: ${String(error)}`);
    }
    const pages = [
      { label: '/', url: `${platform.origin}/` },
      { label: '/s/{id}', url: downloadPage },
    ];
    const audits = await auditPages(
      pages.map((p) => p.url),
      RUNS,
    );
    console.log(`Lighthouse (median of ${RUNS} runs, spread min-max) mobile profile, static host + Edge API`);
    console.log('  page       perf (spread)   a11y    FCP     LCP     TBT');
    pages.forEach(({ label }, i) => {
      const audit = audits[i];
      if (!audit) return;
      const { median: f, scores } = audit;
      const spread = `(${Math.min(...scores)}-${Math.max(...scores)})`;
      console.log(
        `  ${label.padEnd(9)} ${String(f.performance).padStart(5)} ${spread.padEnd(9)} ${String(f.accessibility).padStart(5)} ` +
          `${seconds(f.fcpMs).padStart(7)} ${seconds(f.lcpMs).padStart(7)} ${`${Math.round(f.tbtMs)} ms`.padStart(7)}` +
          `   (scores ${scores.join(', ')})`,
      );
      if (f.performance < LIGHTHOUSE_FLOOR) {
        failures.push(
          `Lighthouse performance of ${label} on the static host is ${f.performance}, under ${LIGHTHOUSE_FLOOR}`,
        );
      }
    });
    return failures;
  } finally {
    await platform.stop();
  }
}

// `npx tsx bench/static-lighthouse.ts` runs it alone (BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const failures = await runStaticLighthouseBench({ port: Number(process.env.BENCH_PORT ?? 8290) + 10 });
  for (const failure of failures) console.error(`\nFAILED: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
