import { expect, test, type Page } from '@playwright/test';
import type { ShareLookup } from '../../supabase/functions/_shared/domain/api-types';
import { saveSettings } from './fixtures/admin';
import { waitForApp } from './fixtures/app-live';
import { text } from './fixtures/locales';
import { E2E_ANON_KEY } from './fixtures/pwa';
import { makeTempDir, removeDir } from './fixtures/test-files';
import { createTransfer, makeText, uploadIntoTransfer } from './fixtures/transfer-upload';

// What a first-time visitor meets on Home and on a download page opened from a link: times in
// their own zone, an Upload that says what it needs, the retention said once, an install offer
// that stays out of the way, and a dead end that says what to do next.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

/** A one-file transfer made through the API, as any sender's app makes one; returns its share. */
async function sharedFile(origin: string): Promise<ShareLookup & { shareId: string }> {
  const transfer = await createTransfer(origin, {});
  await uploadIntoTransfer(origin, transfer, await makeText(dir, 'notes.txt', 'hello'), '', 'text/plain');
  const answer = await fetch(`${origin}/functions/v1/api/shares/${transfer.shareId}`, {
    headers: { apikey: E2E_ANON_KEY, authorization: `Bearer ${E2E_ANON_KEY}` },
  });
  return (await answer.json()) as ShareLookup & { shareId: string };
}

/** 'November 30, 2026 at 2:04 PM' in Istanbul, as an English reader's browser writes it. */
function istanbulLong(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Istanbul',
    dateStyle: 'long',
    timeStyle: 'short',
  })
    .format(new Date(iso))
    .replace(/\s/g, ' ');
}

const uploadButton = (page: Page) => page.getByRole('button', { name: text('en', 'upload.card.upload'), exact: true });

test.describe('in Istanbul', () => {
  test.use({ timezoneId: 'Europe/Istanbul', locale: 'en-US' });

  test('a download page opened from a link shows its deletion time in the reader’s zone, before and after a tap', async ({
    page,
    baseURL,
  }) => {
    const share = await sharedFile(baseURL ?? '');
    expect(share.expiresAt).not.toBeNull();
    const local = istanbulLong(share.expiresAt ?? '');
    await page.goto(`/s/${share.shareId}`);
    // Still the host's page: the app waits for the reader's first intent.
    await expect(page.locator('html')).toHaveAttribute('data-start', 'intent');
    const main = page.getByRole('main');
    await expect(main).toContainText(local);
    await expect(main).not.toContainText('UTC');
    await waitForApp(page);
    await expect(main).toContainText(local);
    await expect(main).not.toContainText('UTC');
  });
});

test('Upload waits for files and says so; picking one enables it', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await expect(uploadButton(page)).toBeDisabled();
  await expect(page.getByText(text('en', 'upload.card.pickFirst'))).toBeVisible();
  await page.getByTestId('upload-files-input').setInputFiles(await makeText(dir, 'a.txt', 'a').then((f) => f.path));
  await expect(uploadButton(page)).toBeEnabled();
  await expect(page.getByText(text('en', 'upload.card.pickFirst'))).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Home says how long files are kept once, next to Upload', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('button', { name: text('en', 'send.byEmail'), exact: true }).click();
  await expect(page.getByRole('textbox', { name: text('en', 'send.recipients.label') })).toBeVisible();
  await expect(page.getByText(/\b3 days\b/)).toHaveCount(1);
  await expect(page.getByText(/\b3 days\b/)).toHaveText(text('en', 'upload.card.autoDeleteNote_other', { count: 3 }));
});

test('a download page says once when the file goes; near the end only the red warning says it', async ({
  page,
  baseURL,
  request,
}) => {
  const share = await sharedFile(baseURL ?? '');
  await page.goto(`/s/${share.shareId}`);
  const main = page.getByRole('main');
  await expect(main.getByText(text('en', 'expiry.days_other', { count: 3 }))).toBeVisible();
  await expect(main.getByText(/delete/i)).toHaveCount(1);
  // The one note such a page has says it was sent without the app's encryption (sharedFile uses the API).
  await expect(main.getByRole('note')).toHaveText([text('en', 'download.notEncrypted')]);

  await saveSettings(request, { autoDeleteDays: 1 });
  try {
    const soon = await sharedFile(baseURL ?? '');
    await page.goto(`/s/${soon.shareId}`);
    await expect(main.getByRole('alert')).toContainText(text('en', 'download.urgent.title'));
    await expect(main.getByRole('note')).toHaveText([text('en', 'download.notEncrypted')]);
    await expect(main.getByText(/delete/i)).toHaveCount(1);
  } finally {
    await saveSettings(request, {});
  }
});

test('addresses pasted together become one recipient each', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('button', { name: text('en', 'send.byEmail'), exact: true }).click();
  const input = page.getByRole('textbox', { name: text('en', 'send.recipients.label') });
  await input.fill('a@x.com, b@y.com');
  await input.press('Enter');
  const list = page.getByRole('list', { name: text('en', 'send.recipients.list') });
  await expect(list.getByRole('listitem')).toHaveText(['a@x.com', 'b@y.com']);
  // Pasted from a spreadsheet or a mail client: semicolons and new lines, added as pasted.
  await input.focus();
  await input.evaluate((element) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'c@z.com;d@w.com\ne@v.com');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(list.getByRole('listitem')).toHaveText(['a@x.com', 'b@y.com', 'c@z.com', 'd@w.com', 'e@v.com']);
  await expect(input).toHaveValue('');
  await expect(page.getByText('5/10')).toBeVisible();
});

test('a link that has gone tells the recipient to ask the sender for a new one', async ({ page }) => {
  await page.goto('/s/Zz9Zz9Zz');
  await expect(page.getByRole('heading', { name: text('en', 'download.notFound.title') })).toBeVisible();
  await expect(page.getByText(text('en', 'download.askSender'))).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  /** The install offer a browser makes (headless Chromium never makes one by itself). */
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });

  test('Install app covers none of Home’s fields, and once dismissed stays away', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await offerInstall(page);
    const install = page.getByRole('button', { name: text('en', 'pwa.install') });
    await expect(install).toBeVisible();
    await page.getByRole('button', { name: text('en', 'send.byEmail'), exact: true }).click();
    const card = page.getByRole('region', { name: text('en', 'upload.card.title') });
    const controls = card.locator('button:visible, input:visible:not([type=file]), textarea:visible');
    // Each field scrolled to where the offer stands on the screen: a floating offer covers it there.
    for (const control of await controls.all()) {
      const [before, offer] = await Promise.all([control.boundingBox(), install.boundingBox()]);
      if (before === null || offer === null) continue;
      await page.evaluate((dy) => window.scrollBy(0, dy), before.y - offer.y);
      const [a, b] = await Promise.all([control.boundingBox(), install.boundingBox()]);
      if (a === null || b === null) continue;
      const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(
        overlaps,
        `Install app covers ${await control.evaluate((element) => element.outerHTML.slice(0, 80))}`,
      ).toBe(false);
    }
    await page.getByRole('button', { name: text('en', 'pwa.dismiss') }).click();
    await expect(install).toHaveCount(0);
    await page.reload();
    await waitForApp(page);
    await offerInstall(page);
    await expect(page.getByRole('button', { name: text('en', 'upload.card.addFiles') })).toBeVisible();
    await expect(install).toHaveCount(0);
  });
});

test.describe('on an iPhone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('Safari, which has no install offer, is told how to add the app to the Home Screen', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const hint = page.getByText(text('en', 'pwa.iosHint'));
    await expect(hint).toBeVisible();
    await page.getByRole('button', { name: text('en', 'pwa.dismiss') }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('button', { name: text('en', 'upload.card.addFiles') })).toBeVisible();
    await expect(hint).toHaveCount(0);
  });
});
