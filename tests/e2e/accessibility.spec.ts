import { expect, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { seriousViolations } from './fixtures/axe';

// Every public route, light and dark, on a 360 px phone and a desktop: axe finds no serious or
// critical violation, and nothing is wider than the screen.

const ROUTES = ['/', '/upload', '/how-it-works', '/about', '/privacy', '/terms', '/cookies'];
const WIDTHS = [360, 1280];
const SCHEMES = ['light', 'dark'] as const;

let shareLink = '';

test.beforeAll(async ({ browser }) => {
  const dir = await makeTempDir();
  const page = await browser.newPage();
  try {
    const file = await makeRandomFile(dir, 'accessible report.pdf', 2048);
    [shareLink = ''] = await uploadFromHome(page, [file.path]);
  } finally {
    await page.close();
    await removeDir(dir);
  }
});

for (const width of WIDTHS) {
  for (const colorScheme of SCHEMES) {
    test(`no serious or critical axe violation at ${width} px in ${colorScheme} mode`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
      const page = await context.newPage();
      try {
        for (const route of [...ROUTES, new URL(shareLink).pathname]) {
          await page.goto(route);
          await waitForApp(page);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
          const serious = await seriousViolations(page);
          expect(serious, `${route} at ${width}px ${colorScheme}`).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${route} is wider than ${width}px`).toBeLessThanOrEqual(0);
        }
      } finally {
        await context.close();
      }
    });
  }
}

test('the send section and the QR dialog pass axe at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const dir = await makeTempDir();
  try {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Send by email', exact: true }).click();
    // With a file picked and an address refused, the send section shows its field error.
    const file = await makeRandomFile(dir, 'axe.txt', 100);
    await page.getByTestId('upload-files-input').setInputFiles(file.path);
    const recipient = page.getByRole('textbox', { name: 'Recipient email' });
    await recipient.fill('nope');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(recipient).toHaveAttribute('aria-invalid', 'true');
    await expect(recipient).toHaveAccessibleDescription(/valid email address/);
    expect(await seriousViolations(page), 'home with errors').toEqual([]);
    // The whole link: without its key (the fragment) the page says the link is incomplete.
    const { pathname, hash } = new URL(shareLink);
    await page.goto(pathname + hash);
    await waitForApp(page);
    await page.getByRole('button', { name: 'QR code' }).click();
    await expect(page.getByRole('dialog').getByRole('img', { name: /^QR code of the share link/ })).toBeVisible();
    expect(await seriousViolations(page), 'QR dialog').toEqual([]);
  } finally {
    await context.close();
    await removeDir(dir);
  }
});

test('the file-processing modal passes axe at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const dir = await makeTempDir();
  try {
    const file = await makeRandomFile(dir, 'modal.txt', 100);
    await uploadFromHome(page, [file.path]);
    await page.getByRole('button', { name: 'Send by email: modal.txt' }).click();
    const modal = page.getByRole('dialog', { name: 'Send file' });
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(modal.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page), 'file-processing modal').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
    await removeDir(dir);
  }
});
