import { stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { SHARE_LINK, uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir, sha256OfFile } from './fixtures/test-files';

// docs/product.md §2 Home, Transfers and Download page; §8 download-page errors. Every test starts in a fresh
// browser context (its own IndexedDB, so its own "this device"); a second context is another person.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

test('a 20 MB file uploaded from Home downloads byte for byte for someone else', async ({ page, browser }) => {
  const source = await makeRandomFile(dir, 'holiday video ğüşiöç.bin', 20 * 1024 * 1024);
  await page.goto('/');
  await expect(page.getByText('Files will auto-delete after 3 days')).toBeVisible();

  const [link] = await uploadFromHome(page, [source.path]);
  expect(link).toMatch(SHARE_LINK);

  const recipient = await browser.newContext();
  try {
    const other = await recipient.newPage();
    await other.goto(link ?? '');
    await expect(other.getByRole('heading', { level: 1, name: source.name })).toBeVisible();
    await expect(other.getByText('20 MB', { exact: true })).toBeVisible();
    await expect(other.getByText('3 days left', { exact: true })).toBeVisible();
    await expect(other.getByText('URGENT')).toHaveCount(0);
    // The deletion date in the UI's language, e.g. "November 24, 2026 at 6:20 AM", beside the time left.
    await expect(other.getByText(/^Deleted on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();
    await expect(other.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await expect(other.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?subject=/);

    const downloading = other.waitForEvent('download');
    await other.getByRole('button', { name: 'Download file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(source.name);
    const saved = path.join(dir, 'downloaded.bin');
    await download.saveAs(saved);
    expect((await stat(saved)).size).toBe(source.size);
    expect(await sha256OfFile(saved)).toBe(source.sha256);
    await expect(other.getByText('Failed to download the file')).toHaveCount(0);
  } finally {
    await recipient.close();
  }
});

test('each file of an uploaded folder keeps a link of its own that opens that file', async ({ page, browser }) => {
  const folder = path.join(dir, 'report');
  const files = await Promise.all([
    makeRandomFile(folder, 'a.txt', 1_000),
    makeRandomFile(folder, 'b.pdf', 20_000),
    makeRandomFile(folder, 'pictures/c.png', 300_000),
  ]);
  const links = await uploadFromHome(page, { folder }, 3);
  expect(new Set(links).size).toBe(3);
  for (const link of links) expect(link).toMatch(SHARE_LINK);

  const recipient = await browser.newContext();
  try {
    const other = await recipient.newPage();
    const names: string[] = [];
    for (const link of links) {
      await other.goto(link);
      const heading = other.getByRole('heading', { level: 1 });
      await expect(heading).not.toHaveText(/Loading/);
      names.push((await heading.textContent()) ?? '');
    }
    expect(names.sort()).toEqual(files.map((f) => f.name).sort());
  } finally {
    await recipient.close();
  }
});

test('a malformed or missing share id shows Invalid link with a way home', async ({ page }) => {
  for (const route of ['/s/!!bad!!', '/s/ab', '/share/ab', '/s/']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid link' })).toBeVisible();
    await expect(page.getByText('The share link is invalid or malformed.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  }
});

test('an unknown share id shows File not found with a way home', async ({ page }) => {
  await page.goto('/s/Zz9Zz9Zz');
  await expect(page.getByRole('heading', { level: 1, name: 'File not found' })).toBeVisible();
  await expect(page.getByText('File not found or has expired')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Copy link shows Copied! and puts the link on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const file = await makeRandomFile(dir, 'notes.txt', 2_000);
  const [link] = await uploadFromHome(page, [file.path]);

  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The feedback goes away by itself (COPIED_FEEDBACK_MS).
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 5_000 });
});

test('Transfers lists this device’s upload; deleting it kills the link', async ({ page, browser }) => {
  const file = await makeRandomFile(dir, 'to-delete.pdf', 50_000);
  const [link] = await uploadFromHome(page, [file.path]);

  await page.goto('/upload');
  await expect(page.getByText('Manage, share, and delete your uploaded files from here.')).toBeVisible();
  const row = page.getByRole('listitem', { name: file.name });
  await expect(row).toBeVisible();
  await expect(row.getByText('48.83 KB')).toBeVisible();
  await expect(row.getByText('3 days left')).toBeVisible();

  // The preview dialog shows the link.
  await row.getByRole('button', { name: file.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'File details' });
  await expect(dialog.getByRole('link', { name: link })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Deleting asks first.
  await row.getByRole('button', { name: `Delete ${file.name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${file.name}?` })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No files uploaded yet')).toBeVisible();

  const recipient = await browser.newContext();
  try {
    const other = await recipient.newPage();
    await other.goto(link ?? '');
    await expect(other.getByRole('heading', { level: 1, name: 'File not found' })).toBeVisible();
  } finally {
    await recipient.close();
  }
});

test('an empty Transfers page points to Home', async ({ page }) => {
  await page.goto('/upload');
  await expect(page.getByText('No files uploaded yet')).toBeVisible();
  await page.getByRole('link', { name: 'Upload files from Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a 360 px phone the Home card and the download page fit the screen', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const page = await phone.newPage();
    const file = await makeRandomFile(dir, 'a-rather-long-file-name-for-a-small-screen-2026.zip', 5_000);
    const [link] = await uploadFromHome(page, [file.path]);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(link ?? '');
    await expect(page.getByRole('button', { name: 'Download file' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Keyboard: the download button is reachable and shows focus, once the app has taken over the
    // page the host rendered (nothing in it takes focus before).
    await waitForApp(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Download file' }).focus();
    await expect(page.getByRole('button', { name: 'Download file' })).toBeFocused();
  } finally {
    await phone.close();
  }
});
