import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ANON_HEADERS, API, cardNumber, savePage, saveSettings, signIn } from './fixtures/admin';
import { uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { waitForApp } from './fixtures/app-live';
import { GIB } from '../../supabase/functions/_shared/domain/constants';

// The admin panel against the real host: what the operator sees counts what visitors did, and
// what the operator changes takes effect for visitors. Every test leaves the settings and pages
// as SPEC's defaults again, whatever happens.

let dir = '';

test.beforeAll(async () => {
  dir = await makeTempDir();
});
test.afterAll(async () => {
  await removeDir(dir);
});
test.afterEach(async ({ request }) => {
  await saveSettings(request, {});
});

/** Opens a share link and downloads the file through the page, as a recipient does. */
async function downloadThroughPage(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download file' }).click();
  expect((await download).suggestedFilename()).toBe(name);
}

test('signed in, the dashboard counts an upload and a download made now', async ({ browser }) => {
  const admin = await browser.newPage();
  await signIn(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const uploadsBefore = await cardNumber(admin, 'Total uploads');
  const downloadsBefore = await cardNumber(admin, 'Total downloads');
  const activeBefore = await cardNumber(admin, 'Active uploads');

  const visitor = await browser.newPage();
  const file = await makeRandomFile(dir, 'dashboard counted.pdf', 3000);
  const [link = ''] = await uploadFromHome(visitor, [file.path]);
  await downloadThroughPage(visitor, link, 'dashboard counted.pdf');
  await visitor.close();

  await admin.reload();
  await expect.poll(() => cardNumber(admin, 'Total uploads')).toBe(uploadsBefore + 1);
  expect(await cardNumber(admin, 'Total downloads')).toBe(downloadsBefore + 1);
  expect(await cardNumber(admin, 'Active uploads')).toBe(activeBefore + 1);
  await expect(
    admin.getByRole('region', { name: 'Recent downloads' }).getByText('dashboard counted.pdf').first(),
  ).toBeVisible();
  // The host and the browser are on one machine: the download comes from a local address.
  await expect(admin.getByRole('region', { name: 'Top countries (30 days)' }).getByText('Local')).toBeVisible();
  await expect(admin.getByText(/^Last updated /)).toBeVisible();
  await expect(admin.getByRole('figure', { name: /Uploads and downloads, last 30 days/ })).toBeVisible();
  await admin.close();
});

test("the top bar's search finds a file by name in the uploads table, and a takedown makes its link say it was removed", async ({
  page,
  browser,
}) => {
  const file = await makeRandomFile(dir, 'takedown target 7Q.txt', 1500);
  const [link = ''] = await uploadFromHome(page, [file.path]);

  const admin = await browser.newPage();
  await signIn(admin);
  // The top bar's search, from any screen, opens the uploads table with the text searched.
  await admin.getByRole('searchbox', { name: 'Search files' }).fill('takedown target 7q');
  await admin.getByRole('searchbox', { name: 'Search files' }).press('Enter');
  await expect(admin.getByRole('heading', { level: 1, name: 'Uploads' })).toBeVisible();
  await expect(admin.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('takedown target 7q');
  const row = admin.getByRole('row', { name: /takedown target 7Q\.txt/ });
  await expect(row).toBeVisible();
  await expect(admin.getByRole('row')).toHaveCount(2); // the header and the one match
  await row.getByRole('button', { name: /Details/ }).click();
  const drawer = admin.getByRole('dialog', { name: 'File details' });
  await expect(drawer.getByRole('heading', { name: 'takedown target 7Q.txt' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Take down' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Take this file down?' });
  await confirm.getByLabel('Reason (optional)').fill('Test takedown');
  await confirm.getByRole('button', { name: 'Take down' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('No files match.')).toBeVisible();
  await admin.close();

  const visitor = await browser.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: 'This file was removed' })).toBeVisible();
  await visitor.close();
});

test('max size 1 GB: a 1.5 GB file is refused with the limit, by the page and by the API; then restored', async ({
  browser,
  request,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, '/admin/settings');
  const maxSize = admin.getByRole('textbox', { name: 'Max file size' });
  await maxSize.fill('1');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved successfully!')).toBeVisible();

  // A sparse file: 1.5 GB announced, nothing written, nothing read into memory.
  const bigPath = path.join(dir, 'too big.iso');
  const handle = await open(bigPath, 'w');
  await handle.truncate(1.5 * GIB);
  await handle.close();
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByText('Upload files up to 1 GB', { exact: false })).toBeVisible();
  await waitForApp(visitor);
  await visitor.getByTestId('upload-files-input').setInputFiles(bigPath);
  await expect(visitor.getByRole('alert')).toContainText(
    '“too big.iso” (1.5 GB) is larger than 1 GB, the limit per file',
  );
  await rm(bigPath);

  const refused = await request.post(`${API}/uploads`, {
    headers: ANON_HEADERS,
    data: { name: 'too big.iso', size: 1.5 * GIB, type: 'application/octet-stream' },
  });
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toMatchObject({ code: 'file_too_large', params: { maxBytes: GIB, maxGb: 1 } });

  await maxSize.fill('2');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved successfully!')).toBeVisible();
  await visitor.goto('/how-it-works');
  await expect(visitor.getByRole('row', { name: /Maximum file size/ })).toContainText('2 GB per file');
  await admin.close();
  await visitor.close();
});

test('maintenance on: uploads are refused with a notice, downloads still work', async ({ browser, request }) => {
  const visitor = await browser.newPage();
  const file = await makeRandomFile(dir, 'before maintenance.txt', 800);
  const [link = ''] = await uploadFromHome(visitor, [file.path]);

  const admin = await browser.newPage();
  await signIn(admin, '/admin/settings');
  await admin.getByRole('switch', { name: 'Maintenance mode' }).check();
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved successfully!')).toBeVisible();
  await admin.close();

  await visitor.goto('/');
  await expect(visitor.getByRole('status').filter({ hasText: 'Uploads are paused' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Add files' })).toBeDisabled();
  const refused = await request.post(`${API}/uploads`, {
    headers: ANON_HEADERS,
    data: { name: 'during maintenance.txt', size: 10, type: 'text/plain' },
  });
  expect(refused.status()).toBe(503);
  expect(await refused.json()).toMatchObject({ code: 'maintenance' });

  await downloadThroughPage(visitor, link, 'before maintenance.txt');
  await visitor.close();
});

test('About edited and saved in the panel shows on /about in a fresh browser context', async ({ browser, request }) => {
  const admin = await browser.newPage();
  try {
    await signIn(admin, '/admin/pages');
    await admin.getByText('About', { exact: true }).click();
    await expect(admin.getByRole('radio', { name: 'About' })).toBeChecked();
    await expect(admin.getByRole('radio', { name: 'English' })).toBeChecked();
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin
      .getByRole('textbox', { name: 'Content (Markdown)' })
      .fill(
        '## Run by volunteers\n\nUlak is kept running by **three volunteers** in Izmir.\n\n<script>window.pwned = 1</script>',
      );
    await admin.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Page content saved successfully!')).toBeVisible();
    await expect(admin.getByText(/^Last modified .* by admin$/)).toBeVisible();

    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Ulak' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Run by volunteers' })).toBeVisible();
    await expect(page.getByText('Ulak is kept running by three volunteers in Izmir.')).toBeVisible();
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await fresh.close();
  } finally {
    await admin.close();
    await savePage(request, 'about', 'en', '', 'draft');
  }
});

test('a visitor reports a file; the report is in the panel with a takedown', async ({ browser }) => {
  const visitor = await browser.newPage();
  // A name of this run's own: the server keeps earlier runs' reports (--repeat-each, retries).
  const name = `reported by visitor ${Date.now()}.zip`;
  const file = await makeRandomFile(dir, name, 900);
  const [link = ''] = await uploadFromHome(visitor, [file.path]);
  await visitor.goto(link);
  await visitor.getByRole('button', { name: 'Report this file' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Report this file' });
  await dialog.getByRole('radio', { name: 'Malware or a virus' }).check();
  await dialog.getByLabel('Details (optional)').fill('The archive contains an .exe');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. The administrator will look at it.')).toBeVisible();
  await visitor.close();

  const admin = await browser.newPage();
  await signIn(admin, '/admin/reports');
  const report = admin.getByTestId('report').filter({ hasText: name });
  await expect(report).toContainText('Malware or a virus');
  await expect(report).toContainText('The archive contains an .exe');
  await expect(report.getByRole('button', { name: 'Take down' })).toBeEnabled();
  await report.getByRole('button', { name: 'Dismiss' }).click();
  await expect(report).toBeHidden();
  // The bell lists the new report.
  await admin.getByRole('button', { name: /^Notifications/ }).click();
  await expect(admin.getByText(`Reported: ${name}`)).toBeVisible();
  await admin.close();
});
