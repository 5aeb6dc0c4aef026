import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { uploadFromHome } from './fixtures/share-flow';
import { makeTempDir, removeDir } from './fixtures/test-files';
import { createTransfer, uploadIntoTransfer } from './fixtures/transfer-upload';
import { saveThroughWorker } from './fixtures/encrypted-transfer';

// Issue 8, framing and stored content, in a real browser: the app cannot be framed by another
// site, its Content-Security-Policy lets the app itself work without a single violation, and an
// uploaded HTML file is never rendered as a page of our origin.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

/** Collects the page's CSP violations from the moment it loads. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations ?? []);
}

test('another site cannot frame the app (clickjacking of Transfers)', async ({ page, baseURL }) => {
  await page.route('http://evil.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><h1>Win a prize</h1><iframe id="app" src="${baseURL}/transfers" width="800" height="600"></iframe>`,
    }),
  );
  await page.goto('http://evil.test/');
  const frameElement = page.locator('#app');
  await expect(frameElement).toBeVisible();
  const frame = await (await frameElement.elementHandle())?.contentFrame();
  // Chromium refuses to render it: the frame never holds the app.
  await expect.poll(() => frame?.url()).not.toContain('/transfers');
  expect(await frame?.locator('#root').count()).toBe(0);
});

test('the app runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  // Saved the way every engine can (the service worker's download URL), whether or not the worker
  // controls the page by the tap: the save dialog cannot be answered here.
  await saveThroughWorker(page);
  const violations = await watchViolations(page);
  const source = path.join(dir, 'notes.txt');
  await writeFile(source, 'the app uploads, shows and downloads this');
  const [link] = await uploadFromHome(page, [source]);
  await page.goto(link ?? '');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'notes.txt' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download file' }).click();
  await downloading;
  for (const screen of ['/transfers', '/how-it-works', '/admin']) {
    await page.goto(screen);
    await waitForApp(page);
    // The app's own screen, not index.html's static shell (which #root holds until then).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(), screen).toEqual([]);
  }
});

test('an uploaded HTML file downloads as a file and never runs on our origin', async ({ page, baseURL }) => {
  const source = path.join(dir, 'page.html');
  const html = '<!doctype html><script>localStorage.setItem("pwned", "yes"); document.title = "pwned";</script>';
  await writeFile(source, html);
  // Sent as the README's curl does (stored as sent): a file from the app is ciphertext in the bucket.
  const origin = baseURL ?? '';
  const { shareId } = await uploadIntoTransfer(
    origin,
    await createTransfer(origin, {}),
    { path: source, name: 'page.html', size: Buffer.byteLength(html), sha256: '' },
    '',
    'text/html',
  );
  await page.goto('/');
  await waitForApp(page);
  const ticket = await page.request.post(`/functions/v1/api/shares/${shareId}/download`, {
    headers: { apikey: 'sb_publishable_e2e_0000000000000000000000' },
  });
  const { url } = (await ticket.json()) as { url: string };
  expect(new URL(url).origin).toBe(new URL(page.url()).origin);

  // Opening the download URL itself, as a link in a mail would.
  const downloading = page.waitForEvent('download');
  await page.goto(url).catch(() => undefined);
  await waitForApp(page);
  const download = await downloading;
  const saved = path.join(dir, 'saved.html');
  await download.saveAs(saved);
  expect(await readFile(saved, 'utf8')).toBe(html);
  await page.goto('/');
  await waitForApp(page);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  expect(await page.title()).not.toBe('pwned');
});
