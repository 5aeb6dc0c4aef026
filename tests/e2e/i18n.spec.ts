import { expect, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { text } from './fixtures/locales';
import { uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// docs/product.md §2 header: the EN/TR switch translates the product, is kept in localStorage 'language', and
// the first visit follows the browser's language. Dates and numbers follow the language.

test.describe('first visit follows the browser', () => {
  test.use({ locale: 'tr-TR' });
  test('a Turkish browser gets Turkish', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: text('tr', 'home.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });
  test('gets English', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'home.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the switch translates every part of the page and is kept across reloads', async ({ page }) => {
  await page.goto('/how-it-works');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();

  await page.getByText('TR', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('tr', 'howItWorks.title') })).toBeVisible();
  const nav = page.getByRole('navigation', { name: text('tr', 'nav.main') });
  await expect(nav.getByRole('link', { name: text('tr', 'nav.transfers') })).toBeVisible();
  await expect(page.getByRole('heading', { name: text('tr', 'howItWorks.faq.title') })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(text('tr', 'footer.quickLinks'))).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('tr');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: text('tr', 'howItWorks.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');

  await page.goto('/about');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: text('tr', 'about.title') })).toBeVisible();

  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Ulak' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About Ulak' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
});

test('sizes and dates follow the language, the deletion date included; time left counts 3 days', async ({ page }) => {
  const dir = await makeTempDir();
  try {
    const file = await makeRandomFile(dir, 'numbers.bin', 1500);
    const [link] = await uploadFromHome(page, [file.path]);
    await page.goto(link ?? '');
    await waitForApp(page);
    await expect(page.getByText('1.46 KB', { exact: true })).toBeVisible();
    // Just uploaded: what a person calls 3 days, not the 2 whole days and 23 hours floored.
    await expect(page.getByText('3 days left', { exact: true })).toBeVisible();
    const englishMonth = /(January|February|March|April|May|June|July|August|September|October|November|December)/;
    const turkishMonth = /(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık)/;
    // The deletion date, written long, beside the time left.
    const deletion = page.getByRole('main').locator('time[data-local-time="long"]');
    await expect(deletion).toContainText(englishMonth);
    await expect(deletion).not.toContainText(turkishMonth);
    await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();

    await page.getByText('TR', { exact: true }).click();
    await expect(page.getByText('1,46 KB', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: text('tr', 'download.download') })).toBeVisible();
    await expect(page.getByText(text('tr', 'expiry.days_other', { count: 3 }), { exact: true })).toBeVisible();
    await expect(deletion).toContainText(turkishMonth);
    await expect(deletion).not.toContainText(englishMonth);
  } finally {
    await removeDir(dir);
  }
});
