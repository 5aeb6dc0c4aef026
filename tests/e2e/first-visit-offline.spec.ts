import { expect, test } from '@playwright/test';
import { text } from './fixtures/locales';
import { holdParts } from './fixtures/hold-requests';
import { openControlled, readJobs } from './fixtures/pwa';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { createTransfer, makeText, uploadIntoTransfer } from './fixtures/transfer-upload';

// Home and the download page when the network goes, and an upload stopped from Home.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

test('offline, Home says only that it waits for the network; × cancels the upload on the server', async ({
  page,
  context,
}) => {
  // No part reaches the bucket until the test is done: the upload is under way whatever the machine's speed.
  const release = await holdParts(context);
  const aborts: number[] = [];
  context.on('response', (response) => {
    if (/\/uploads\/[^/]+\/abort$/.test(response.url())) aborts.push(response.status());
  });
  try {
    const source = await makeRandomFile(dir, 'to cancel.bin', 12 * 1024 * 1024);
    await openControlled(page);
    await page.getByTestId('upload-files-input').setInputFiles(source.path);
    await page.getByRole('button', { name: text('en', 'upload.card.upload'), exact: true }).click();
    const card = page.getByRole('region', { name: text('en', 'upload.card.title') });
    await expect(card.getByText(text('en', 'upload.card.uploading'))).toBeVisible();

    await context.setOffline(true);
    await expect(card.getByText(text('en', 'transfers.paused')).first()).toBeVisible();
    await expect(card.getByText(text('en', 'upload.card.uploading'))).toHaveCount(0);
    await context.setOffline(false);
    await expect(card.getByText(text('en', 'upload.card.uploading'))).toBeVisible();

    await card.getByRole('button', { name: text('en', 'upload.card.cancelUpload', { name: source.name }) }).click();
    await expect(card.getByText(source.name)).toHaveCount(0);
    // The parts in flight are let go: the worker aborts the upload once they have settled.
    release();
    await expect.poll(() => aborts, { timeout: 30_000 }).toEqual([204]);
    await expect.poll(async () => (await readJobs(page)).length).toBe(0);
    await expect(card.getByText(text('en', 'upload.card.uploading'))).toHaveCount(0);
  } finally {
    release();
  }
});

test('an offline download page says so at once, and loads by itself once back online', async ({
  page,
  context,
  baseURL,
}) => {
  const transfer = await createTransfer(baseURL ?? '', {});
  await uploadIntoTransfer(baseURL ?? '', transfer, await makeText(dir, 'report.txt', 'hi'), '', 'text/plain');
  // The app's shell is on the device (the worker took control), as it is for anyone who visited once.
  await openControlled(page);
  await context.setOffline(true);
  await page.goto(`/s/${transfer.shareId}`);
  // At once: long before the ~20 s of retries a failed load takes.
  await expect(page.getByRole('heading', { name: text('en', 'download.offline.title') })).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByText(text('en', 'download.loadFailed.title'))).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'report.txt' })).toBeVisible();
});
