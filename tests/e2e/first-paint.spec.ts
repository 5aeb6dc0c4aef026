import { expect, test, type Browser, type Page } from '@playwright/test';
import { HELD_ATTRIBUTE, START_ATTRIBUTE, START_ON_INTENT } from '../../src/config/boot-contract';
import { waitForApp } from './fixtures/app-live';
import { holdRequests } from './fixtures/hold-requests';
import { E2E_ANON_KEY } from './fixtures/pwa';
import { shareIdOfLink, uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir, sha256OfFile } from './fixtures/test-files';
import { createTransfer, uploadIntoTransfer } from './fixtures/transfer-upload';
import { saveThroughWorker } from './fixtures/encrypted-transfer';

// A first visit paints its page before any script has loaded. The host renders Home,
// Transfers and a download page with the app's own code and sends them with their markup; the app
// then takes that markup over (hydration) instead of drawing the screen again.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

/** The share's view count as the API gives it (this read counts one too). */
async function viewCount(page: Page, baseURL: string, shareId: string): Promise<number> {
  const answer = await page.request.get(`${baseURL}/functions/v1/api/shares/${shareId}`, {
    headers: { apikey: E2E_ANON_KEY },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { viewCount: number }).viewCount;
}

test('a download page shows its file without any script, in the language the browser asks for', async ({
  page,
  browser,
}) => {
  const file = await makeRandomFile(dir, 'rapor <taslak> $& final.pdf', 2048);
  const [link] = await uploadFromHome(page, [file.path]);

  // JavaScript off: what a phone paints before the app's scripts have arrived.
  const bare = await browser.newContext({ javaScriptEnabled: false, locale: 'tr-TR' });
  try {
    const visit = await bare.newPage();
    await visit.goto(link as string);
    await expect(visit.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(visit.getByText('Biri sizinle Ulak üzerinden bir dosya paylaştı')).toBeVisible();
    // The name exactly as uploaded: markup in it is text, and `$&` is not a replacement pattern.
    await expect(visit.getByText('rapor <taslak> $& final.pdf', { exact: true })).toBeVisible();
    await expect(visit.getByText('Dosyayı indir')).toBeVisible();
    // The host cannot know the reader's time zone, and without scripts nothing writes the reader's:
    // its dates (uploaded, deleted) say which zone they are in.
    await expect(visit.getByText(/^\d+ \S+ \d{4} \d\d:\d\d UTC$/)).toHaveCount(2);

    await visit.goto('/');
    await expect(visit.getByText('Dosyaları tek bir bağlantıyla paylaşın')).toBeVisible();
    // Its app starts on the visitor's first intent; Add files is the browser's own file input, whose
    // picker opens without any script.
    await expect(visit.locator('html')).toHaveAttribute(START_ATTRIBUTE, START_ON_INTENT);
    await expect(visit.locator('#root')).not.toHaveAttribute('inert');
    await expect(visit.locator('label').filter({ hasText: 'Dosya ekle' }).locator('input[type="file"]')).toBeEnabled();
    // The server's limit, asked of the API by the render: not the app's built-in one.
    await expect(visit.getByText(/GB'a kadar dosya yükleyin/)).toBeVisible();
  } finally {
    await bare.close();
  }
});

test('the app takes over the rendered download page: it works, runs no refused script, and counts one view', async ({
  page,
  browser,
  baseURL,
}) => {
  const file = await makeRandomFile(dir, 'minutes.txt', 4096);
  const [link] = await uploadFromHome(page, [file.path]);
  const shareId = shareIdOfLink(link as string);
  const before = await viewCount(page, baseURL as string, shareId);

  const recipient = await browser.newContext();
  // A first visit with no worker in control yet would open Chromium's save dialog for the
  // encrypted file, which nothing answers here: the worker's way (every engine has it) is taken.
  await saveThroughWorker(recipient);
  try {
    const visit = await recipient.newPage();
    const errors: string[] = [];
    visit.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await visit.goto(link as string);
    await waitForApp(visit);
    await expect(visit.getByText('minutes.txt', { exact: true })).toBeVisible();
    const download = visit.waitForEvent('download');
    await visit.getByRole('button', { name: 'Download file' }).click();
    expect((await download).suggestedFilename()).toBe('minutes.txt');
    // No inline script refused by the Content-Security-Policy, nothing else failing.
    expect(errors).toEqual([]);
  } finally {
    await recipient.close();
  }
  // The visit's view (counted by the render, which handed its answer to the app) and this read.
  expect(await viewCount(page, baseURL as string, shareId)).toBe(before + 2);
});

test('a download page loads none of the app until the visitor acts, and its Download needs none of it', async ({
  page,
  browser,
}) => {
  const file = await makeRandomFile(dir, 'budget 2027.xlsx', 4096);
  const [link] = await uploadFromHome(page, [file.path]);

  const recipient = await browser.newContext();
  try {
    const visit = await recipient.newPage();
    const scripts: string[] = [];
    visit.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit.goto(link as string, { waitUntil: 'networkidle' });
    await expect(visit.getByText('budget 2027.xlsx', { exact: true })).toBeVisible();
    // Read, not yet touched: the page's one small start script, none of the app. Its download is
    // the service worker's, which the page registers once loaded, so that it is ready by the tap.
    expect(scripts).toEqual(['/boot.js']);
    await expect.poll(() => visit.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);

    // The tap downloads (the service worker decrypts it) without the app, which would only hold
    // up the download on a slow link; the app starts on the visitor's next intent.
    const download = visit.waitForEvent('download');
    await visit.getByRole('button', { name: 'Download file' }).click();
    expect((await download).suggestedFilename()).toBe('budget 2027.xlsx');
    expect(scripts).toEqual(['/boot.js']);
    await visit.getByRole('button', { name: 'Report this file' }).click();
    await waitForApp(visit);
    expect(scripts.length).toBeGreaterThan(1);
    await expect(visit.locator('html')).not.toHaveAttribute(HELD_ATTRIBUTE);
  } finally {
    await recipient.close();
  }
});

test('a tap on a plain file’s Download opens its own URL at once, with none of the app, and counts the download', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL as string;
  const file = await makeRandomFile(dir, 'scan 0042.pdf', 70_000);
  const transfer = await createTransfer(origin, {});
  const { shareId } = await uploadIntoTransfer(origin, transfer, file, '', 'application/pdf');
  const downloads = async () => {
    const answer = await page.request.get(`${origin}/functions/v1/api/shares/${shareId}`, {
      headers: { apikey: E2E_ANON_KEY },
    });
    return ((await answer.json()) as { downloadCount: number }).downloadCount;
  };

  const recipient = await browser.newContext({ acceptDownloads: true });
  try {
    const visit = await recipient.newPage();
    const scripts: string[] = [];
    visit.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The ticket that counts the download is held: the download must not wait for it.
    let ticketAsked = false;
    const release = await holdRequests(visit, `**/functions/v1/api/shares/${shareId}/download`, () => {
      ticketAsked = true;
      return true;
    });
    await visit.goto(`/s/${shareId}`, { waitUntil: 'networkidle' });
    const download = visit.waitForEvent('download');
    await visit.getByRole('button', { name: 'Download file' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('scan 0042.pdf');
    expect(await sha256OfFile(await saved.path())).toBe(file.sha256);
    expect(ticketAsked).toBe(true);
    expect(scripts).toEqual(['/boot.js']);
    // A plain file needs no service worker: none is installed for it.
    expect(await visit.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(false);
    expect(await downloads()).toBe(0);
    release();
    await expect.poll(downloads).toBe(1);
  } finally {
    await recipient.close();
  }
});

test('a tap held on a download page whose app cannot load stops saying it is getting ready', async ({
  page,
  browser,
}) => {
  const file = await makeRandomFile(dir, 'notes.txt', 1024);
  const [link] = await uploadFromHome(page, [file.path]);

  const recipient = await browser.newContext();
  try {
    const visit = await recipient.newPage();
    await visit.goto(link as string);
    // The network drops while the app's scripts are on their way, after the tap.
    let drop = () => {};
    const dropped = new Promise<void>((resolve) => {
      drop = resolve;
    });
    await visit.route('**/assets/**', async (route) => {
      await dropped;
      await route.abort('internetdisconnected');
    });
    // Not Download: its tap does not wait for the app (boot.js asks for the file itself).
    await visit.getByRole('button', { name: 'Report this file' }).click();
    await expect(visit.locator('html')).toHaveAttribute(HELD_ATTRIBUTE, '');
    drop();
    await expect(visit.locator('html')).not.toHaveAttribute(HELD_ATTRIBUTE);
    await expect(visit.getByText('notes.txt', { exact: true })).toBeVisible();
  } finally {
    await recipient.close();
  }
});

/**
 * A first visit to `path` in a browser of its own (no service worker yet, which would answer with
 * the app's shell, unrendered), once the app is live: whether the page's <main> is still the one
 * the browser parsed before any of the app's scripts ran, and what the page reported as errors.
 */
async function firstVisit(browser: Browser, path: string, check: (visit: Page) => Promise<void>) {
  // Istanbul is UTC+3 all year: the host, which cannot know the reader's zone, writes UTC.
  const context = await browser.newContext({ timezoneId: 'Europe/Istanbul', locale: 'en-US' });
  try {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { parsedMain: Element | null }).parsedMain = document.querySelector('#root main');
      });
    });
    const visit = await context.newPage();
    const errors: string[] = [];
    visit.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    visit.on('pageerror', (error) => errors.push(error.message));
    await visit.goto(path);
    await waitForApp(visit);
    await check(visit);
    const sameMain = await visit.evaluate(() => {
      const parsed = (window as unknown as { parsedMain: Element | null }).parsedMain;
      return parsed !== null && parsed === document.querySelector('#root main');
    });
    return { sameMain, errors };
  } finally {
    await context.close();
  }
}

test('the app takes each rendered page over where it stands, then writes dates in the reader’s time zone', async ({
  page,
  browser,
  baseURL,
}) => {
  const file = await makeRandomFile(dir, 'agenda.txt', 4096);
  const [link] = await uploadFromHome(page, [file.path]);
  const shareId = shareIdOfLink(link as string);
  const answer = await page.request.get(`${baseURL}/functions/v1/api/shares/${shareId}`, {
    headers: { apikey: E2E_ANON_KEY },
  });
  const { createdAt } = (await answer.json()) as { createdAt: string };
  const local = new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(new Date(createdAt));

  // No mismatch between the host's markup and the app's first render either (React reports one).
  expect(
    await firstVisit(browser, link as string, async (visit) => {
      await expect(visit.getByText(local, { exact: true })).toBeVisible();
    }),
  ).toEqual({ sameMain: true, errors: [] });
  expect(
    await firstVisit(browser, '/', async (visit) => {
      await expect(visit.getByText('Share files with a single link')).toBeVisible();
    }),
  ).toEqual({ sameMain: true, errors: [] });
  // Transfers is rendered with its list loading (only the device knows its uploads): the app
  // draws it anew, list included, rather than swap the list in and move the page under it.
  expect(
    await firstVisit(browser, '/upload', async (visit) => {
      await expect(visit.getByText('No files uploaded yet')).toBeVisible();
    }),
  ).toEqual({ sameMain: false, errors: [] });
});

test('a page rendered in another language than the reader chose is drawn again in the chosen one', async ({
  browser,
}) => {
  const visitor = await browser.newContext({ locale: 'en-US' });
  try {
    // Turkish was chosen on an earlier visit; the browser still asks for English.
    await visitor.addInitScript(() => localStorage.setItem('language', 'tr'));
    const visit = await visitor.newPage();
    const errors: string[] = [];
    visit.on('pageerror', (error) => errors.push(error.message));
    await visit.goto('/');
    await waitForApp(visit);
    await expect(visit.getByText('Dosyaları tek bir bağlantıyla paylaşın')).toBeVisible();
    await expect(visit.locator('html')).toHaveAttribute('lang', 'tr');
    expect(errors).toEqual([]);
  } finally {
    await visitor.close();
  }
});
