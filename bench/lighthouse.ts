// First visit on a phone: Lighthouse (its default mobile profile: a mid-range phone on slow 4G,
// simulated) driving Debian's Chromium against a production host started as a user starts it, for
// Home, a real share's download page and Transfers. Prints performance and accessibility scores,
// FCP, LCP, TBT and bytes transferred, then the JavaScript a cold download page loads, counted as
// sent (compressed) by a real browser. A page whose performance score is under FLOOR is returned
// as a failure: `npm run bench` ends non-zero on it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { BENCH_ANON_KEY, launchBrowser, shareSmallFile, startPlatform } from './platform.ts';

/** Below this performance score of a page of the Node host, `npm run bench` fails. */
const LIGHTHOUSE_GOAL = 95;
/** The same for a page of the static host (bench/static-lighthouse.ts), whose goal is lower. */
export const LIGHTHOUSE_FLOOR = 90;
/** Runs per page; the median by score is printed (one run on a loaded 2-core machine is noisy). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export interface PageFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
}

async function audit(port: number, url: string): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_JSON=<folder> keeps each report, to read Lighthouse's own findings.
  if (process.env.BENCH_LIGHTHOUSE_JSON) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    await writeFile(path.join(process.env.BENCH_LIGHTHOUSE_JSON, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
  };
}

/** JavaScript bytes (as transferred: compressed bodies) a fresh browser loads for `url`. */
async function coldScriptBytes(url: string): Promise<{ bytes: number; files: { name: string; bytes: number }[] }> {
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    const files: { name: string; bytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        request.sizes().then((sizes) => {
          files.push({ name: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    files.sort((a, b) => b.bytes - a.bytes);
    return { bytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
  } finally {
    await close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;

/** A page's median run by performance score, and every run's score. */
export interface PageAudit {
  median: PageFigures;
  scores: number[];
}

/** Each of `urls` audited `runs` times, in one Chromium with a profile of its own. */
export async function auditPages(urls: readonly string[], runs = RUNS): Promise<PageAudit[]> {
  const profile = await mkdtemp(path.join(tmpdir(), 'ulak-bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: profile,
    port: 0,
  });
  try {
    const audits: PageAudit[] = [];
    for (const url of urls) {
      const figures: PageFigures[] = [];
      for (let i = 0; i < runs; i++) figures.push(await audit(chrome.port, url));
      figures.sort((a, b) => a.performance - b.performance);
      audits.push({
        median: figures[Math.floor(figures.length / 2)] as PageFigures,
        scores: figures.map((f) => f.performance),
      });
    }
    return audits;
  } finally {
    chrome.kill();
    await rm(profile, { recursive: true, force: true });
  }
}

export async function runLighthouseBench(opts: { port: number }): Promise<string[]> {
  const platform = await startPlatform(opts.port);
  const failures: string[] = [];
  try {
    const shareId = await shareSmallFile(
      { origin: platform.origin, anonKey: BENCH_ANON_KEY },
      'quarterly report.pdf',
      'application/pdf',
      '%PDF-1.4\n'.padEnd(4096, '.'),
    );
    const pages = [
      { label: '/', url: `${platform.origin}/` },
      { label: '/s/{id}', url: `${platform.origin}/s/${shareId}` },
      { label: '/upload', url: `${platform.origin}/upload` },
    ];
    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, production host`);
    console.log('  page       perf  a11y    FCP     LCP     TBT   transferred');
    const audits = await auditPages(pages.map((page) => page.url));
    pages.forEach(({ label }, index) => {
      const { median: f, scores } = audits[index] as PageAudit;
      console.log(
        `  ${label.padEnd(9)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ` +
          `${seconds(f.fcpMs).padStart(7)} ${seconds(f.lcpMs).padStart(7)} ${`${Math.round(f.tbtMs)} ms`.padStart(
            7,
          )}   ${kib(f.bytes)}` +
          (scores.length > 1 ? `   (scores ${scores.join(', ')})` : ''),
      );
      if (f.performance < LIGHTHOUSE_GOAL) {
        failures.push(`Lighthouse performance of ${label} is ${f.performance}, under ${LIGHTHOUSE_GOAL}`);
      }
    });
    const cold = await coldScriptBytes(`${platform.origin}/s/${shareId}`);
    console.log(
      `  cold /s/{id} JavaScript as transferred: ${cold.bytes.toLocaleString('en')} bytes in ${cold.files.length} files`,
    );
    for (const file of cold.files) console.log(`    ${file.bytes.toLocaleString('en').padStart(9)}  ${file.name}`);
    return failures;
  } finally {
    await platform.stop();
  }
}

// `npx tsx bench/lighthouse.ts` runs it alone (BENCH_PORT as for `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const failures = await runLighthouseBench({ port: Number(process.env.BENCH_PORT ?? 8290) + 3 });
  for (const failure of failures) console.error(`\nFAILED: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
