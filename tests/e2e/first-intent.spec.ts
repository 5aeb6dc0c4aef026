import { expect, test, type Page } from '@playwright/test';
import { START_ATTRIBUTE, START_ON_INTENT } from '../../src/config/boot-contract';
import { holdRequests } from './fixtures/hold-requests';
import { SHARE_LINK } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// Home starts its app on the visitor's first intent, not on every visit. What a visitor does
// before the app is live must still work the first time: Add files opens the browser's picker on
// the tap or key itself, and what is picked or dropped meanwhile is listed once the app has started.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

/**
 * Opens Home with the app's scripts held back until the returned function is called: what the
 * visitor does meanwhile happens on the page as the host rendered it, before the app is live.
 */
async function openHomeWithAppHeld(page: Page): Promise<() => void> {
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute(START_ATTRIBUTE, START_ON_INTENT);
  return release;
}

/** The app has not taken the page over (its scripts are held back). */
async function expectAppNotLive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute(START_ATTRIBUTE, START_ON_INTENT);
}

async function uploadAndExpectLink(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const results = page.getByRole('region', { name: /Your share links?/ });
  await expect(results).toBeVisible({ timeout: 90_000 });
  await expect(results.getByRole('link', { name: SHARE_LINK }).first()).toBeVisible();
}

test('a tap on Add files before the app is live opens the picker, and the files picked are listed and upload', async ({
  page,
}) => {
  const first = await makeRandomFile(dir, 'minutes.txt', 2048);
  const second = await makeRandomFile(dir, 'budget.xlsx', 4096);
  const release = await openHomeWithAppHeld(page);

  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Add files', { exact: true }).click();
  await (await chooser).setFiles([first.path, second.path]);
  await expectAppNotLive(page);

  release();
  await expect(page.getByText('2 files selected')).toBeVisible();
  await expect(page.getByText('minutes.txt', { exact: true })).toBeVisible();
  await expect(page.getByText('budget.xlsx', { exact: true })).toBeVisible();
  await uploadAndExpectLink(page);
});

test('Add files opens the picker from the keyboard before the app is live: Tab to it, then Enter or Space', async ({
  page,
}) => {
  const file = await makeRandomFile(dir, 'keyboard.txt', 1024);
  const release = await openHomeWithAppHeld(page);
  const addFiles = page.getByTestId('upload-files-input');

  // Tab through the page as a keyboard user does, until Add files has the focus.
  for (let i = 0; i < 40 && !(await addFiles.evaluate((input) => input === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(addFiles).toBeFocused();
  let chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([]);
  chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file.path);
  await expectAppNotLive(page);

  release();
  await expect(page.getByText('1 file selected')).toBeVisible();
  await expect(page.getByText('keyboard.txt', { exact: true })).toBeVisible();
  await uploadAndExpectLink(page);
});

test('files dropped on Home before the app is live are listed once it starts, not opened by the browser', async ({
  page,
}) => {
  const release = await openHomeWithAppHeld(page);
  const drop = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped before the app'], 'dropped.txt', { type: 'text/plain' }));
    return data;
  });
  await page.dispatchEvent('main', 'dragover', { dataTransfer: drop });
  await page.dispatchEvent('main', 'drop', { dataTransfer: drop });

  release();
  await expect(page.getByText('1 file selected')).toBeVisible();
  await expect(page.getByText('dropped.txt', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await uploadAndExpectLink(page);
});
