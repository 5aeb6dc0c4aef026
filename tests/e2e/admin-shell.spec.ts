import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ANON_HEADERS, API, APP_VERSION, E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from './fixtures/admin';

// The signed-in admin frame. The session is a real one, from POST /admin/login, put where the
// sign-in form would keep it.

async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  const res = await request.post(`${API}/admin/login`, {
    headers: ANON_HEADERS,
    data: { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const session = JSON.stringify(await res.json());
  await page.addInitScript((value) => {
    localStorage.setItem('ulak_admin_session', value);
    localStorage.setItem('admin_authenticated', 'true');
  }, session);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the admin top bar keeps the version badge and the panel's name readable", async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The panel's name stays readable too.
    const title = page.getByText('Ulak Admin', { exact: true });
    expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    const badge = page.getByText(`v${APP_VERSION}`, { exact: true });
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

  test('the language and colour switches are in the menu, and work from there', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await menu.getByText('TR', { exact: true }).click();
    await expect(page.getByText('Ulak Yönetim', { exact: true })).toBeVisible();
  });
});
