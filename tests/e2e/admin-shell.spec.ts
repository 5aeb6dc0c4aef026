import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signSession } from '../../supabase/functions/_shared/admin-auth';
import { E2E_DATA_DIR } from './fixtures/outbox';

// The signed-in admin frame. The session is a real one: signed with this instance's session
// secret (its data folder's secrets.json), as POST /admin/login would sign it.

async function signIn(page: Page): Promise<void> {
  const secrets = JSON.parse(await readFile(path.join(E2E_DATA_DIR, 'secrets.json'), 'utf8')) as {
    sessionSecret: string;
  };
  const session = await signSession(secrets.sessionSecret, 'admin', new Date());
  await page.addInitScript((value) => {
    sessionStorage.setItem('ulak_admin_session', value);
    localStorage.setItem('admin_authenticated', 'true');
  }, JSON.stringify(session));
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the admin top bar keeps the 'v1.0' badge and the panel's name readable", async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The panel's name stays readable too.
    const title = page.getByText('Ulak Admin', { exact: true });
    expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    const badge = page.getByText('v1.0', { exact: true });
    await expect(badge).toBeVisible();
    // Its text fits in it: not squeezed to an empty dot or cut to an ellipsis.
    const fits = await badge.evaluate((label) => {
      const root = label.closest('.mantine-Badge-root') ?? label;
      return label.scrollWidth <= label.clientWidth && root.getBoundingClientRect().width >= 28;
    });
    expect(fits).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the language and colour switches are in the menu, and work from there', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await menu.getByText('TR', { exact: true }).click();
    await expect(page.getByText('Ulak Yönetim', { exact: true })).toBeVisible();
  });
});
