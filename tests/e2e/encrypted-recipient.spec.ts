import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type Download, expect, type Page, test } from '@playwright/test';
import { shareBytes } from '../../bench/platform';
import type { CreatedTransfer } from '../../supabase/functions/_shared/domain/api-types';
import { ciphertextSize } from '../../src/lib/crypto/format';
import { linkKeyToFragment } from '../../src/lib/crypto/link-key';
import { encryptionRequest, newTransferSecrets } from '../../src/lib/crypto/transfer-secrets';
import { waitForApp } from './fixtures/app-live';
import { expectZipOf, openControlled, sendFromHome, strangerContext } from './fixtures/encrypted-transfer';
import { E2E_ANON_KEY } from './fixtures/pwa';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { makeText } from './fixtures/transfer-upload';

// The recipient's side of an end-to-end encrypted transfer where the usual way does not fit: a
// password link whose key was changed, an SVG whose declared type says nothing of it, and a
// browser with no way to save a stream (no service worker, no save dialog: a Firefox private
// window, a blocked worker), which saves in memory up to a stated size and says so first.

let dir: string;

test.beforeAll(async () => {
  dir = await makeTempDir();
});

test.afterAll(async () => {
  await removeDir(dir);
});

/** A request for a file's ticket, its preview, or its stored bytes. */
const FILE_REQUEST = /\/api\/shares\/[A-Za-z0-9]{8}\/(download|preview)\b|\/storage\//;

/** The note a browser with no streaming save shows next to Download, before any tap. */
const IN_MEMORY_NOTE = /files up to 256 MB are put together in memory/;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The same link with one character of its key changed: still a key, but not this transfer's. */
function withChangedKey(link: string): string {
  const [address = '', key = ''] = link.split('#');
  return `${address}#${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`;
}

/** A stranger's page at `link`, with every request it makes and every download it starts. */
async function watch(page: Page) {
  const requests: string[] = [];
  const downloads: Download[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('download', (download) => downloads.push(download));
  return { requests, downloads };
}

/**
 * A browser that can only save in memory: no service worker (Firefox's private windows have none
 * at all) and no save dialog (only Chromium has one).
 */
async function noStreamingContext(browser: Browser) {
  const context = await browser.newContext({ acceptDownloads: true, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
  return context;
}

test('a password link whose key was changed says the link is broken before asking for the password', async ({
  page,
  browser,
}) => {
  const file = await makeText(dir, 'deed.txt', 'The house goes to the cat.');
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles([file.path]);
  await page.getByLabel('Password (optional)').fill('yeşil kapı 3');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const link = page.getByTestId('transfer-link').getByRole('link', { name: /\/s\/[A-Za-z0-9]{8}/ });
  await expect(link).toBeVisible({ timeout: 90_000 });
  const changed = withChangedKey((await link.getAttribute('href')) ?? '');

  const context = await strangerContext(browser);
  try {
    const visitor = await context.newPage();
    const seen = await watch(visitor);
    await openControlled(visitor, changed);
    await expect(visitor.getByRole('heading', { level: 1, name: 'This link is broken' })).toBeVisible();
    await expect(visitor.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(visitor.getByRole('heading', { name: 'This link has a password' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Download file' })).toHaveCount(0);
    expect(seen.requests.filter((url) => FILE_REQUEST.test(url) || /\/unlock\b/.test(url))).toEqual([]);
    expect(seen.downloads).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an encrypted SVG previews as an image whatever type it was declared with, and runs no script', async ({
  page,
  browser,
}) => {
  // Its width and height are what the browser decodes; its handlers would mark the page if run.
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="37" height="23" onload="top.svgRan=\'onload\'">' +
      "<script>top.svgRan='script'</script>" +
      '<rect width="37" height="23" fill="teal"/></svg>',
  );
  const declared = { 'untyped.svg': '', 'opaque.svg': 'application/octet-stream', 'typed.svg': 'image/svg+xml' };
  const link = await sendFromHome(
    page,
    Object.entries(declared).map(([name, mimeType]) => ({ name, mimeType, buffer: svg })),
    3,
  );
  const context = await strangerContext(browser);
  try {
    const visitor = await context.newPage();
    await openControlled(visitor, link);
    for (const name of Object.keys(declared)) {
      await visitor.getByRole('button', { name: `Preview ${name}` }).click();
      const image = visitor.getByRole('img', { name });
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]), { message: name })
        .toEqual([37, 23]);
      // A blob: URL in an <img>: decoded at its size only when typed image/svg+xml.
      expect(await image.getAttribute('src'), name).toMatch(/^blob:/);
      await visitor.getByRole('button', { name: `Preview ${name}` }).click();
    }
    // Never drawn as markup in the page or as a document in a frame: nothing of it ran.
    await expect(visitor.locator('#root svg rect[fill="teal"]')).toHaveCount(0);
    expect(await visitor.evaluate(() => (window as { svgRan?: string }).svgRan ?? null)).toBeNull();
  } finally {
    await context.close();
  }
});

test('a browser with no streaming save says so before the tap, then saves a file and a zip from memory', async ({
  page,
  browser,
}) => {
  const photo = await makeRandomFile(dir, 'kayak.bin', 1024 * 1024 + 777);
  const notes = await makeText(dir, 'route.txt', 'Left at the lighthouse, then straight on.');
  const link = await sendFromHome(page, [photo.path, notes.path], 2);
  const context = await noStreamingContext(browser);
  try {
    const visitor = await context.newPage();
    await visitor.goto(link);
    await waitForApp(visitor);
    expect(await visitor.evaluate(() => 'serviceWorker' in navigator || 'showSaveFilePicker' in window)).toBe(false);
    // Next to Download all, before any tap.
    const panel = visitor.getByRole('button', { name: 'Download all' }).locator('..');
    await expect(panel.getByText(IN_MEMORY_NOTE)).toBeVisible();

    const oneFile = visitor.waitForEvent('download', { timeout: 60_000 });
    await visitor.getByRole('button', { name: 'Download kayak.bin' }).click();
    const saved = path.join(dir, 'kayak-saved.bin');
    await (await oneFile).saveAs(saved);
    expect(sha256(await readFile(saved))).toBe(photo.sha256);

    const zipping = visitor.waitForEvent('download', { timeout: 60_000 });
    await visitor.getByRole('button', { name: 'Download all' }).click();
    const zip = path.join(dir, 'memory.zip');
    await (await zipping).saveAs(zip);
    await expect(visitor.getByText('The zip has been saved.')).toBeVisible();
    expectZipOf(zip, [
      { entry: 'kayak.bin', file: photo },
      { entry: 'route.txt', file: notes },
    ]);
  } finally {
    await context.close();
  }
});

test('a browser with no streaming save refuses a file and a zip over its limit, and starts nothing', async ({
  browser,
  baseURL,
}) => {
  // Sent from Node as the app's engine sends it (no 256 MiB through a browser's upload): its
  // stored bytes are never read, so they are zeros of the size its plaintext encrypts to.
  const origin = baseURL ?? '';
  const target = { origin, anonKey: E2E_ANON_KEY };
  const secrets = await newTransferSecrets();
  const created = await fetch(`${origin}/functions/v1/api/transfers`, {
    method: 'POST',
    headers: { apikey: E2E_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ encryption: await encryptionRequest(secrets) }),
  });
  const transfer = (await created.json()) as CreatedTransfer;
  const send = (name: string, plaintextSize: number) =>
    shareBytes(
      target,
      {
        name,
        type: 'application/octet-stream',
        size: ciphertextSize(plaintextSize),
        transfer: { shareId: transfer.shareId, ownerToken: transfer.ownerToken },
        path: '',
      },
      async (_start, length) => new Uint8Array(length),
    );
  const bigId = await send('archive.bin', 256 * 1024 * 1024 + 1);
  await send('readme.txt', 1_000);
  const fragment = linkKeyToFragment(secrets.linkKey);

  const context = await noStreamingContext(browser);
  try {
    const visitor = await context.newPage();
    const seen = await watch(visitor);
    await visitor.goto(`/s/${bigId}#${fragment}`);
    await waitForApp(visitor);
    await expect(visitor.getByRole('heading', { level: 1, name: 'archive.bin' })).toBeVisible();
    await expect(visitor.getByText(/over 256 MB: more than this browser can save here.*another browser/)).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Download file' })).toBeDisabled();

    await visitor.goto(`/s/${transfer.shareId}#${fragment}`);
    await waitForApp(visitor);
    await expect(visitor.getByRole('heading', { level: 1, name: '2 files' })).toBeVisible();
    await expect(visitor.getByText(/zip of these files is over 256 MB: more than this browser can save/)).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Download all' })).toBeDisabled();
    expect(seen.requests.filter((url) => FILE_REQUEST.test(url))).toEqual([]);
    expect(seen.downloads).toEqual([]);
  } finally {
    await context.close();
  }
});
