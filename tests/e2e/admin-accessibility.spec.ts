import { expect, test } from '@playwright/test';
import { ANON_HEADERS, API, APP_VERSION, signIn } from './fixtures/admin';
import { uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';
import { seriousViolations } from './fixtures/axe';
import { holdRequests } from './fixtures/hold-requests';

// Every admin screen on a 360 px phone and a desktop, light and dark, in English and Turkish:
// axe finds no serious or critical violation, nothing is wider than the screen, and the
// version badge is readable.
const SCREENS = [
  '/admin',
  '/admin/uploads',
  '/admin/downloads',
  '/admin/users',
  '/admin/pages',
  '/admin/analytics',
  '/admin/storage',
  '/admin/system',
  '/admin/settings',
  '/admin/reports',
];
const VIEWS = [
  { width: 360, colorScheme: 'light', language: 'en' },
  { width: 375, colorScheme: 'dark', language: 'tr' },
  { width: 1280, colorScheme: 'dark', language: 'en' },
] as const;

// Screens with something on them: a stored file, a download, a report.
test.beforeAll(async ({ browser, request }) => {
  const dir = await makeTempDir();
  const page = await browser.newPage();
  try {
    const file = await makeRandomFile(dir, 'accessible admin.pdf', 2048);
    const [link = ''] = await uploadFromHome(page, [file.path]);
    const shareId = new URL(link).pathname.split('/').pop() ?? '';
    await request.post(`${API}/shares/${shareId}/download`, { headers: ANON_HEADERS, data: {} });
    const report = await request.post(`${API}/shares/${shareId}/report`, {
      headers: ANON_HEADERS,
      data: { reason: 'copyright', text: 'Seen in an accessibility check' },
    });
    expect(report.status()).toBe(201);
  } finally {
    await page.close();
    await removeDir(dir);
  }
});

for (const { width, colorScheme, language } of VIEWS) {
  test(`admin screens: no serious axe violation at ${width} px, ${colorScheme}, ${language}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
    const page = await context.newPage();
    try {
      await signIn(page);
      // The language toggle's choice (docs/product.md §2), read on the next load.
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      for (const screen of SCREENS) {
        await page.goto(screen);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /Loading|Yükleniyor/ })).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        expect(await seriousViolations(page), `${screen} at ${width}px ${colorScheme} ${language}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen} is wider than ${width}px`).toBeLessThanOrEqual(0);
        const badge = page.getByText(`v${APP_VERSION}`, { exact: true });
        await expect(badge).toBeVisible();
        const box = await badge.boundingBox();
        expect(box?.width ?? 0, 'the version badge keeps its width').toBeGreaterThan(24);
      }
    } finally {
      await context.close();
    }
  });
}

test('the pages editor’s preview is a labelled region, while its text is still loading too', async ({ browser }) => {
  // No service worker: it could answer the chunk held below from its cache.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page);
  // The preview's text comes with the Markdown renderer's chunk: held until axe has looked.
  const release = await holdRequests(page, '**/assets/markdown-content-*.js');
  await page.goto('/admin/pages');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toBeVisible();
  try {
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    release();
    await context.close();
  }
});
