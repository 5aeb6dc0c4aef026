import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type Download, expect, type Page, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { damageStored, openControlled, strangerContext } from './fixtures/encrypted-transfer';
import { makeRandomFile, makeTempDir, removeDir, type TestFile } from './fixtures/test-files';
import { makePng, makeText } from './fixtures/transfer-upload';

// The recipient's side of an end-to-end encrypted transfer, on the real host: files sent from
// Home (encrypted there, the key only in the link's fragment), opened by a stranger in a fresh
// browser context. The full link saves the very bytes sent; a link without its key, or with
// another key, says what is wrong and saves nothing; so does a file whose stored bytes changed.

let dir: string;

test.beforeAll(async () => {
  dir = await makeTempDir();
});

test.afterAll(async () => {
  await removeDir(dir);
});

/** A share link as Home shows it: the address, then (for an encrypted transfer) its key. */
const LINK = /\/s\/[A-Za-z0-9]{8}/;

/** A request for a file's ticket, its preview, or its stored bytes. */
const FILE_REQUEST = /\/api\/shares\/[A-Za-z0-9]{8}\/(download|preview)\b|\/storage\//;

/** What Home gave for a transfer: each file's own link (with the transfer's key), by name. */
type Links = Record<string, string>;

/** Sends `files` from Home as one transfer (with `password`, if any) and returns each file's full link. */
async function sendFromHome(page: Page, files: TestFile[], password?: string): Promise<Links> {
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles(files.map((file) => file.path));
  if (password !== undefined) await page.getByLabel('Password (optional)').fill(password);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const transferLink = page.getByTestId('transfer-link').getByRole('link', { name: LINK });
  await expect(transferLink).toBeVisible({ timeout: 90_000 });
  const fragment = new URL((await transferLink.getAttribute('href')) ?? '').hash;
  expect(fragment).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  const results = page.getByRole('region', { name: /Your share links?/ });
  const fileLinks = results.getByRole('listitem');
  await expect(fileLinks).toHaveCount(files.length);
  const links: Links = {};
  for (const item of await fileLinks.all()) {
    const name = (await item.locator('p').first().textContent()) ?? '';
    const href = (await item.getByRole('link', { name: LINK }).getAttribute('href')) ?? '';
    // A file's own link is /s/{its id} with the transfer's key.
    links[name] = `${href.split('#')[0]}${fragment}`;
  }
  return links;
}

/** A stranger's page at `link`, live and controlled by the app's worker, with every request it makes and download it starts. */
async function openAsStranger(browser: Browser, link: string) {
  const context = await strangerContext(browser);
  const requests: string[] = [];
  context.on('request', (request) => {
    requests.push(`${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`);
  });
  const page = await context.newPage();
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await openControlled(page, link);
  return { context, page, requests, downloads };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every download the page started failed: nothing was saved. */
async function expectNothingSaved(downloads: Download[]): Promise<void> {
  for (const download of downloads) expect(await download.failure()).not.toBeNull();
}

test('the full link saves the very bytes sent, and its key reaches no server', async ({ page, browser }) => {
  const file = await makeRandomFile(dir, 'holiday.bin', 3 * 1024 * 1024 + 12_345);
  const links = await sendFromHome(page, [file]);
  const link = links['holiday.bin'] ?? '';
  const key = new URL(link).hash.slice(1);
  const stranger = await openAsStranger(browser, link);
  try {
    const { page: visitor } = stranger;
    await expect(visitor.getByRole('heading', { level: 1, name: 'holiday.bin' })).toBeVisible();
    await expect(visitor.getByText(/not end-to-end encrypted/)).toHaveCount(0);
    const downloading = visitor.waitForEvent('download', { timeout: 60_000 });
    await visitor.getByRole('button', { name: 'Download file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('holiday.bin');
    const saved = path.join(dir, 'saved.bin');
    await download.saveAs(saved);
    expect(sha256(await readFile(saved))).toBe(file.sha256);
    // Not in a URL, a header (Referer included) or a body of anything the page asked for.
    expect(stranger.requests.length).toBeGreaterThan(0);
    expect(stranger.requests.filter((request) => request.includes(key))).toEqual([]);
  } finally {
    await stranger.context.close();
  }
});

test('a link without its key, or with another key, says what is wrong and saves nothing', async ({ page, browser }) => {
  const file = await makeText(dir, 'plans.txt', 'Meet at the harbour at nine.');
  const link = (await sendFromHome(page, [file]))['plans.txt'] ?? '';
  const [address = '', key = ''] = link.split('#');
  // One character changed: still 43 base64url characters that spell a key, but not this one.
  const otherKey = `${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`;
  for (const [opened, heading] of [
    [address, 'This link is incomplete'],
    [`${address}#${key.slice(0, 20)}`, 'This link is incomplete'],
    [`${address}#${otherKey}`, 'This link is broken'],
  ] as const) {
    const stranger = await openAsStranger(browser, opened);
    try {
      const { page: visitor } = stranger;
      await expect(visitor.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Download file' })).toHaveCount(0);
      await expect(visitor.getByText('Ask the sender', { exact: false })).toBeVisible();
      // No ticket asked for, and no byte of the file read from the bucket.
      expect(stranger.requests.filter((request) => FILE_REQUEST.test(request))).toEqual([]);
      expect(stranger.downloads).toEqual([]);
    } finally {
      await stranger.context.close();
    }
  }
});

test('a byte changed in storage makes the download say the file is damaged, and nothing is saved', async ({
  page,
  browser,
}) => {
  const file = await makeRandomFile(dir, 'tampered-report.bin', 2 * 1024 * 1024);
  const link = (await sendFromHome(page, [file]))['tampered-report.bin'] ?? '';
  await damageStored('tampered-report.bin');

  const stranger = await openAsStranger(browser, link);
  try {
    const { page: visitor } = stranger;
    await visitor.getByRole('button', { name: 'Download file' }).click();
    await expect(visitor.getByRole('alert').getByText('This file is damaged')).toBeVisible({ timeout: 60_000 });
    await expect(visitor.getByText(/nothing was saved/)).toBeVisible();
    await expectNothingSaved(stranger.downloads);
  } finally {
    await stranger.context.close();
  }
});

test('image and text previews of encrypted files show what was sent', async ({ page, browser }) => {
  const text = 'Merhaba! The list for Saturday:\n- bread\n- olives';
  const files = [await makeText(dir, 'list.txt', text), await makePng(dir, 'stripes.png', 7, 5)];
  const links = await sendFromHome(page, files);
  const textPage = await openAsStranger(browser, links['list.txt'] ?? '');
  try {
    await textPage.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(textPage.page.locator('pre')).toHaveText(text);
  } finally {
    await textPage.context.close();
  }
  const imagePage = await openAsStranger(browser, links['stripes.png'] ?? '');
  try {
    await imagePage.page.getByRole('button', { name: 'Preview', exact: true }).click();
    const image = imagePage.page.getByRole('img', { name: 'stripes.png' });
    await expect(image).toBeVisible();
    // Decoded by the browser at its real size: the bytes shown are the PNG's, not its ciphertext.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([7, 5]);
  } finally {
    await imagePage.context.close();
  }
});

test('a password transfer asks for the password, refuses a wrong one and opens with the right one', async ({
  page,
  browser,
}) => {
  const file = await makeRandomFile(dir, 'contract.bin', 300_000);
  const link = (await sendFromHome(page, [file], 'kırmızı balon 7'))['contract.bin'] ?? '';
  const stranger = await openAsStranger(browser, link);
  try {
    const { page: visitor } = stranger;
    await expect(visitor.getByRole('heading', { level: 1, name: 'This link has a password' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Download file' })).toHaveCount(0);
    const password = visitor.getByLabel('Password', { exact: true });
    await password.fill('mavi balon');
    await password.press('Enter');
    await expect(visitor.getByText('The password is wrong. Check it and try again.')).toBeVisible();
    await password.fill('kırmızı balon 7');
    await password.press('Enter');
    await expect(visitor.getByRole('heading', { level: 1, name: 'contract.bin' })).toBeVisible({ timeout: 30_000 });
    const downloading = visitor.waitForEvent('download', { timeout: 60_000 });
    await visitor.getByRole('button', { name: 'Download file' }).click();
    const saved = path.join(dir, 'contract-saved.bin');
    await (await downloading).saveAs(saved);
    expect(sha256(await readFile(saved))).toBe(file.sha256);
  } finally {
    await stranger.context.close();
  }
});
