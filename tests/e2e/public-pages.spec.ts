import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { text, type TestLanguage } from './fixtures/locales';
import { SHARE_LINK, uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// docs/product.md §2: every public route shows its key texts in English and in Turkish, with the shared
// header (links, mobile menu, blur after 20 px) and footer; no page claims what the product does not do.

async function useLanguage(page: Page, language: TestLanguage): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
}

const PAGES: { path: string; keys: string[]; values?: Record<string, string | number> }[] = [
  { path: '/', keys: ['home.title', 'send.byEmail', 'upload.card.addFiles'] },
  { path: '/upload', keys: ['transfers.title', 'transfers.intro'] },
  {
    path: '/how-it-works',
    keys: [
      'howItWorks.title',
      'howItWorks.steps.upload.title',
      'howItWorks.steps.link.title',
      'howItWorks.steps.share.title',
      'howItWorks.security.title',
      'howItWorks.specs.title',
      'howItWorks.faq.items.retention.question',
      'howItWorks.faq.items.expiry.question',
      'howItWorks.faq.items.limit.question',
      'howItWorks.faq.items.account.question',
      'howItWorks.faq.items.security.question',
      'howItWorks.faq.items.extend.question',
    ],
  },
  { path: '/about', keys: ['about.title', 'about.privacyFirst.title', 'about.securityFocused.title'] },
  {
    path: '/privacy',
    keys: ['legal.privacy.title', 'legal.privacy.sections.files.title', 'legal.privacy.sections.logs.title'],
  },
  { path: '/terms', keys: ['legal.terms.title', 'legal.terms.sections.use.title'] },
  { path: '/cookies', keys: ['legal.cookies.title', 'legal.cookies.sections.local.title'] },
  { path: '/s/Zz9Zz9Zz', keys: ['download.notFound.title'] },
];

for (const language of ['en', 'tr'] as const) {
  for (const { path, keys } of PAGES) {
    test(`${path} in ${language.toUpperCase()} shows its key texts, the header and the footer`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto(path);
      await waitForApp(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const key of keys) {
        await expect(page.getByText(text(language, key), { exact: true }).first(), key).toBeVisible();
      }
      const nav = page.getByRole('navigation', { name: text(language, 'nav.main') });
      for (const key of ['nav.home', 'nav.transfers', 'nav.howItWorks', 'nav.about']) {
        await expect(nav.getByRole('link', { name: text(language, key) })).toBeVisible();
      }
      const footer = page.getByRole('contentinfo');
      for (const key of ['footer.quickLinks', 'footer.legal', 'footer.privacy', 'footer.terms', 'footer.cookies']) {
        await expect(footer.getByText(text(language, key), { exact: true })).toBeVisible();
      }
      // No contact address or profile is shown until the operator sets one (admin-polish.spec.ts).
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(0);
    });
  }
}

test('the FAQ answers open, and no page claims what the product does not do', async ({ page }) => {
  await page.goto('/how-it-works');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Can I extend the expiry?' }).click();
  await expect(page.getByText('The 3-day period is fixed for every file.', { exact: false })).toBeVisible();
  for (const path of ['/', '/how-it-works', '/about', '/privacy', '/terms', '/cookies']) {
    await page.goto(path);
    await waitForApp(page);
    const body = (await page.locator('body').innerText()).toLowerCase();
    expect(body, path).not.toContain('never stored online');
    // Files sent from the app are end-to-end encrypted: no page may say they are not.
    expect(body, path).not.toMatch(/not end-to-end encrypted/);
  }
  await page.goto('/how-it-works');
  await waitForApp(page);
  await expect(page.getByText(/Files sent from the app are end-to-end encrypted in your browser/)).toBeVisible();
});

test('the header turns white and blurred after 20 px of scrolling', async ({ page }) => {
  await page.goto('/how-it-works');
  await waitForApp(page);
  const header = page.locator('header').first();
  await expect(header).not.toHaveAttribute('data-scrolled');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute('data-scrolled');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the mobile menu reaches every screen', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Transfers', 'Direct transfer', 'How it works', 'About']);
    await menu.getByRole('link', { name: 'How it works' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});

test('every share link offers a QR code of the link', async ({ page }) => {
  const dir = await makeTempDir();
  try {
    const file = await makeRandomFile(dir, 'qr.txt', 200);
    const [link] = await uploadFromHome(page, [file.path]);
    expect(link).toMatch(SHARE_LINK);
    // Home shows the transfer's one link first, with its QR code.
    await page.getByRole('button', { name: 'Show a QR code of the link to 1 file' }).click();
    const dialog = page.getByRole('dialog');
    const image = dialog.getByRole('img', {
      name: /^QR code of the share link to 1 file: http\S+\/s\/[A-Za-z0-9]{8}#[A-Za-z0-9_-]{43}$/,
    });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    await page.goto(link ?? '');
    await waitForApp(page);
    await page.getByRole('button', { name: 'QR code' }).click();
    await expect(page.getByRole('dialog').getByRole('img', { name: /^QR code of the share link/ })).toBeVisible();
  } finally {
    await removeDir(dir);
  }
});
