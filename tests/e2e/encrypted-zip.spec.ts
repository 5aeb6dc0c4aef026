import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  damageStored,
  expectZipOf,
  openControlled,
  sendFromHome,
  type SentEntry,
  strangerContext,
} from './fixtures/encrypted-transfer';
import { holdRequests } from './fixtures/hold-requests';
import { makeRandomFile, makeTempDir, removeDir, sha256OfFile } from './fixtures/test-files';
import { makeText } from './fixtures/transfer-upload';

// Download all of an end-to-end encrypted transfer, on the real host: a folder sent from Home
// (encrypted there), its zip made by a stranger's browser, each file decrypted as it goes in.

let dir: string;

test.beforeAll(async () => {
  dir = await makeTempDir();
});

test.afterAll(async () => {
  await removeDir(dir);
});

/**
 * A folder `top` of two files in folders: a film of 9 MiB (more than one record, and more than one
 * of the bucket's 8 MiB parts; named after `top`, so its stored object is found) and a short
 * note. Sent from Home; its full link, and what the zip must hold.
 */
async function sendTrip(page: Page, top: string) {
  const film = await makeRandomFile(dir, `${top}/video/film-${top}.bin`, 9 * 1024 * 1024 + 4_321);
  await mkdir(path.join(dir, top, 'notes'), { recursive: true });
  const note = await makeText(path.join(dir, top), 'notes/today.txt', 'Ferry at 9, then the old town.');
  const link = await sendFromHome(page, { folder: path.join(dir, top) }, 2);
  const sent: SentEntry[] = [
    { entry: `${top}/video/film-${top}.bin`, file: film },
    { entry: `${top}/notes/today.txt`, file: note },
  ];
  return { link, sent };
}

test('Download all of an encrypted transfer saves a zip of the files as sent, by folder', async ({ page, browser }) => {
  const { link, sent } = await sendTrip(page, 'trip');
  const context = await strangerContext(browser);
  try {
    const visitor = await context.newPage();
    await openControlled(visitor, link);
    const downloading = visitor.waitForEvent('download', { timeout: 90_000 });
    await visitor.getByRole('button', { name: 'Download all' }).click();
    const download = await downloading;
    const zip = path.join(dir, 'trip.zip');
    await download.saveAs(zip);
    await expect(visitor.getByText('The zip has been saved.')).toBeVisible({ timeout: 90_000 });
    expectZipOf(zip, sent);
  } finally {
    await context.close();
  }
});

test('a byte changed in one stored file ends Download all naming that file, and nothing is saved', async ({
  page,
  browser,
}) => {
  const { link } = await sendTrip(page, 'ruined-trip');
  await damageStored('film-ruined-trip.bin');
  const context = await strangerContext(browser);
  try {
    const visitor = await context.newPage();
    const downloads: Promise<string | null>[] = [];
    visitor.on('download', (download) => downloads.push(download.failure()));
    await openControlled(visitor, link);
    await visitor.getByRole('button', { name: 'Download all' }).click();
    await expect(
      visitor.getByText('ruined-trip/video/film-ruined-trip.bin is damaged, so the zip was not saved.'),
    ).toBeVisible({
      timeout: 90_000,
    });
    await expect(visitor.getByText('The zip has been saved.')).toHaveCount(0);
    // The browser's download of the zip, if it had begun, ended failed: no zip was left.
    for (const failure of await Promise.all(downloads)) expect(failure).not.toBeNull();
  } finally {
    await context.close();
  }
});

test('a tap on Download all and on a file’s Download before the app is there saves the decrypted zip and file', async ({
  page,
  browser,
}) => {
  const { link, sent } = await sendTrip(page, 'early-trip');
  const context = await strangerContext(browser);
  try {
    const visitor = await context.newPage();
    // None of the app's scripts ever arrive (a slow phone's first seconds, made endless).
    await visitor.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: '2 files' })).toBeVisible();
    const zipping = visitor.waitForEvent('download', { timeout: 90_000 });
    await visitor.getByRole('button', { name: 'Download all' }).click();
    const zip = path.join(dir, 'early-trip.zip');
    await (await zipping).saveAs(zip);
    expectZipOf(zip, sent);

    const note = sent[1]?.file;
    const saving = visitor.waitForEvent('download', { timeout: 90_000 });
    await visitor.getByRole('button', { name: 'Download today.txt' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('today.txt');
    const saved = path.join(dir, 'early-today.txt');
    await download.saveAs(saved);
    expect(await sha256OfFile(saved)).toBe(note?.sha256);
    // The app never started: boot.js and the service worker did it all.
    await expect(visitor.locator('html')).toHaveAttribute('data-start', 'intent');
  } finally {
    await context.close();
  }
});

test('on a first visit, a file’s Download saves it while the service worker still installs, and Download all once it is active', async ({
  page,
  browser,
}) => {
  const { link, sent } = await sendTrip(page, 'first-visit');
  const context = await strangerContext(browser);
  try {
    // The worker's install (the app's files, which it fetches itself) cannot end until released:
    // one file of it is held (held by Playwright's routing, every file would hold the worker's
    // other requests as well).
    const release = await holdRequests(context, /\/assets\/app-[\w-]+\.js$/, (request) => !!request.serviceWorker());
    const visitor = await context.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: '2 files' })).toBeVisible();
    const workerState = () =>
      visitor.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration ? { installing: !!registration.installing, active: !!registration.active } : null;
      });
    await expect.poll(workerState).toEqual({ installing: true, active: false });

    for (const { entry, file } of sent) {
      const name = path.basename(entry);
      const saving = visitor.waitForEvent('download', { timeout: 90_000 });
      await visitor.getByRole('button', { name: `Download ${name}` }).click();
      const download = await saving;
      expect(download.suggestedFilename()).toBe(name);
      expect(await sha256OfFile(await download.path())).toBe(file.sha256);
    }
    expect(await workerState()).toEqual({ installing: true, active: false });

    const zipping = visitor.waitForEvent('download', { timeout: 90_000 });
    await visitor.getByRole('button', { name: 'Download all' }).click();
    release();
    const zip = path.join(dir, 'first-visit.zip');
    await (await zipping).saveAs(zip);
    expectZipOf(zip, sent);
    await expect(visitor.locator('html')).toHaveAttribute('data-start', 'intent');
  } finally {
    await context.close();
  }
});
