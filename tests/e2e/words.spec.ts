// The product's words as a visitor reads them (docs/glossary.md): the header and the footer name
// the same pages the same way, and a Turkish page writes a small size in Turkish.
import { expect, test, type Locator } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { text, type TestLanguage } from './fixtures/locales';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

/** The links of a navigation landmark, as [name, href] pairs. */
function links(where: Locator) {
  return where
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
}

for (const language of ['en', 'tr'] as const satisfies readonly TestLanguage[]) {
  test(`the footer lists the header's pages under the header's names (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await waitForApp(page);
    const headerNav = page.getByRole('navigation', { name: text(language, 'nav.main'), exact: true });
    const footerNav = page.getByRole('navigation', { name: text(language, 'footer.quickLinks') });
    await expect(headerNav.getByRole('link')).toHaveCount(5);
    const header = await links(headerNav);
    const footer = await links(footerNav);
    expect(footer).toEqual(header);
    expect(footer.map(([name]) => name)).toEqual(
      ['nav.home', 'nav.transfers', 'nav.directTransfer', 'nav.howItWorks', 'nav.about'].map((key) =>
        text(language, key),
      ),
    );
  });
}

test('a Turkish page writes a size under 1 KB in Turkish: 740 bayt', async ({ page }) => {
  const dir = await makeTempDir();
  try {
    const file = await makeRandomFile(dir, 'not.txt', 740);
    await page.addInitScript(() => localStorage.setItem('language', 'tr'));
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('upload-files-input').setInputFiles(file.path);
    await expect(page.getByText('740 bayt')).toBeVisible();
    await expect(page.getByText(/\bBytes\b/)).toHaveCount(0);
  } finally {
    await removeDir(dir);
  }
});
