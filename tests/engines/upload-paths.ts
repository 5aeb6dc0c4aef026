// Uploads from Home behind a link of the test's (tests/e2e/fixtures/counting-proxy.ts, an HTTP
// proxy that records every part PUT and the bucket's answer, and can make the link slow): what the
// page says while an upload runs in a browser without Background Sync.
import { startCountingProxy, type CountingProxy } from '../e2e/fixtures/counting-proxy';
import type { TestFile } from '../e2e/fixtures/test-files';
import { text } from '../e2e/fixtures/locales';
import { byText, waitFor, waitForText, type Engine, type EnginePage } from './fixtures/engine';
import { waitForApp } from './cross-engine-paths';

/** A link so slow (512 KiB/s after the first part) that an upload of a few parts is still under way while the test looks. */
const CRAWLING_LINK_BYTES_PER_SECOND = 512 * 1024;

/** Runs `body` with a page of `engine` whose requests all pass through a counting proxy. */
async function behindProxy<T>(
  engine: Engine,
  body: (page: EnginePage, proxy: CountingProxy) => Promise<T>,
): Promise<T> {
  const proxy = await startCountingProxy();
  try {
    const page = await engine.newPage({ proxy: proxy.url });
    try {
      return await body(page, proxy);
    } finally {
      await page.close();
    }
  } finally {
    await proxy.close();
  }
}

/** Picks `file` on Home (open and live) and presses Upload. */
async function startUpload(page: EnginePage, file: TestFile): Promise<void> {
  await page.pickFiles({ css: '[data-testid="upload-files-input"]' }, [file.path]);
  await waitForText(page, file.name);
  await page.click(byText(text('en', 'upload.card.upload'), 'button'));
}

/**
 * While an upload of `file` crawls, what Home's line under Upload says and whether Transfers shows
 * the note that uploads need an open page (null where it shows nothing of the kind).
 */
export async function whatUploadingPagesSay(
  engine: Engine,
  origin: string,
  file: TestFile,
): Promise<{ home: string; transfersNote: string | null }> {
  return behindProxy(engine, async (page, proxy) => {
    proxy.throttleParts(CRAWLING_LINK_BYTES_PER_SECOND);
    await page.goto(`${origin}/`);
    await waitForApp(page);
    await startUpload(page, file);
    const home = await waitFor<string>(
      page,
      "Home's line under Upload",
      `return document.querySelector('section[aria-labelledby="upload-card-title"] [role="status"]')?.textContent?.trim() ?? '';`,
    );
    await page.goto(`${origin}/upload`);
    await waitForApp(page);
    // The upload's row first: the note, where there is one, comes with it.
    await waitFor(page, 'the upload in Transfers', `return document.querySelector('[data-upload-state]') !== null;`);
    const transfersNote = await page.run<string | null>(
      `return document.querySelector('[data-testid="keep-page-open"]')?.textContent?.trim() ?? null;`,
    );
    return { home, transfersNote };
  });
}
