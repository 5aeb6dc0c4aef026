import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { signIn } from './fixtures/admin';
import { SHARE_LINK, uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// The app imports Mantine's styles per component (src/mantine-styles.ts, the admin panel's own
// list) instead of the whole styles.css. A component whose stylesheet is missing from those lists
// renders unstyled: these tests look for Mantine classes on the screen that have rules in
// Mantine's styles.css but none in the stylesheets the page loaded.

const require = createRequire(import.meta.url);

async function mantineClasses(): Promise<Set<string>> {
  const css = [
    await readFile(require.resolve('@mantine/core/styles.css'), 'utf8'),
    await readFile(require.resolve('@mantine/charts/styles.css'), 'utf8'),
  ].join('\n');
  return new Set(css.match(/\.m_[0-9a-f]+/g)?.map((selector) => selector.slice(1)));
}

/** Mantine classes on the page's elements that none of its loaded stylesheets mentions. */
async function unstyledClasses(page: Page, styled: Set<string>): Promise<string[]> {
  const { used, loaded } = await page.evaluate(() => {
    const found = new Set<string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) if (/^m_[0-9a-f]+$/.test(name)) found.add(name);
    }
    const text: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) text.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    return { used: [...found], loaded: text.join(' ') };
  });
  return used.filter((name) => styled.has(name) && !new RegExp(`\\.${name}\\b`).test(loaded)).sort();
}

test('every public screen has the styles of the Mantine components it shows', async ({ page }) => {
  const styled = await mantineClasses();
  const dir = await makeTempDir();
  try {
    const file = await makeRandomFile(dir, 'styles.txt', 200);
    const [link] = await uploadFromHome(page, [file.path]);
    expect(link).toMatch(SHARE_LINK);
    expect(await unstyledClasses(page, styled)).toEqual([]);
    // Home leads with the transfer's one link and its QR code.
    await page.getByRole('button', { name: 'Show a QR code of the link to 1 file' }).click();
    await expect(page.getByRole('dialog').getByRole('img', { name: /^QR code of the share link/ })).toBeVisible();
    expect(await unstyledClasses(page, styled)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(link ?? '');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await unstyledClasses(page, styled)).toEqual([]);

    for (const path of ['/upload', '/how-it-works', '/about', '/privacy', '/p2p', '/s/Zz9Zz9Zz', '/no-such-page']) {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await unstyledClasses(page, styled), path).toEqual([]);
    }
  } finally {
    await removeDir(dir);
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the mobile menu has its styles', async ({ page }) => {
    const styled = await mantineClasses();
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(await unstyledClasses(page, styled)).toEqual([]);
  });
});

test('every admin screen has the styles of the Mantine components it shows', async ({ page }) => {
  const styled = await mantineClasses();
  await page.goto('/admin');
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await unstyledClasses(page, styled)).toEqual([]);
  await signIn(page);
  for (const path of [
    '/admin',
    '/admin/uploads',
    '/admin/downloads',
    '/admin/reports',
    '/admin/users',
    '/admin/analytics',
    '/admin/storage',
    '/admin/pages',
    '/admin/settings',
    '/admin/system',
  ]) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await unstyledClasses(page, styled), path).toEqual([]);
  }
});
