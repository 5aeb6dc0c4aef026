import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MAX_FILE_SIZE } from '../../supabase/functions/_shared/domain/constants';
import { text } from './fixtures/locales';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { waitForApp } from './fixtures/app-live';

// Home's upload card as a first-time visitor meets it: picking, refusals, failures, a small phone.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

/** A file of `size` bytes that takes no room on disk (sparse): the browser only reads its size. */
async function sparseFile(name: string, size: number): Promise<string> {
  const file = path.join(dir, name);
  const handle = await open(file, 'w');
  await handle.truncate(size);
  await handle.close();
  return file;
}

test('Upload waits until something is picked, then every next pick is taken', async ({ page }) => {
  const [a, b] = await Promise.all([makeRandomFile(dir, 'a.txt', 10), makeRandomFile(dir, 'b.txt', 20)]);
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await expect(page.getByText(text('en', 'upload.card.pickFirst'))).toBeVisible();

  await page.getByTestId('upload-files-input').setInputFiles(a.path);
  await expect(page.getByText('1 file selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
  await page.getByTestId('upload-files-input').setInputFiles(b.path);
  await expect(page.getByText('2 files selected')).toBeVisible();
  await expect(page.getByText(text('en', 'upload.card.pickFirst'))).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('in Turkish', () => {
  test.use({ locale: 'tr-TR' });

  test('a file over the limit is refused when it is picked, with its real size', async ({ page }) => {
    const big = await sparseFile('film.mkv', MAX_FILE_SIZE + 512 * 1024 ** 2);
    const small = await makeRandomFile(dir, 'not.txt', 10);
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('upload-files-input').setInputFiles([big, small.path]);
    await expect(page.getByRole('alert')).toHaveText(
      text('tr', 'upload.card.tooLarge', { name: 'film.mkv' })
        .replace('{{sizeBytes, bytes}}', '2,5 GB')
        .replace('{{maxBytes, bytes}}', '2 GB'),
    );
    // The other file is taken; the big one is not listed at all.
    await expect(page.getByText(text('tr', 'upload.card.selected_one', { count: 1 }))).toBeVisible();
    await expect(page.getByText('film.mkv', { exact: true })).toHaveCount(0);
    await rm(big);
  });

  test('a failed upload says why in the UI language, on Home and in Transfers', async ({ page, context }) => {
    // The bucket refuses every part (the network, not our code, answers for it).
    await context.route(/\/storage\//, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/xml',
            body: '<Error><Code>InvalidRequest</Code><Message>Refused for the test</Message></Error>',
          })
        : route.continue(),
    );
    const file = await makeRandomFile(dir, 'rapor.pdf', 1000);
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('upload-files-input').setInputFiles(file.path);
    await page.getByRole('button', { name: text('tr', 'upload.card.upload'), exact: true }).click();
    const reason = text('tr', 'errors.api.part_refused', { part: 1 });
    await expect(page.getByRole('alert').filter({ hasText: text('tr', 'upload.card.failed') })).toContainText(reason, {
      timeout: 60_000,
    });
    await expect(page.getByText(reason).first()).toBeVisible();

    await page.goto('/upload');
    const row = page.getByRole('listitem', { name: 'rapor.pdf' });
    await expect(row.getByRole('alert')).toHaveText(text('tr', 'transfers.failed', { error: reason }));
    // No English from the engine or the server.
    await expect(row).not.toContainText(/Refused for the test|storage refused/);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the first screen of Home lets a person pick files', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Add files' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Add folder' })).toBeInViewport({ ratio: 1 });
  });
});
