import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ANON_HEADERS, API, adminToken } from './fixtures/admin';
import { waitForApp } from './fixtures/app-live';
import { outboxFiles } from './fixtures/outbox';
import { SHARE_LINK, shareIdOfLink } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// The sender's side of a transfer: what is picked in one go has one link, the send card is honest
// about mail, and Transfers groups by transfer on a phone, asks before deleting, and says when the
// operator took a file down. The host runs as `npm start` does, with no SMTP_URL.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

const results = (page: Page) => page.getByRole('region', { name: /Your share links?/ });

/** Picks three files and a folder with a subfolder on Home and uploads them; returns the shown link. */
async function sendThreeFilesAndAFolder(page: Page): Promise<string> {
  const files = await Promise.all([
    makeRandomFile(dir, 'a.txt', 1_000),
    makeRandomFile(dir, 'b.pdf', 20_000),
    makeRandomFile(dir, 'c.png', 30_000),
  ]);
  const folder = path.join(dir, 'report');
  await makeRandomFile(folder, 'summary.txt', 2_000);
  await makeRandomFile(folder, 'pictures/d.png', 40_000);
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles(files.map((file) => file.path));
  await page.getByTestId('upload-folder-input').setInputFiles(folder);
  await expect(page.getByText('5 files selected')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(results(page)).toBeVisible({ timeout: 90_000 });
  const link = results(page).getByTestId('transfer-link').getByRole('link', { name: SHARE_LINK });
  await expect(link).toHaveCount(1);
  return (await link.getAttribute('href')) ?? '';
}

test('three files and a folder with a subfolder give one link, listing every file with its folder', async ({
  page,
  request,
}) => {
  const link = await sendThreeFilesAndAFolder(page);
  await expect(results(page).getByRole('heading', { name: 'Your share link', exact: true })).toBeVisible();
  // Each file keeps its own link, after the transfer's.
  await expect(results(page).getByText('report/pictures/d.png')).toBeVisible();

  const shareId = shareIdOfLink(link);
  const res = await request.get(`${API}/shares/${shareId}`, { headers: ANON_HEADERS });
  expect(res.status()).toBe(200);
  const transfer = (await res.json()) as { kind: string; files: { path: string; name: string }[] };
  expect(transfer.kind).toBe('transfer');
  expect(transfer.files.map((file) => (file.path ? `${file.path}/${file.name}` : file.name)).sort()).toEqual(
    ['a.txt', 'b.pdf', 'c.png', 'report/pictures/d.png', 'report/summary.txt'].sort(),
  );
});

test('the send card without a mail server says email is not available, and never says sent', async ({ page }) => {
  const file = await makeRandomFile(dir, 'notes.txt', 500);
  const before = (await outboxFiles()).length;
  await page.goto('/');
  await waitForApp(page);
  // The card starts with the files: no email fields until asked for.
  await expect(page.getByRole('textbox', { name: 'Recipient email' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send by email', exact: true }).click();
  await expect(page.getByText(/Email is not available on this server/)).toBeVisible();

  await page.getByTestId('upload-files-input').setInputFiles(file.path);
  await page.getByRole('textbox', { name: 'Recipient email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Your name (optional)' }).fill('Grace');
  await page.getByRole('button', { name: 'Upload and send' }).click();
  await expect(page.getByText('Email not delivered')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Email sent|were emailed/)).toHaveCount(0);
  // The mail was written to the outbox, with the transfer's one link.
  await expect.poll(async () => (await outboxFiles()).length, { timeout: 30_000 }).toBeGreaterThan(before);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Transfers groups by transfer with no sideways scroll, and a delete asks first', async ({ page }) => {
    const link = await sendThreeFilesAndAFolder(page);
    await page.goto('/upload');
    const group = page.getByRole('listitem', { name: 'Transfer of 5 files' });
    await expect(group).toBeVisible({ timeout: 30_000 });
    await expect(group.getByRole('link', { name: link })).toBeVisible();
    await expect(group.getByRole('listitem', { name: 'report/pictures/d.png' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Delete asks first; Cancel (the keyboard's Escape too) keeps everything.
    const deleteFile = group.getByRole('button', { name: 'Delete a.txt' });
    await expect(deleteFile).toBeInViewport();
    await deleteFile.click();
    const question = page.getByRole('dialog', { name: 'Delete a.txt?' });
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(group.getByRole('listitem', { name: 'a.txt' })).toBeVisible();

    await group.getByRole('button', { name: 'Delete the transfer: Transfer of 5 files' }).click();
    const whole = page.getByRole('dialog', { name: 'Delete Transfer of 5 files?' });
    await whole.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(group).toBeHidden({ timeout: 30_000 });
    const gone = await page.request.get(`${API}/shares/${shareIdOfLink(link)}`, { headers: ANON_HEADERS });
    expect(gone.status()).toBe(404);
  });
});

test('a file the operator took down is announced to its uploader instead of vanishing', async ({ page, request }) => {
  await sendThreeFilesAndAFolder(page);
  const fileLink = await results(page)
    .getByRole('listitem')
    .filter({ hasText: 'b.pdf' })
    .getByRole('link', { name: SHARE_LINK })
    .getAttribute('href');
  const res = await request.post(`${API}/admin/shares/${shareIdOfLink(fileLink ?? '')}/takedown`, {
    headers: { ...ANON_HEADERS, 'x-admin-token': await adminToken(request) },
    data: { reason: 'Reported as malware' },
  });
  expect(res.status()).toBe(200);

  await page.goto('/upload');
  const row = page.getByRole('listitem', { name: 'b.pdf' });
  await expect(row).toContainText('Taken down by the operator of this service', { timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: 'a.txt' })).toBeVisible();
});
