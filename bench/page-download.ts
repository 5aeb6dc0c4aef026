// A recipient's download through the app's page, as the download benches time it: a fresh Chromium
// profile on disk, the page opened and its app started (a key pressed) and its service worker
// active before the tap (a cold page's first tap is the first-tap part's), timed from the tap to
// the browser's download finished, every process of the browser sampled for memory meanwhile.
// The page saves through its service worker, the way every engine has: Chromium's save dialog
// has no one to answer it in a bench, so it is taken away.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchProfile, sampleMemory, treeMemory } from './platform.ts';

/** How long the tap may take to give a download (default 10 min; 2 GiB over the loopback takes about a minute). */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export interface PageDownload<T> {
  seconds: number;
  /** The browser's every process, at its peak during the download and just before the tap. */
  peakBytes: number;
  /** The lowest in the download's second half (sampleMemory's secondHalfLow). */
  lowBytes: number;
  idleBytes: number;
  /** What `inspect` found in the saved file. */
  inspected: T;
}

/**
 * Taps the button named `button` on the page at `url` (the link with its fragment) and waits for
 * the browser's download; `inspect` reads the saved file before the profile, and it, are deleted.
 */
export async function pageDownload<T>(
  url: string,
  button: string,
  inspect: (saved: string) => Promise<T>,
): Promise<PageDownload<T>> {
  const profile = await mkdtemp(path.join(tmpdir(), 'ulak-bench-profile-'));
  const downloads = path.join(profile, 'downloads');
  try {
    const { context, pid } = await launchProfile(profile, { serviceWorkers: 'allow', downloadsPath: downloads });
    try {
      await context.addInitScript(() => {
        delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(url);
      const tap = page.getByRole('button', { name: button });
      await tap.waitFor();
      await page.keyboard.press('Shift');
      await page.locator('html:not([data-start])').waitFor({ state: 'attached' });
      await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.waitForLoadState('networkidle');
      const idleBytes = await treeMemory(pid);
      const memory = sampleMemory(pid);
      const downloading = page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS });
      // Handled below; a click that hangs must not leave it unhandled, which ends the process with
      // its host running.
      downloading.catch(() => undefined);
      const started = performance.now();
      await tap.click({ timeout: DOWNLOAD_TIMEOUT_MS });
      const download = await downloading;
      const failure = await download.failure();
      const seconds = (performance.now() - started) / 1000;
      const peakBytes = await memory.stop();
      if (failure !== null) throw new Error(`The page's ${button} failed in the browser: ${failure}`);
      const inspected = await inspect(await download.path());
      await download.delete();
      return { seconds, peakBytes, lowBytes: memory.secondHalfLow(), idleBytes, inspected };
    } finally {
      await context.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
