import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { holdParts } from './fixtures/hold-requests';
import { text } from './fixtures/locales';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// What an upload under way says about closing the page. Chromium has Background Sync: its worker
// finishes an upload with every page closed, so nothing asks to keep one open. Where a browser has
// none (Firefox, WebKit: the engines suite sees them say it), Home and Transfers say that the
// upload goes on only while a page of the app is open; here that browser is Chromium with its
// SyncManager taken away before the app starts. Transfers is reached by the header's link, as a
// person goes there: the upload's runner may be the page itself (before a worker controls it), and
// a reload would end it.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

/** Starts an upload on Home: the line under Upload. */
async function startUpload(page: Page) {
  const file = await makeRandomFile(dir, 'long video.mp4', 12 * 1024 * 1024);
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles(file.path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  return page.locator('section[aria-labelledby="upload-card-title"]').getByRole('status');
}

/** Goes to Transfers by the header's link; resolves once its row shows the upload still under way. */
async function openTransfers(page: Page) {
  await page
    .getByRole('navigation', { name: text('en', 'nav.main') })
    .getByRole('link', { name: text('en', 'nav.transfers') })
    .click();
  await expect(page.locator('[data-upload-state]')).toHaveAttribute('data-upload-state', /^(queued|uploading|paused)$/);
}

test('with Background Sync, an upload under way does not ask to keep a page open', async ({ page, context }) => {
  const release = await holdParts(context);
  try {
    await expect(await startUpload(page)).toHaveText(text('en', 'upload.card.uploading'));
    await openTransfers(page);
    await expect(page.getByText(text('en', 'transfers.keepOpen'))).toHaveCount(0);
  } finally {
    release();
  }
});

test('without Background Sync, Home and Transfers say the upload goes on only while a page is open', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager;
  });
  const release = await holdParts(context);
  try {
    await expect(await startUpload(page)).toHaveText(text('en', 'upload.card.uploadingKeepOpen'));
    await openTransfers(page);
    await expect(page.getByRole('note').filter({ hasText: text('en', 'transfers.keepOpen') })).toBeVisible();
  } finally {
    release();
  }
});
