import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { outboxFiles, waitForMail } from './fixtures/outbox';
import { SHARE_LINK, uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { waitForApp } from './fixtures/app-live';
import { text } from './fixtures/locales';
import { saveThroughWorker } from './fixtures/encrypted-transfer';

// docs/product.md §2 Home (send part and file-processing modal), §4 Upload-and-send, §5 recipient rules. The
// app runs as `npm start` does with no SMTP_URL, so the mail it sends lands in <DATA_DIR>/outbox, and
// the page says it was not delivered.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

const recipientInput = (page: Page) => page.getByRole('textbox', { name: 'Recipient email' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Add', exact: true });
const byEmail = (page: Page) => page.getByRole('button', { name: 'Send by email', exact: true }).click();

test('Upload and send waits for files, then asks for a recipient; the complaint goes once fixed', async ({ page }) => {
  const before = (await outboxFiles()).length;
  await page.goto('/');
  await waitForApp(page);
  await byEmail(page);
  await expect(page.getByRole('button', { name: 'Upload and send' })).toBeDisabled();
  await expect(page.getByText(text('en', 'upload.card.pickFirst'))).toBeVisible();

  const file = await makeRandomFile(dir, 'notes.txt', 100);
  await page.getByTestId('upload-files-input').setInputFiles(file.path);
  await expect(page.getByRole('button', { name: 'Upload and send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Upload and send' }).click();
  await expect(page.getByRole('alert')).toContainText('Please add at least one email address');
  await recipientInput(page).fill('ada@example.com');
  await recipientInput(page).press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await outboxFiles()).toHaveLength(before);
});

test('recipients: a real address, no duplicates, Enter adds, at most 10', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await byEmail(page);
  await expect(page.getByText('0/10')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sender' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared file');

  await recipientInput(page).fill('ada@');
  await addButton(page).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await recipientInput(page).fill('ada@example.com');
  await recipientInput(page).press('Enter');
  await expect(page.getByText('1/10')).toBeVisible();
  await expect(recipientInput(page)).toHaveValue('');

  await recipientInput(page).fill('ADA@example.com');
  await addButton(page).click();
  await expect(page.getByText('This address is already in the list')).toBeVisible();

  for (let i = 2; i <= 10; i++) {
    await recipientInput(page).fill(`person${i}@example.com`);
    await recipientInput(page).press('Enter');
  }
  await expect(page.getByText(/^10\/10/)).toBeVisible();
  await expect(recipientInput(page)).toBeDisabled();
  await expect(addButton(page)).toBeDisabled();

  await page.getByRole('button', { name: 'Remove person10@example.com' }).click();
  await expect(page.getByText('9/10')).toBeVisible();
  await expect(recipientInput(page)).toBeEnabled();
});

test('Upload and send mails the transfer’s one link with the quoted title, name and message', async ({ page }) => {
  const report = await makeRandomFile(dir, 'report.pdf', 300_000);
  const photo = await makeRandomFile(dir, 'photo.jpg', 120_000);
  const before = (await outboxFiles()).length;

  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles([report.path, photo.path]);
  await byEmail(page);
  await recipientInput(page).fill('ada@example.com');
  await recipientInput(page).press('Enter');
  await recipientInput(page).fill('alan@example.org');
  await addButton(page).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Quarterly files');
  await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Here are the files we talked about.');
  // The sender shown is the From the recipients will see.
  const sender = await page.getByRole('textbox', { name: 'Sender' }).inputValue();
  expect(sender).toMatch(/^Ulak <no-reply@.+>$/);
  await page.getByRole('button', { name: 'Upload and send' }).click();

  // No mail server: the mail only went to the outbox, and the page does not say it was sent.
  await expect(page.getByRole('status').filter({ hasText: 'Email not delivered' })).toBeVisible({ timeout: 90_000 });
  const link = await page
    .getByRole('region', { name: 'Your share link' })
    .getByTestId('transfer-link')
    .getByRole('link', { name: SHARE_LINK })
    .getAttribute('href');

  const mail = await waitForMail(before);
  expect(mail.headers.split(/\r?\n/)).toContain(`From: ${sender}`);
  expect(mail.headers).toMatch(/^To: ada@example\.com, alan@example\.org$/m);
  expect(mail.text).toContain('> Quarterly files');
  expect(mail.text).toContain('> Here are the files we talked about.');
  // One link: the transfer's.
  const mailed = [
    ...new Set([...mail.text.matchAll(/https?:\/\/\S+\/s\/[A-Za-z0-9]{8}(#[A-Za-z0-9_-]{43})?/g)].map((m) => m[0])),
  ];
  expect(mailed).toEqual([link]);
});

test('the file-processing modal sends one file by email and closes', async ({ page }) => {
  // Saved the way every engine can (the service worker's download URL): the save dialog cannot be answered here.
  await saveThroughWorker(page);
  const file = await makeRandomFile(dir, 'slides.key', 50_000);
  const [link] = await uploadFromHome(page, [file.path]);
  const before = (await outboxFiles()).length;

  await page.getByRole('button', { name: 'Send by email: slides.key' }).click();
  const modal = page.getByRole('dialog', { name: 'Send file' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared file: slides.key');
  await expect(modal.getByText('0/10')).toBeVisible();
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(modal.getByText('Please add at least one email address')).toBeVisible();

  await modal.getByRole('textbox', { name: 'Recipient email' }).fill('grace@example.com');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByText('1/10')).toBeVisible();
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(modal.getByText('Email not delivered')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Sent!' })).toHaveCount(0);

  const mail = await waitForMail(before);
  expect(mail.headers).toMatch(/^To: grace@example\.com$/m);
  expect(mail.headers).toMatch(/^Subject: Ulak: a file was shared with you$/m);
  expect(mail.text).toContain('> Shared file: slides.key');
  expect(mail.text).toContain(link ?? 'missing link');

  // Its Download saves the file itself, decrypted with the key this device kept.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Send file' }).getByRole('button', { name: 'Download' }).click();
  const saved = path.join(dir, 'again.key');
  await (await downloading).saveAs(saved);
  expect(await readFile(saved)).toEqual(await readFile(file.path));
});

test('the file-processing modal opens from a Transfers row too', async ({ page }) => {
  const file = await makeRandomFile(dir, 'budget.xlsx', 20_000);
  const [link] = await uploadFromHome(page, [file.path]);
  const before = (await outboxFiles()).length;

  await page.goto('/upload');
  const row = page.getByRole('listitem', { name: 'budget.xlsx' });
  await row.getByRole('button', { name: 'Send by email: budget.xlsx' }).click();
  const modal = page.getByRole('dialog', { name: 'Send file' });
  await expect(modal.getByRole('textbox', { name: 'Title' })).toHaveValue('Shared file: budget.xlsx');
  await modal.getByRole('textbox', { name: 'Recipient email' }).fill('linus@example.com');
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(modal.getByText('Email not delivered')).toBeVisible();

  const mail = await waitForMail(before);
  expect(mail.headers).toMatch(/^To: linus@example\.com$/m);
  expect(mail.text).toContain(link ?? 'missing link');
});
