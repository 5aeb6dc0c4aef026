import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { SHARE_LINK } from './fixtures/share-flow';

// A sender's "Delete after 1 download", end to end on the real host: the recipient's page says how
// many downloads are left, a preview takes none, the one download goes through byte for byte, and
// the next visitor is told the downloads are used up.

test('a limit of 1 lets one download through; previews do not count; the next visitor sees it used up', async ({
  page,
  browser,
}) => {
  const text = 'Only one person gets this file.\nThen it is gone.';
  await page.goto('/');
  await waitForApp(page);
  await page
    .getByTestId('upload-files-input')
    .setInputFiles([{ name: 'once.txt', mimeType: 'text/plain', buffer: Buffer.from(text) }]);
  // A labelled native select: reached and set by its label, as a screen reader or keyboard would.
  const limit = page.getByLabel('Delete after');
  await expect(limit).toHaveValue('');
  await expect(limit.locator('option:checked')).toHaveText('When the retention ends');
  await limit.selectOption({ label: '1 download' });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const link = page.getByTestId('transfer-link').getByRole('link', { name: SHARE_LINK });
  await expect(link).toBeVisible({ timeout: 90_000 });
  const url = await link.getAttribute('href');
  expect(url).toMatch(SHARE_LINK);

  const first = await browser.newContext();
  try {
    const visitor = await first.newPage();
    await visitor.goto(url ?? '');
    await expect(visitor.getByRole('heading', { level: 1, name: 'once.txt' })).toBeVisible();
    await expect(visitor.getByTestId('downloads-left')).toHaveText('1 download left, then the link stops working');
    // Looking first takes no download.
    await visitor.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(visitor.getByText('Only one person gets this file.')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByTestId('downloads-left')).toHaveText('1 download left, then the link stops working');

    const downloading = visitor.waitForEvent('download');
    await visitor.getByRole('button', { name: 'Download file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('once.txt');
    expect(await readFile((await download.path()) ?? '', 'utf8')).toBe(text);
  } finally {
    await first.close();
  }

  const second = await browser.newContext();
  try {
    const late = await second.newPage();
    await late.goto(url ?? '');
    await expect(late.getByRole('heading', { name: 'Downloads used up' })).toBeVisible();
    await expect(late.getByRole('button', { name: 'Download file' })).toHaveCount(0);
  } finally {
    await second.close();
  }
});
